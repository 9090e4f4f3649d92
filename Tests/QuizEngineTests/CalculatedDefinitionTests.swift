import Calculation
import CourseOutline
import PracticeJSON
import QuizEngine
import XCTest

/// A calculated question's own fields in the native format, and validate's sweep of its formulas.
final class CalculatedDefinitionTests: XCTestCase {
  let density = """
    {"id": "d1", "type": "calculated", "prompt": "m = {m} g, V = {V} cm³. ρ?",
     "explanation": "ρ = m/V = {m} g ÷ {V} cm³ = {=m/V} g/cm³",
     "variables": {"m": {"min": 20, "max": 80, "decimals": 1}, "V": {"values": [10, "20.0", 25]}},
     "answer": "m / V", "unit": "g/cm³"}
    """

  func decode(_ text: String) throws -> (CalculatedDefinition?, [String]) {
    let json = try JSONParser.parse(text)
    let (definition, problems) = CalculatedDefinition.decode(json)
    return (
      definition,
      problems.map { "\(text.utf8.count > ($0.offset ?? 0) ? column(text, $0.offset ?? 0) : "?"): \($0.message)" }
    )
  }

  /// `text` from `offset` on, up to 8 bytes: where a problem points, readable in an assertion.
  func column(_ text: String, _ offset: Int) -> String {
    String(decoding: Array(text.utf8)[offset...].prefix(8), as: UTF8.self)
  }

  func testAQuestionDecodesWithMoodlesDefaults() throws {
    let (definition, problems) = try decode(density)
    XCTAssertEqual(problems, [])
    let d = try XCTUnwrap(definition)
    XCTAssertEqual(d.names, ["m", "V"])
    XCTAssertEqual(d.variables[0].source, .range(try ValueRange(minimum: 20, maximum: 80, decimals: 1)))
    XCTAssertEqual(
      d.variables[1].source,
      .list([DrawnValue(value: 10, text: "10"), DrawnValue(value: 20, text: "20.0"), DrawnValue(value: 25, text: "25")])
    )
    XCTAssertEqual(d.answer.formula.variables, ["m", "V"])
    XCTAssertEqual(d.answer.formula.moodleText, "{m} / {V}")
    XCTAssertEqual(d.answer.tolerance, AnswerTolerance(.relative, 0.01))
    XCTAssertEqual(d.answer.format, CorrectAnswerFormat(.decimals, 2))
    XCTAssertEqual(d.unit, "g/cm³")
  }

