import Calculation
import Localization
import QuizEngine
import XCTest

/// The words a course author reads for a formula that fails: the operands that caused it, in English
/// and in Chinese, with every placeholder filled.
final class FormulaErrorTextTests: XCTestCase {
  func message(_ formula: String, _ values: [String: Double] = [:]) -> String {
    do {
      _ = try Formula(formula).evaluate(values)
      return "no error"
    } catch {
      return error.text.description
    }
  }

  func testEvaluationErrorsNameTheirOperands() {
    XCTAssertEqual(message("{m} / ({V} - 20)", ["m": 54, "V": 20]), "division by zero: 54 ÷ 0")
    XCTAssertEqual(message("sqrt({a})", ["a": -2.5]), "the square root of a negative number: sqrt(-2.5)")
    XCTAssertEqual(message("log({a})", ["a": 0]), "log(0) is not defined for these values")
    XCTAssertEqual(message("(-8) ** 0.5"), "(-8) ** 0.5 is not defined for these values")
    XCTAssertEqual(message("exp(1000)"), "exp(1000) is too large to compute")
    XCTAssertEqual(message("0 ** -2"), "division by zero: 0 ** -2")
    XCTAssertEqual(message("{a} + 1"), "{a} is not a variable of the question")
  }

  func testReadingErrorsSayWhatIsWrong() {
    XCTAssertEqual(message(""), "the formula is empty")
    XCTAssertEqual(message("2 *"), "the formula ends where a number, a variable or '(' should follow")
    XCTAssertEqual(message("sqr(2)"), "sqr() is not one of Moodle's formula functions")
    XCTAssertEqual(
      message("m + 1"), "'m' is neither a function nor a variable of the question (write a variable as {m})")
    XCTAssertEqual(message("pow(2)"), "pow() does not take 1 arguments")
    XCTAssertEqual(message("({a} + 1"), "a '(' is not closed")
    XCTAssertEqual(message("{a + 1"), "a '{' is not closed")
    XCTAssertEqual(message("2 % 3"), "'%' cannot be used in a formula")
  }

  func testEveryMessageIsTranslatedAndFilled() {
    let chinese = Localizer(language: .chinese)
    for formula in [
      "", "2 *", "sqr(2)", "m + 1", "pow(2)", "({a} + 1", "{a + 1", "2 % 3", "1 / 0", "sqrt(-1)",
      "log(0)", "exp(1000)", "{zz}", "1.2.3", "{1a}", "2 )",
    ] {
      let error: FormulaError
      do {
        _ = try Formula(formula).evaluate([:])
        XCTFail("\(formula) evaluated")
        continue
      } catch let caught {
        error = caught
      }
      let english = error.text.description
      let translated = chinese.tr(error.text)
      XCTAssertNotEqual(translated, english, formula)
      for text in [english, translated] {
        let placeholders =
          #"\{(character|token|brace|name|braced|text|count|dividend|operator|divisor|value|operation)\}"#
        XCTAssertNil(text.range(of: placeholders, options: .regularExpression), "\(formula): \(text)")
      }
    }
  }
}
