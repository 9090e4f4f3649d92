import CourseImport
import XCTest

/// Moodle weighs a Cloze question's blanks by their marks (`{2:SA:…}` counts twice `{1:SA:…}`);
/// practice asks each blank as a question of its own and counts each once, and says so where the
/// marks differ.
final class ClozeMarksTests: XCTestCase {
  func warnings(_ gift: String) -> [String] {
    GiftParser.parse(gift, file: "c.gift").problems.filter { !$0.isError }.map(\.description)
  }

  func testBlanksOfDifferentMarksAreNamedInAWarning() {
    XCTAssertEqual(
      warnings("Water {2:SA:=freezes} at 0 and {:SA:=boils} at 100 {1:NM:=100}.").filter { $0.contains("marks") },
      [
        "c.gift:1:7: warning: Cloze blanks worth different marks (2, 1, 1): practice counts each blank as one question (Moodle weighs them by their marks)"
      ])
    XCTAssertEqual(warnings("Water {1:SA:=freezes} at 0 and {:SA:=boils}.").filter { $0.contains("marks") }, [])
  }
}
