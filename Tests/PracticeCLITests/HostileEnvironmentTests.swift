import Foundation
import XCTest

/// A broken process environment: closed standard descriptors, a full disk under stdout, a reader
/// that goes away. Nothing is written where it does not belong, and failures are not status 0.
final class HostileEnvironmentTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  /// Runs `script` under bash with `$P` the binary and `$D` a data folder; returns stdout, stderr.
  func bash(_ script: String) throws -> (stdout: String, stderr: String) {
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/bash")
    shell.arguments = ["-c", script]
    shell.environment = PracticeBinary.environment(
      dataDirectory: folder.path, extra: ["P": PracticeBinary.url.path, "D": folder.path + "/p"])
    shell.currentDirectoryURL = Repository.root
    let out = Pipe()
    let err = Pipe()
    shell.standardOutput = out
    shell.standardError = err
    try shell.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    shell.waitUntilExit()
    return (text, errors)
  }

  /// Every file under the data folder, concatenated.
  func progressFiles() throws -> String {
    let root = folder.path + "/p"
    var text = ""
    for case let path as String in FileManager.default.enumerator(atPath: root)! {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
        text += (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)) ?? ""
      }
    }
    return text
  }

  func testClosedStandardDescriptorsNeverBecomeProgressFiles() throws {
    let result = try bash(
      #"$P --course Data/courses/sampler --data-dir "$D" --seed 1 -c 'ls; bogus; start 1.1.1; 1' >&- 2>&-; echo "status=$?""#
    )
    XCTAssertEqual(result.stdout, "status=1\n")
    let files = try progressFiles()
    XCTAssertFalse(files.contains("unknown command"), files)
    XCTAssertFalse(files.contains("Science"), files)  // what `ls` printed
    // And stdin closed: the lock's PID is never read as a command.
    let closedInput = try bash(#"$P --course Data/courses/sampler --data-dir "$D" <&-; echo "status=$?""#)
    XCTAssertEqual(closedInput.stdout, "status=0\n")
    XCTAssertEqual(closedInput.stderr, "")
  }

  func testAFullDiskUnderStdoutIsAnError() throws {
    let report = try bash(#"$P --course Data/courses/sampler --data-dir "$D" report > /dev/full; echo "status=$?""#)
    XCTAssertEqual(report.stdout, "status=1\n")
    XCTAssertEqual(report.stderr, "practice: cannot write to standard output: No space left on device\n")
    let shell = try bash(
      #"$P --course Data/courses/sampler --data-dir "$D" -c 'expand all; ls' > /dev/full; echo "status=$?""#)
    XCTAssertEqual(shell.stdout, "status=1\n")
  }

  func testAReaderThatGoesAwayStopsTheRunQuietlyKeepingTheAnswers() throws {
    // More output than a pipe holds, so the closed pipe is always noticed.
    let filler = Array(repeating: "ls", count: 2_000).joined(separator: "; ")
    let result = try bash(
      #"$P --course Data/courses/sampler --data-dir "$D" --seed 1 -c 'expand all; \#(filler); start 1.1.1; 1; 1; 1; 1' | head -1; "#
        + #"echo "status=${PIPESTATUS[0]}""#)
    XCTAssertEqual(result.stdout, "▾ 1          Science\nstatus=141\n")
    XCTAssertEqual(result.stderr, "")
    // Answers given before the reader went are kept.
    let answered = try bash(
      #"$P --course Data/courses/sampler --data-dir "$D" --seed 1 -c 'start 1.1.1; 1; 1; \#(filler)' | head -1; "#
        + #"$P --course Data/courses/sampler --data-dir "$D" -c 'info 1.1.1'"#)
    XCTAssertTrue(answered.stdout.contains("answers:"), answered.stdout)
    XCTAssertFalse(answered.stdout.contains("answers:        0"), answered.stdout)
  }
}
