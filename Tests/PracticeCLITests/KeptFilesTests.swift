import Foundation
import PracticeTestSupport
import XCTest

/// What is kept and what is said about it: damaged files set aside rather than overwritten,
/// records from a newer version left in place, and messages that name the right file.
final class KeptFilesTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  func run(_ arguments: [String], language: String = "en") throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      ["--course", Repository.path("Data/courses/sampler"), "--lang", language] + arguments + [
        "--data-dir", folder.path + "/data",
      ],
      environment: PracticeBinary.environment(dataDirectory: folder.path), currentDirectory: folder.url)
  }

  var progress: String { folder.path + "/data/learner/sampler" }

  func testADamagedViewStateIsKeptAndWarnedAbout() throws {
    XCTAssertEqual(try run(["-c", "1"]).status, 0)
    let damaged = "{\"expanded\": [\n"
    try damaged.write(toFile: progress + "/view-state.json", atomically: false, encoding: .utf8)
    let result = try run(["-c", "ls; 1; quit"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let warnings = result.stderr.split(separator: "\n")
    XCTAssertEqual(warnings.count, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains(progress + "/view-state.json:2:1: "), result.stderr)
    XCTAssertTrue(result.stderr.contains("the damaged file was kept as"), result.stderr)
    let copies = try FileManager.default.contentsOfDirectory(atPath: progress).filter {
      $0.hasPrefix("view-state.json.corrupt-")
    }
    XCTAssertEqual(copies.count, 1)
    XCTAssertEqual(try String(contentsOfFile: progress + "/" + copies[0], encoding: .utf8), damaged)
    XCTAssertTrue(result.stderr.contains(progress + "/" + copies[0]), result.stderr)
    // The run's own layout was saved in its place, and the next run reads it quietly.
    let next = try run(["-c", "ls"])
    XCTAssertEqual(next.stderr, "")
    XCTAssertTrue(next.stdout.contains("▾ 1 "), next.stdout)
  }

  func testAViewStateThatCannotBeSavedIsAWarning() throws {
    XCTAssertEqual(try run(["-c", "ls"]).status, 0)
    // A folder where the file should be: it can be neither read nor replaced.
    try FileManager.default.createDirectory(atPath: progress + "/view-state.json", withIntermediateDirectories: false)
    let result = try run(["-c", "1"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.stderr.split(separator: "\n")
    XCTAssertEqual(lines.count, 2, result.stderr)
    XCTAssertTrue(lines[0].contains("The outline opens collapsed"), result.stderr)
    XCTAssertTrue(lines[1].contains("was not saved"), result.stderr)
    XCTAssertTrue(lines.allSatisfy { $0.contains(progress + "/view-state.json") }, result.stderr)
    let chinese = try run(["-c", "1"], language: "zh")
    XCTAssertFalse(chinese.stderr.contains("Warning"), chinese.stderr)
    XCTAssertEqual(chinese.stderr.split(separator: "\n").count, 2, chinese.stderr)
  }

  func testAJournalRecordFromANewerVersionIsKeptWithOneWarning() throws {
    XCTAssertEqual(try run(["-c", "1.1"]).status, 0)
    let journal = progress + "/journal.jsonl"
    let newer = #"{"writer":"future","seq":1,"type":"teleport","time":1717752615000,"node":"n1"}"# + "\n"
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: journal))
    handle.seekToEndOfFile()
    handle.write(Data(newer.utf8))
    handle.closeFile()
    let result = try run(["-c", "1.1; info 1.1"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains("newer version"), result.stderr)
    XCTAssertFalse(result.stderr.contains("damaged"), result.stderr)
    XCTAssertTrue(try String(contentsOfFile: journal, encoding: .utf8).contains(newer))
    let report = try run(["report"])
    XCTAssertEqual(report.status, 0, report.stderr)
    XCTAssertTrue(report.stderr.contains("newer version"), report.stderr)
    XCTAssertFalse(report.stderr.contains("damaged"), report.stderr)
    let classReport = try run(["report", "--class"])
    XCTAssertTrue(classReport.stdout.contains("from a newer version"), classReport.stdout)
    XCTAssertFalse(classReport.stdout.contains("damaged"), classReport.stdout)
  }

  func testReportOutputDashInTheShellIsStandardOutput() throws {
    let result = try run(["-c", "report --output -; report --output=/dev/stdout --format json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("Progress of learner"), result.stdout)
    XCTAssertTrue(result.stdout.contains("\"format\""), result.stdout)
    XCTAssertFalse(result.stdout.contains("Report written"), result.stdout)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/-"))
  }

  func testOutputErrorsNameTheTargetNotTheTemporaryFile() throws {
    let target = folder.path + "/no-such-folder/report.txt"
    for arguments in [["report", "--output", target], ["-c", "report --output \(target)"]] {
      let result = try run(arguments)
      XCTAssertEqual(result.status, 1, result.stderr)
      XCTAssertTrue(result.stderr.contains(target + ":"), result.stderr)
      XCTAssertFalse(result.stderr.contains(".tmp-"), result.stderr)
    }
  }
}
