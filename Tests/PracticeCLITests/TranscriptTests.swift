import Foundation
import PracticeTestSupport
import XCTest

/// Golden transcripts: each `Transcripts/NAME.script` (first line `# args: …`, the rest stdin) is run
/// through the built binary with a private data folder, and its whole output compared to `Snapshots/NAME.txt`.
final class TranscriptTests: XCTestCase {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")

  func testEveryTranscript() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".script") }
      .sorted()
    XCTAssertGreaterThanOrEqual(names.count, 4)
    for name in names {
      let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
      var lines = text.components(separatedBy: "\n")
      let header = lines.removeFirst()
      XCTAssertTrue(header.hasPrefix("# args:"), "\(name) must start with '# args:'")
      let arguments = header.dropFirst("# args:".count).split(separator: " ").map(String.init)
      let folder = TemporaryFolder()
      let result = try PracticeBinary.run(
        arguments + ["--data-dir", folder.path + "/progress", "--user", "learner"],
        stdin: lines.joined(separator: "\n"), environment: PracticeBinary.environment(dataDirectory: folder.path),
        mergingErrors: true)
      let stem = String(name.dropLast(".script".count))
      assertSnapshot("$ practice \(arguments.joined(separator: " "))\n" + result.transcript, named: stem)
    }
  }
}
