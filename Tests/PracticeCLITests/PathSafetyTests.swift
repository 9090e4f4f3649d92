import Foundation
import PracticeTestSupport
import XCTest

@testable import PracticeCLI

/// Course ids and learner names become paths: none leads outside the learner's own folder.
final class PathSafetyTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  func run(_ arguments: [String], in directory: URL? = nil, extra: [String: String] = [:]) throws
    -> PracticeBinary.Result
  {
    try PracticeBinary.run(
      arguments + ["--data-dir", folder.path + "/data"],
      environment: PracticeBinary.environment(dataDirectory: folder.path, extra: extra),
      currentDirectory: directory ?? Repository.root)
  }

  func course(id: String?) -> String {
    let idMember = id.map { "\"id\": \"\($0)\", " } ?? ""
    return """
      {"format": "practice-course", "version": 1, \(idMember)"title": "T", "nodes": [
        {"id": "a", "title": "A", "questions": [
          {"id": "q", "type": "single", "prompt": "P", "options": ["x", "y"], "answer": 0, "explanation": "E"}]}]}
      """
  }

  /// What the data folder holds at its top two levels.
  func dataEntries() -> [String] {
    let root = folder.path + "/data"
    let users = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return users.flatMap { user in
      ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + user)) ?? []).map { "\(user)/\($0)" }
    }.sorted()
  }

  func testCourseIDsThatAreNotFolderNamesAreRefused() throws {
    for id in ["..", ".", ".hidden", ""] {
      let file = try folder.write("c.json", course(id: id))
      let result = try run(["--course", file, "-c", "start 1; 1"])
      XCTAssertEqual(result.status, 1, id)
      XCTAssertTrue(result.stderr.contains("course \"id\" must be"), result.stderr)
    }
    XCTAssertEqual(dataEntries(), [])
  }

  func testIDsFromFileAndFolderNamesAreTheRealNames() throws {
    let sub = folder.url.appendingPathComponent("fc/sub")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    try Data(course(id: nil).utf8).write(to: folder.url.appendingPathComponent("fc/course.json"))
    try Data(course(id: nil).utf8).write(to: sub.appendingPathComponent("course.json"))
    XCTAssertEqual(try run(["--course", sub.path + "/..", "-c", "ls"]).status, 0)
    XCTAssertEqual(try run(["--course", ".", "-c", "ls"], in: sub).status, 0)
    XCTAssertEqual(dataEntries(), ["learner/fc", "learner/sub"])
    let dots = try folder.write("...json", course(id: nil))
    let result = try run(["--course", dots, "-c", "ls"])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("cannot name a progress folder"), result.stderr)
  }

  func testEmptyNodeIDsAreRefused() throws {
    let file = try folder.write(
      "c.json", course(id: "c").replacingOccurrences(of: "\"id\": \"a\"", with: "\"id\": \"\""))
    let result = try run(["validate", file])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stdout.contains("node \"id\" is empty"), result.stdout)
  }

  func testLearnerNamesAreEncodedAndNormalised() throws {
    let file = try folder.write("c.json", course(id: "c"))
    for user in ["a/b", "a_b", "..", ".bob", "jose\u{301}", "jos\u{E9}"] {
      XCTAssertEqual(try run(["--course", file, "--user", user, "-c", "ls"]).status, 0, user)
    }
    XCTAssertEqual(dataEntries(), ["%2E./c", "%2Ebob/c", "a%2Fb/c", "a_b/c", "jos\u{E9}/c"])
    let report = try run(["--course", file, "report", "--class", "--format", "json"])
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    let names = try XCTUnwrap(json["users"] as? [[String: Any]]).compactMap { $0["name"] as? String }
    XCTAssertEqual(Set(names), ["a/b", "a_b", "..", ".bob", "jos\u{E9}"])
  }

  func testLookAlikeNamesAreShownByCodeInTheClassReport() throws {
    let file = try folder.write("c.json", course(id: "c"))
    XCTAssertEqual(try run(["--course", file, "--user", "\u{430}lice", "-c", "ls"]).status, 0)
    XCTAssertEqual(try run(["--course", file, "--user", "bob\u{200D}", "-c", "ls"]).status, 0)
    let report = try run(["--course", file, "report", "--class"]).stdout
    XCTAssertTrue(report.contains("<U+0430>lice"), report)
    XCTAssertTrue(report.contains("bob<U+200D>"), report)
  }

  func testEmptyDataDirAndUserAreUsageErrors() throws {
    let result = try PracticeBinary.run(
      ["--data-dir", "", "-c", "ls"], environment: PracticeBinary.environment(dataDirectory: folder.path))
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.contains("--data-dir needs a folder"), result.stderr)
    XCTAssertEqual(try run(["--user", "", "-c", "ls"]).status, 2)
  }

  func testEmptyHomeAndXDGCountAsUnset() throws {
    let invocation = try Invocation.parse([])
    func app(_ environment: [String: String]) -> PracticeApp {
      PracticeApp(arguments: [], environment: environment, output: StringOutput(), errors: StringOutput())
    }
    let passwordHome = try XCTUnwrap(HomeFolder.path(environment: [:]))
    XCTAssertFalse(passwordHome.isEmpty)
    XCTAssertEqual(
      try app(["HOME": "", "XDG_DATA_HOME": ""]).dataDirectory(invocation), passwordHome + "/.local/share/practice")
    XCTAssertEqual(try app([:]).dataDirectory(invocation), passwordHome + "/.local/share/practice")
    XCTAssertEqual(
      try app(["HOME": "/h", "XDG_DATA_HOME": "rel"]).dataDirectory(invocation), "/h/.local/share/practice")
    XCTAssertEqual(try app(["HOME": "/h", "XDG_DATA_HOME": "/x"]).dataDirectory(invocation), "/x/practice")
    XCTAssertEqual(
      app(["HOME": "", "XDG_STATE_HOME": ""]).historyPath(user: "u"), passwordHome + "/.local/state/practice/u/history")
    XCTAssertEqual(app(["HOME": "", "USER": ""]).user(invocation), "default")
  }
}
