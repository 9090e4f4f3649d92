import Foundation
import PracticeCLI
import Terminal

// The edges only: streams, terminal detection, signals. Everything else is PracticeApp.
TerminalSupport.ignoreSIGPIPE()
TerminalSupport.restoreTerminalOnSignals()
let output = StandardOutput(onBrokenPipe: { exit(0) })
let app = PracticeApp(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
  output: output, errors: StandardError(),
  stdinIsTerminal: TerminalSupport.isTerminal(0), stdoutIsTerminal: TerminalSupport.isTerminal(1),
  makeTerminalReader: { completer, historyFile in
    LibeditLineReader(programName: "practice", historyFile: historyFile, completer: completer)
  },
  searchRoots: [Bundle.main.executablePath ?? "", FileManager.default.currentDirectoryPath])
let status = app.run()
output.flush()
exit(status)
