import Calculation
import XCTest

/// An answer evaluated for one set of values: marked against its value, shown in its format, and
/// checked as Moodle's editing form checks it (is the answer as shown within the tolerance?).
final class CalculatedAnswerTests: XCTestCase {
  func testAResponseIsMarkedAgainstTheValueNotTheRoundedAnswer() throws {
    let answer = CalculatedAnswer(
      formula: try Formula("{m} / {V}"), tolerance: AnswerTolerance(.relative, 0.01),
      format: CorrectAnswerFormat(.decimals, 2))
    let result = try answer.evaluate(["m": 54, "V": 20])
    XCTAssertEqual(result.value, 2.7)
    XCTAssertEqual(result.shown, "2.70")
    XCTAssertTrue(result.accepts(2.69))
    XCTAssertTrue(result.accepts(2.727))
    XCTAssertFalse(result.accepts(2.75))
    XCTAssertTrue(result.shownIsAccepted)
  }

  /// Moodle's "correct answer outside limits" (comment_on_datasetitems): the answer as shown must be
  /// within the tolerance of the value, or a learner typing it would be marked wrong.
  func testAnAnswerShownTooRoughlyForItsToleranceIsCaught() throws {
    let rough = CalculatedAnswer(
      formula: try Formula("{a} / 7"), tolerance: AnswerTolerance(.relative, 0.001),
      format: CorrectAnswerFormat(.decimals, 1))
    let result = try rough.evaluate(["a": 1])
    XCTAssertEqual(result.shown, "0.1")
    XCTAssertFalse(result.shownIsAccepted)
    let enough = CalculatedAnswer(
      formula: rough.formula, tolerance: rough.tolerance, format: CorrectAnswerFormat(.significantFigures, 4))
    XCTAssertTrue(try enough.evaluate(["a": 1]).shownIsAccepted)
    let scientific = CalculatedAnswer(
      formula: try Formula("{a} * 1e6"), tolerance: AnswerTolerance(.relative, 0.01),
      format: CorrectAnswerFormat(.significantFigures, 3))
    let big = try scientific.evaluate(["a": 1.2345])
    XCTAssertEqual(big.shown, "1.23e6")
    XCTAssertTrue(big.shownIsAccepted)
  }

  func testAFormulaErrorPassesThrough() throws {
    let answer = CalculatedAnswer(
      formula: try Formula("{m} / {V}"), tolerance: AnswerTolerance(.nominal, 0.1),
      format: CorrectAnswerFormat(.decimals, 1))
    XCTAssertThrowsError(try answer.evaluate(["m": 1, "V": 0])) {
      XCTAssertEqual(($0 as? FormulaError)?.kind, .divisionByZero(dividend: 1, divisor: 0))
    }
  }
}
