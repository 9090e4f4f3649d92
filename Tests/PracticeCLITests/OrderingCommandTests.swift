import Foundation
import PracticeTestSupport
import XCTest

/// Ordering questions through export: Moodle XML keeps them, GIFT leaves them out with a warning
/// and does not count them as exported (and refuses a course of nothing else).
final class OrderingCommandTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  func run(_ arguments: [String]) throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      arguments + ["--data-dir", folder.path + "/progress"], stdin: "",
      environment: PracticeBinary.environment(dataDirectory: folder.path))
  }

  static let course = "Tests/PracticeCLITests/Fixtures/ordering-session.json"

  func testGIFTLeavesOrderingQuestionsOutAndDoesNotCountThem() throws {
    // With a question GIFT writes, the ordering ones are left out with a warning and not counted.
    var text = try String(contentsOfFile: Repository.path(Self.course), encoding: .utf8)
    let first = try XCTUnwrap(text.range(of: #""questions": ["#))
    text.replaceSubrange(
      first,
      with:
        #""questions": [{"id": "tf", "type": "truefalse", "prompt": "Ice floats.", "answer": true, "explanation": ""}, "#
    )
    let mixed = try folder.write("mixed.json", text)
    let gift = try run(["export", "--format", "gift", mixed, "--output", folder.path + "/o.gift", "--lang", "en"])
    XCTAssertEqual(gift.status, 0, gift.stderr)
    XCTAssertTrue(
      gift.stderr.contains(
        "Warning: 2 questions are ordering questions, which GIFT cannot write: stages, water; they are left out (export --format moodle-xml keeps them)"
      ), gift.stderr)
    XCTAssertTrue(gift.stderr.contains("Exported 1 question to"), gift.stderr)
    // Only ordering questions: nothing to export is an error, not an empty file.
    let none = try run(["export", "--format", "gift", Self.course, "--output", folder.path + "/n.gift", "--lang", "en"])
    XCTAssertEqual(none.status, 1, none.stderr)
    XCTAssertTrue(none.stderr.contains("none of its 2 questions can be written in GIFT"), none.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/n.gift"))
    let xml = try run(["export", "--format", "moodle-xml", Self.course, "--output", folder.path + "/o.xml"])
    XCTAssertEqual(xml.status, 0, xml.stderr)
    XCTAssertTrue(xml.stderr.contains("Exported 2 questions to"), xml.stderr)
  }
}
