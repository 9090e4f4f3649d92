import Calculation
import XCTest

/// Tolerance intervals as Moodle's: its answer_test.php cases, then a table made by running
/// `get_tolerance_interval` under PHP.
final class AnswerToleranceTests: XCTestCase {
  private func check(
    _ tolerance: AnswerTolerance, answer: Double, accepts: [Double], refuses: [Double], line: UInt = #line
  ) {
    for value in accepts {
      XCTAssertTrue(tolerance.accepts(value, answer: answer), "\(value) for \(answer)", line: line)
    }
    for value in refuses {
      XCTAssertFalse(tolerance.accepts(value, answer: answer), "\(value) for \(answer)", line: line)
    }
  }

  /// question/type/numerical/tests/answer_test.php, case by case.
  func testMoodlesAnswerTests() {
    check(AnswerTolerance(.nominal, 1), answer: 7, accepts: [6, 7, 8], refuses: [5.99, 8.01])
    // Zero tolerance, non-zero answer.
    check(AnswerTolerance(.nominal, 0), answer: 1e-20, accepts: [1e-20], refuses: [0.9999999e-20, 1.0000001e-20])
    // Non-zero tolerance, zero answer.
    check(AnswerTolerance(.nominal, 1e-24), answer: 0, accepts: [-1e-24, 0, 1e-24], refuses: [-2e-24, 2e-24])
    check(AnswerTolerance(.nominal, 1e-24), answer: 0, accepts: [-1e-35, 0, 1e-35], refuses: [-1e-20, 1e-20])
    check(
      AnswerTolerance(.nominal, 1e-24), answer: 1e-20, accepts: [1.0001e-20, 1e-20], refuses: [1.0002e-20])
    // A blank tolerance is 0.
    check(AnswerTolerance(.nominal, 0), answer: 1234, accepts: [1234], refuses: [1234.000001, 0])
    check(AnswerTolerance(.relative, 0.1), answer: 7, accepts: [6.3, 7, 7.7], refuses: [6.29, 7.71])
    check(AnswerTolerance(.geometric, 1), answer: 7, accepts: [3.5, 7, 14], refuses: [3.49, 14.01])
    check(AnswerTolerance(.geometric, 1), answer: -7, accepts: [-3.5, -7, -14], refuses: [-3.49, -14.01])
  }

  func testANegativeToleranceCountsAsItsSize() {
    XCTAssertEqual(
      AnswerTolerance(.relative, -0.1).interval(around: 7), AnswerTolerance(.relative, 0.1).interval(around: 7))
  }

  func testEveryRowOfMoodlesTable() throws {
    let table = try MoodleTable("tolerance_interval.tsv")
    XCTAssertGreaterThan(table.rows.count, 100)
    for (line, fields) in table.rows {
      let answer = try XCTUnwrap(Double(fields[0]))
      let tolerance = try XCTUnwrap(Double(fields[1]))
      let kind = try XCTUnwrap(ToleranceKind(rawValue: try XCTUnwrap(Int(fields[2]))))
      let ends = (try XCTUnwrap(Double(fields[3])), try XCTUnwrap(Double(fields[4])))
      // Moodle returns a negative answer's geometric ends high first; its own test expects them in order.
      let expected = min(ends.0, ends.1)...max(ends.0, ends.1)
      XCTAssertEqual(
        AnswerTolerance(kind, tolerance).interval(around: answer), expected, "\(table.name):\(line)")
    }
  }
}
