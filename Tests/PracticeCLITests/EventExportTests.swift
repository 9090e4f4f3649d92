import Foundation
import PracticeTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// `practice export --events` end to end: it exports what `report --class` reads, and only that.
final class EventExportTests: XCTestCase {
  var folder: TemporaryFolder!
  var progress: String { folder.path + "/progress" }

  override func setUpWithError() throws {
    folder = TemporaryFolder()
    for (user, script) in [
      ("ann", "start 1.1.1\nB\nquit\n"), ("bob", "start 1.1.1\nA\nquit\n"), ("cat", "info 1.1\nstart 1.1.1\nB\nquit\n"),
      ("dan", "start 1.1.1\nB\nquit\n"),
    ] {
      let result = try run(["--user", user, "--seed", "3"], stdin: script)
      XCTAssertEqual(result.status, 0, result.stderr)
    }
  }

  func run(_ arguments: [String], stdin: String = "") throws -> PracticeBinary.Result {
    // The export reads no clock: it does not take --now (a usage error).
    let clock = arguments.first == "export" ? [] : ["--now", "2026-12-01T08:00:00Z"]
    return try PracticeBinary.run(
      ["--course", "Data/courses/sampler", "--data-dir", progress] + clock + arguments,
      stdin: stdin,
      environment: PracticeBinary.environment(dataDirectory: folder.path, extra: ["PRACTICE_LOCK_TIMEOUT": "0.3"]))
  }

  func lines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  func testATornTailAndALockedLearnerExportWhatTheClassReportReads() throws {
    // cat's last record half-written; dan's folder locked by a running writer.
    let catJournal = progress + "/cat/sampler/journal.jsonl"
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: catJournal))
    handle.seekToEndOfFile()
    handle.write(Data(#"{"writer":"x","seq":1,"type":"answer","time":1,"session":"torn"#.utf8))
    try handle.close()
    let lockFD = open(progress + "/dan/sampler/lock", O_RDWR)
    XCTAssertGreaterThanOrEqual(lockFD, 0)
    XCTAssertEqual(flock(lockFD, LOCK_EX), 0)
    defer { close(lockFD) }

    let export = try run(["export", "--events"])
    XCTAssertEqual(export.status, 1, "a learner left out must show in the status")
    XCTAssertTrue(export.stderr.contains("dan left out"), export.stderr)
    XCTAssertTrue(export.stderr.contains("half-written"), export.stderr)
    let events = try lines(export.stdout)
    XCTAssertFalse(export.stdout.contains("torn"))

    let report = try run(["report", "--class", "--format", "json"])
    XCTAssertEqual(report.status, 0, report.stderr)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    let users = try XCTUnwrap(json["users"] as? [[String: Any]])
    var readable: [String: [String: Any]] = [:]
    for user in users { if let total = user["total"] as? [String: Any] { readable[user["name"] as! String] = total } }
    XCTAssertEqual(Set(readable.keys), ["ann", "bob", "cat"], "the report too leaves the locked learner out")
    XCTAssertEqual(Set(events.compactMap { $0["user"] as? String }), Set(readable.keys))
    for (user, total) in readable {
      let mine = events.filter { $0["user"] as? String == user }
      XCTAssertEqual(mine.filter { $0["type"] as? String == "answer" }.count, total["answers"] as? Int, user)
      XCTAssertEqual(
        Set(mine.compactMap { $0["type"] as? String == "start" ? $0["session"] as? String : nil }).count,
        total["sessions"] as? Int, user)
      XCTAssertEqual(mine.filter { $0["type"] as? String == "open" }.count, total["browseCount"] as? Int, user)
      XCTAssertEqual(mine.map { $0["line"] as? Int ?? 0 }, Array(1...mine.count), user)
    }
    XCTAssertEqual(events.filter { $0["type"] as? String == "learner" }.count, 3, "one learner line each")
    for event in events where event["type"] as? String != "learner" {
      XCTAssertEqual(event["course"] as? String, "sampler")
      let time = try XCTUnwrap(event["time"] as? String)
      XCTAssertNotNil(time.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression), time)
    }
    // Read-only: the torn tail is still there for the learner's own program to cut.
    XCTAssertTrue(try String(contentsOfFile: catJournal, encoding: .utf8).hasSuffix(#""session":"torn"#))
  }

  func testTheExportNamesLearnersAsTheClassReportDoesNotByTheirEncodedFolders() throws {
    // A name a folder cannot hold as it is: its folder is `%2Eeve%2F2b`, its name `.eve/2b`.
    XCTAssertEqual(try run(["--user", ".eve/2b", "--seed", "3"], stdin: "start 1.1.1\nB\nquit\n").status, 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: progress + "/%2Eeve%2F2b/sampler/journal.jsonl"))
    let report = try run(["report", "--class", "--format", "json"])
    XCTAssertEqual(report.status, 0, report.stderr)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    let names = try XCTUnwrap(json["users"] as? [[String: Any]]).compactMap { $0["name"] as? String }
    XCTAssertEqual(Set(names), ["ann", "bob", "cat", "dan", ".eve/2b"])
    let export = try run(["export", "--events"])
    XCTAssertEqual(export.status, 0, export.stderr)
    XCTAssertEqual(Set(try lines(export.stdout).compactMap { $0["user"] as? String }), Set(names))
    // One file per learner keeps the folder's name (a name may hold `/`), with the learner's name inside.
    let split = folder.path + "/split"
    XCTAssertEqual(try run(["export", "--events", "--split", "--output", split]).status, 0)
    let eve = try lines(try String(contentsOfFile: split + "/sampler/%2Eeve%2F2b.jsonl", encoding: .utf8))
    XCTAssertFalse(eve.isEmpty)
    XCTAssertEqual(Set(eve.compactMap { $0["user"] as? String }), [".eve/2b"])
  }

  func testOutputFileAndSplitFilesHoldTheSameLinesAsTheStream() throws {
    let stream = try run(["export", "--events", "--course", "sampler"])
    XCTAssertEqual(stream.status, 0, stream.stderr)
    let file = folder.path + "/events.jsonl"
    let written = try run(["export", "--events", "--output", file])
    XCTAssertEqual(written.status, 0, written.stderr)
    XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), stream.stdout)
    let split = folder.path + "/split"
    XCTAssertEqual(try run(["export", "--events", "--split", "--output", split]).status, 0)
    var joined = ""
    for user in ["ann", "bob", "cat", "dan"] {
      joined += try String(contentsOfFile: "\(split)/sampler/\(user).jsonl", encoding: .utf8)
    }
    XCTAssertEqual(joined, stream.stdout)
    let unknown = try run(["export", "--events", "--course", "nothing-here"])
    XCTAssertEqual(unknown.status, 0)
    XCTAssertEqual(unknown.stdout, "")
    XCTAssertEqual(try run(["export", "--events", "--split"]).status, 2)
  }
}
