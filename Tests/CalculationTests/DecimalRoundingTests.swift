import Calculation
import XCTest

/// `round()` in formulas and significant figures rounds as PHP does: a table of PHP's results.
final class DecimalRoundingTests: XCTestCase {
  func testHalvesRoundAwayFromZeroAsWritten() {
    XCTAssertEqual(DecimalRounding.halfAwayFromZero(0.285, places: 2), 0.29)
    XCTAssertEqual(DecimalRounding.halfAwayFromZero(-2.5, places: 0), -3)
    XCTAssertEqual(DecimalRounding.halfAwayFromZero(1234.5678, places: -2), 1200)
    XCTAssertEqual(DecimalRounding.halfAwayFromZero(0, places: 3), 0)
  }

  func testEveryRowOfPHPsTable() throws {
    let table = try MoodleTable("php_round.tsv")
    XCTAssertGreaterThan(table.rows.count, 200)
    for (line, fields) in table.rows {
      let value = try XCTUnwrap(Double(fields[0]))
      let places = try XCTUnwrap(Int(fields[1]))
      let expected = try XCTUnwrap(Double(fields[2]))
      XCTAssertEqual(DecimalRounding.halfAwayFromZero(value, places: places), expected, "\(table.name):\(line)")
    }
  }
}
