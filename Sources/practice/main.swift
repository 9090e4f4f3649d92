import Foundation
import PracticeCLI

// Placeholder wiring until the Terminal target lands: plain reader only.
final class Stdout: TextOutput {
  func write(_ text: String) { FileHandle.standardOutput.write(text.data(using: .utf8)!) }
}
final class Stderr: TextOutput {
  func write(_ text: String) { FileHandle.standardError.write(text.data(using: .utf8)!) }
}
let app = PracticeApp(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
  output: Stdout(), errors: Stderr(), searchRoots: [Bundle.main.executablePath ?? "", FileManager.default.currentDirectoryPath])
exit(app.run())
