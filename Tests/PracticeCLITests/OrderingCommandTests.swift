import Foundation
import PracticeTestSupport
import XCTest

/// Ordering questions through export: Moodle XML keeps them, GIFT leaves them out with a warning
/// and does not count them as exported.
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
    let gift = try run(["export", "--format", "gift", Self.course, "--output", folder.path + "/o.gift"])
    XCTAssertEqual(gift.status, 0, gift.stderr)
    XCTAssertTrue(
      gift.stderr.contains(
        "Warning: 2 questions are ordering questions, which GIFT cannot write: stages, water; they are left out (export --format moodle-xml keeps them)"
      ), gift.stderr)
    XCTAssertTrue(gift.stderr.contains("Exported 0 questions to"), gift.stderr)
    let xml = try run(["export", "--format", "moodle-xml", Self.course, "--output", folder.path + "/o.xml"])
    XCTAssertEqual(xml.status, 0, xml.stderr)
    XCTAssertTrue(xml.stderr.contains("Exported 2 questions to"), xml.stderr)
  }
}
