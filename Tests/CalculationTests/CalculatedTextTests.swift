import Calculation
import XCTest

/// Values shown in a question's text as Moodle shows them (`replace_expressions_in_text`).
final class CalculatedTextTests: XCTestCase {
  private func values(_ pairs: [String: Double]) -> [String: DrawnValue] {
    pairs.mapValues { DrawnValue($0) }
  }

  /// question/type/calculated/tests/variablesubstituter_test.php
  func testMoodlesCases() throws {
    let ab = values(["a": 1, "b": 2])
    XCTAssertEqual(try CalculatedText.render("{a} + {b}", values: ab), "1 + 2")
    XCTAssertEqual(try CalculatedText.render("(1) {a}\n(2) {b}", values: ab), "(1) 1\n(2) 2")
    XCTAssertEqual(try CalculatedText.render("= {={a} + {b}}", values: ab), "= 3")
    XCTAssertEqual(
      try CalculatedText.render("temperatures {a} and {b}", values: values(["a": -1, "b": 2])), "temperatures -1 and 2")
    XCTAssertEqual(
      try CalculatedText.render(
        "phi ({phi}) + pi ({pi}) = {={phi} + {pi}}", values: values(["phi": 1.61803399, "pi": 3.14159265])),
      "phi (1.61803399) + pi (3.14159265) = 4.75962664")
  }

  func testATeachersExplanationWithTheDrawnValues() throws {
    let drawn = ["m": DrawnValue(value: 54, text: "54.0"), "V": DrawnValue(value: 20, text: "20.0")]
    XCTAssertEqual(
      try CalculatedText.render("ρ = m/V = {m} g ÷ {V} cm³ = {=m/V} g/cm³", values: drawn),
      "ρ = m/V = 54.0 g ÷ 20.0 cm³ = 2.7 g/cm³")
    XCTAssertEqual(
      try CalculatedText.render("{={m}/{V}} g/cm³", values: drawn, format: CorrectAnswerFormat(.decimals, 2)),
      "2.70 g/cm³")
  }

  func testBracesThatAreNeitherStayAsWritten() throws {
    let drawn = values(["a": 1])
    XCTAssertEqual(try CalculatedText.render("{b} and {=", values: drawn), "{b} and {=")
    XCTAssertEqual(try CalculatedText.render("{= {a} + 1 and {a}", values: drawn), "{= 1 + 1 and 1")
    XCTAssertEqual(
      CalculatedText.embeddedFormulas(in: "x {={a}*2} y {=pi()}"),
      [EmbeddedFormula(formula: "{a}*2", range: 2..<10), EmbeddedFormula(formula: "pi()", range: 13..<20)])
  }

  func testAFailingFormulaSaysWhereInTheText() {
    XCTAssertThrowsError(try CalculatedText.render("密度 = {={m} / ({V} - 20)}", values: values(["m": 54, "V": 20]))) {
      XCTAssertEqual($0 as? FormulaError, FormulaError(.divisionByZero(dividend: 54, divisor: 0), at: 11..<12))  // the `/`
    }
  }
}