  func testAToleranceAloneIsAnAmountAsANumericQuestionsIs() throws {
    let text = density.replacingOccurrences(
      of: #""unit": "g/cm³""#, with: #""unit": "g/cm³", "tolerance": 0.05, "significantFigures": 3"#)
    let d = try XCTUnwrap(try decode(text).0)
    XCTAssertEqual(d.answer.tolerance, AnswerTolerance(.nominal, 0.05))
    XCTAssertEqual(d.answer.format, CorrectAnswerFormat(.significantFigures, 3))
    let geometric = density.replacingOccurrences(
      of: #""unit": "g/cm³""#, with: #""tolerance": 0.1, "toleranceKind": "geometric""#)
    XCTAssertEqual(try decode(geometric).0?.answer.tolerance, AnswerTolerance(.geometric, 0.1))
  }

  func testDrawsFollowTheDeclaredOrderAndTheSeed() throws {
    let d = try XCTUnwrap(try decode(density).0)
    var a = SeededRandomNumberGenerator(seed: 9)
    var b = SeededRandomNumberGenerator(seed: 9)
    let first = d.draw(using: &a)
    XCTAssertEqual(first, d.draw(using: &b))
    XCTAssertEqual(first["m"]?.text.split(separator: ".").last?.count, 1)
    XCTAssertTrue(["10", "20.0", "25"].contains(first["V"]?.text))
  }

  func testProblemsArePlacedAtTheCharacterAtFault() throws {
    let cases: [(String, String, String)] = [
      (
        #""answer": "m / V""#, #""answer": "m / sqr(V)""#,
        "sqr(V)\",: \"answer\": the formula m / sqr(V) cannot be read: sqr() is not one of Moodle's formula functions"
      ),
      (
        #""answer": "m / V""#, #""answer": "m / {x}""#,
        "{x}\", \"u: \"answer\" uses {x}, which is not one of \"variables\""
      ),
      (
        "{=m/V}", "{=m/}",
        "} g/cm³: \"explanation\": the formula m/ cannot be read: the formula ends where a number, a variable or '(' should follow"
      ),
      (#""decimals": 1}"#, #""decimals": 1.5}"#, "1.5}, \"V: variable m: \"decimals\" must be a whole number"),
      (
        #""m": {"min""#, #""2m": {"min""#,
        "\"2m\": {\": variable name \"2m\": a name starts with a letter and holds only letters, digits and _"
      ),
      (
        #""unit": "g/cm³""#, #""unit": "g/cm³", "toleranceKind": "percent""#,
        "\"percent: \"toleranceKind\" must be \"relative\", \"nominal\" or \"geometric\""
      ),
      (
        #""unit": "g/cm³""#, #""decimals": 2, "significantFigures": 3"#,
        "3}: use \"decimals\" or \"significantFigures\", not both"
      ),
    ]
    for (old, new, expected) in cases {
      XCTAssertTrue(density.contains(old), old)
      let (definition, problems) = try decode(density.replacingOccurrences(of: old, with: new))
      XCTAssertNil(definition, new)
      // The first problem: renaming a variable also leaves the formulas that use it with an unknown name.
      XCTAssertEqual(problems.first, expected, new)
    }
  }

  func sweep(_ text: String) throws -> (errors: [String], warnings: [String]) {
    let json = try JSONParser.parse(text)
    let found = CalculatedDefinition.sweepProblems(json)
    return (
      found.errors.map { "\(column(text, $0.offset ?? 0)): \($0.message)" },
      found.warnings.map { "\(column(text, $0.offset ?? 0)): \($0.message)" }
    )
  }

  func testSweepFindsNothingWrongInASoundQuestion() throws {
    let found = try sweep(density)
    XCTAssertEqual(found.errors, [])
    XCTAssertEqual(found.warnings, [])
  }

  func testSweepNamesTheValuesAFormulaFailsFor() throws {
    let text = density.replacingOccurrences(of: #""answer": "m / V""#, with: #""answer": "m / (V - 20)""#)
    let found = try sweep(text)
    XCTAssertEqual(found.errors.count, 1)
    let error = try XCTUnwrap(found.errors.first)
    XCTAssertTrue(error.hasPrefix("/ (V - 2: answer m / (V - 20) fails for "), error)
    XCTAssertTrue(error.contains(" of 1000 drawn value sets, such as m = "), error)
    XCTAssertTrue(
      error.hasSuffix(
        ", V = 20.0: division by zero: "
          + error.split(separator: "=")[1].split(separator: ",")[0].trimmingCharacters(in: .whitespaces) + " ÷ 0"),
      error)
  }

  func testSweepChecksTextFormulasAndSquareRoots() throws {
    let text = density.replacingOccurrences(of: "{=m/V}", with: "{=sqrt(V - 15)}")
    let found = try sweep(text)
    XCTAssertEqual(found.errors.count, 1)
    XCTAssertTrue(
      found.errors[0].contains("explanation sqrt(V - 15) fails for ")
        && found.errors[0].hasSuffix("V = 10: the square root of a negative number: sqrt(-5)"), found.errors[0])
  }

  func testSweepWarnsOfAShownVariableTheAnswerIgnores() throws {
    let text = density.replacingOccurrences(of: #""answer": "m / V""#, with: #""answer": "m / 2""#)
    let found = try sweep(text)
    XCTAssertEqual(found.errors, [])
    XCTAssertEqual(
      found.warnings,
      ["\"m / 2\",: warning: the answer m / 2 does not change with {V}, which the prompt shows; check the formula"])
  }

  /// A range up to 1e308 draws values of 309 digits: the message names them as PHP writes them, as it
  /// does the operands, not in full; small values stay as the question shows them (`V = 20.0`).
  func testSweepNamesHugeValuesCompactly() throws {
    let text = density.replacingOccurrences(
      of: #""min": 20, "max": 80, "decimals": 1"#, with: #""min": 1e307, "max": 1e308"#
    ).replacingOccurrences(of: #""answer": "m / V""#, with: #""answer": "m / (V - 20)""#)
    let error = try XCTUnwrap(sweep(text).errors.first)
    XCTAssertLessThan(error.count, 160, error)
    let value = try XCTUnwrap(error.split(separator: "such as m = ").last?.split(separator: ",").first)
    XCTAssertTrue(value.contains("E+30"), error)
    XCTAssertTrue(error.contains(", V = 20.0: division by zero: \(value) ÷ 0"), error)
  }
}
