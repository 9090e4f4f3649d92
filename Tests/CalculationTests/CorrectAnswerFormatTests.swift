import Calculation
import XCTest

/// Correct answers written as Moodle writes them: its tests' cases, then every row of a table made by
/// running Moodle's `format_float` under PHP (decimals and significant figures, negative, zero,
/// plain and scientific, rounding up to a new power of ten).
final class CorrectAnswerFormatTests: XCTestCase {
  func testMoodlesOwnCases() {
    // question/type/calculated/tests/variablesubstituter_test.php, test_format_float_dot.
    XCTAssertEqual(CorrectAnswerFormat(.decimals, 0).string(for: 0.12345), "0")
    XCTAssertEqual(CorrectAnswerFormat(.decimals, 2).string(for: 0.12345), "0.12")
    XCTAssertEqual(CorrectAnswerFormat(.decimals, 4).string(for: 0.12345), "0.1235")
    XCTAssertEqual(CorrectAnswerFormat(.significantFigures, 2).string(for: 0.12345), "0.12")
    XCTAssertEqual(CorrectAnswerFormat(.decimals, 4).string(for: 0.0012345), "0.0012")
  }

  func testSignificantFiguresKeepTheirZerosAndSwitchToExponents() {
    let three = CorrectAnswerFormat(.significantFigures, 3)
    XCTAssertEqual(three.string(for: 1), "1.00")
    XCTAssertEqual(three.string(for: 9.9999), "10.0")
    XCTAssertEqual(three.string(for: 1234.5), "1230")
    XCTAssertEqual(three.string(for: 99999), "1.00e5")
    XCTAssertEqual(three.string(for: 0.000123456), "1.23e-4")
    XCTAssertEqual(three.string(for: -2.7), "-2.70")
    XCTAssertEqual(three.string(for: 0), "0")
    XCTAssertEqual(CorrectAnswerFormat(.significantFigures, 2).string(for: 0.285), "0.29")
  }

  func testEveryRowOfMoodlesTable() throws {
    let table = try MoodleTable("format_float.tsv")
    XCTAssertGreaterThan(table.rows.count, 500)
    for (line, fields) in table.rows {
      let value = try XCTUnwrap(Double(fields[0]))
      let length = try XCTUnwrap(Int(fields[1]))
      let style = try XCTUnwrap(CorrectAnswerFormat.Style(rawValue: try XCTUnwrap(Int(fields[2]))))
      XCTAssertEqual(
        CorrectAnswerFormat(style, length).string(for: value), fields[3],
        "\(table.name):\(line): \(fields[0]) to \(length) \(style)")
    }
  }
}
