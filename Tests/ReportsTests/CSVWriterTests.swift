import XCTest

@testable import Reports

/// OWASP's CSV injection rule: a cell a spreadsheet would run as a formula gets a leading `'`.
final class CSVWriterTests: XCTestCase {
  /// A `"` followed by a combining mark is one Character with the mark; it must still be doubled,
  /// or the field ends there and the row's columns shift.
  func testAQuoteFollowedByACombiningMarkIsDoubled() {
    XCTAssertEqual(CSVWriter.field("a\"\u{301}b"), "\"a\"\"\u{301}b\"")
    XCTAssertEqual(CSVWriter.field("\"\u{20DD},x"), "\"\"\"\u{20DD},x\"")
  }

  func testFormulaCellsAreNeutralised() {
    XCTAssertEqual(CSVWriter.field("=1+1"), "'=1+1")
    XCTAssertEqual(CSVWriter.field("+SUM(A1)"), "'+SUM(A1)")
    XCTAssertEqual(CSVWriter.field("-cmd|x"), "'-cmd|x")
    XCTAssertEqual(CSVWriter.field("@evil"), "'@evil")
    XCTAssertEqual(CSVWriter.field("\t=x"), "'\t=x")
    XCTAssertEqual(CSVWriter.field("\r=x"), "'\\u{D}=x")
    XCTAssertEqual(CSVWriter.field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"")
  }

  func testNumbersAndPlainTextStayAsTheyAre() {
    for cell in ["-3", "+0.5", "12", "-1e3", "Units", "熔化", "a=b", ""] {
      XCTAssertEqual(CSVWriter.field(cell), cell)
    }
  }

  func testControlCharactersInCellsAreShownVisibly() {
    XCTAssertEqual(CSVWriter.field("a\u{1B}[2Jb"), "a\\u{1B}[2Jb")
  }
}
