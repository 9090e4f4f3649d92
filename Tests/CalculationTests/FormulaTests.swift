import Calculation
import XCTest

/// Formulas read and evaluated as Moodle (PHP) evaluates them.
final class FormulaTests: XCTestCase {
  private func value(_ text: String, _ values: [String: Double] = [:], line: UInt = #line) -> Double? {
    do {
      return try Formula(text).evaluate(values)
    } catch {
      XCTFail("\(text): \(error)", line: line)
      return nil
    }
  }

  private func error(_ text: String, _ values: [String: Double] = [:]) -> FormulaError? {
    do {
      _ = try Formula(text).evaluate(values)
      return nil
    } catch {
      return error
    }
  }

  func testArithmeticFollowsPHPsPrecedence() {
    XCTAssertEqual(value("1 + 2 * 3"), 7)
    XCTAssertEqual(value("(1 + 2) * 3"), 9)
    XCTAssertEqual(value("10 - 4 - 3"), 3)
    XCTAssertEqual(value("2 ** 3 ** 2"), 512)
    XCTAssertEqual(value("-2 ** 2"), -4)
    XCTAssertEqual(value("2 ** -1"), 0.5)
    XCTAssertEqual(value("2 ^ 10"), 1024)
    XCTAssertEqual(value("-{a} * 2", ["a": -3]), 6)
    XCTAssertEqual(value("--3"), 3)
    XCTAssertEqual(value("+3"), 3)
    XCTAssertEqual(value("8 / 2 / 2"), 2)
    XCTAssertEqual(value(".5 + 5. + 1e2 + 1.5E-1"), 105.65)
  }

  func testMoodlesVariableSubstituterCases() {
    // question/type/calculated/tests/variablesubstituter_test.php
    XCTAssertEqual(value("{a} + {b}", ["a": 1, "b": 2]), 3)
    XCTAssertEqual(value("{a}-{b}", ["a": -1, "b": -2]), 1)
    XCTAssertEqual(error("{a} + {b}?", ["a": 1, "b": 2])?.kind, .unexpectedCharacter("?"))
    XCTAssertEqual(error("{a}{b}", ["a": 1, "b": 2])?.kind, .unexpectedToken("{b}"))
    XCTAssertEqual(error("{a} / {b}", ["a": 1, "b": 0])?.kind, .divisionByZero(dividend: 1, divisor: 0))
  }

  func testFunctionsAreMoodlesAndOnlyThose() {
    XCTAssertEqual(value("sqrt(16) + abs(-2) + pow(2, 3) + max(1, 5, 3) + min(4, 2)"), 4 + 2 + 8 + 5 + 2)
    XCTAssertEqual(value("PI()"), Double.pi)
    XCTAssertEqual(value("round(2.5) + round(-2.5) + round(1.955, 2)"), 3 - 3 + 1.96)
    XCTAssertEqual(value("log(8, 2)"), 3)
    XCTAssertEqual(value("log10(1000) + log(exp(2))"), 5)
    XCTAssertEqual(value("fmod(7, 3) + floor(-1.5) + ceil(1.2)"), 1 - 2 + 2)
    XCTAssertEqual(value("decbin(5) + bindec(101) + decoct(8) + octdec(17)"), 101 + 5 + 10 + 15)
    // PHP reads bindec's and octdec's argument as text and skips what is not a digit (checked with PHP 8.2).
    XCTAssertEqual(value("bindec(12) + bindec(1.5) + bindec(1e20) + octdec(1.5e-7)"), 1 + 1 + 4 + 111)
    XCTAssertEqual(value("decbin(-1)"), 1.111_111_111_111_111_1e63)
    XCTAssertEqual(value("rad2deg(pi()) + deg2rad(180)"), 180 + Double.pi)
    XCTAssertEqual(value("is_finite(1) + is_nan(1) + is_infinite(1)"), 1)
    XCTAssertEqual(value("atan2(1, 1) * 4"), Double.pi)
    XCTAssertEqual(error("rand(1, 6)")?.kind, .unknownFunction("rand"))
    XCTAssertEqual(error("exit(1)")?.kind, .unknownFunction("exit"))
    XCTAssertEqual(error("x + 1")?.kind, .bareName("x"))
    XCTAssertEqual(error("M_PI * 2")?.kind, .bareName("M_PI"))
    XCTAssertEqual(error("sqrt(1, 2)")?.kind, .wrongArgumentCount(function: .sqrt, given: 2))
    XCTAssertEqual(error("pi(1)")?.kind, .wrongArgumentCount(function: .pi, given: 1))
    XCTAssertEqual(error("max(1)")?.kind, .wrongArgumentCount(function: .max, given: 1))
    XCTAssertEqual(error("pow(2)")?.kind, .wrongArgumentCount(function: .pow, given: 1))
    // 1 without arguments, 29 with one, 2 with one or two, 3 with two, 2 with two or more.
    XCTAssertEqual(FormulaFunction.allCases.count, 37)
  }

  func testReadingErrorsSayWhere() {
    XCTAssertEqual(error("")?.kind, .empty)
    XCTAssertEqual(error("   ")?.kind, .empty)
    XCTAssertEqual(error("2 *"), FormulaError(.unexpectedEnd, at: 3..<3))
    XCTAssertEqual(error("(1 + 2"), FormulaError(.unclosedParenthesis, at: 0..<1))
    XCTAssertEqual(error("1 + 2)"), FormulaError(.unexpectedToken(")"), at: 5..<6))
    XCTAssertEqual(error("{m / 2"), FormulaError(.unclosedBrace, at: 0..<1))
    XCTAssertEqual(error("{1a} + 1"), FormulaError(.invalidVariableName("1a"), at: 0..<4))
    XCTAssertEqual(error("{a b}")?.kind, .invalidVariableName("a b"))
    XCTAssertEqual(error("{}")?.kind, .invalidVariableName(""))
    XCTAssertEqual(error("1e + 2"), FormulaError(.invalidNumber("1e"), at: 0..<2))
    XCTAssertEqual(error("1.2.3")?.kind, .invalidNumber("1.2.3"))
    XCTAssertEqual(error("2 (3)")?.kind, .unexpectedToken("("))
    XCTAssertEqual(error("1 % 2"), FormulaError(.unexpectedCharacter("%"), at: 2..<3))
    // Positions count characters, so a wide character before the error does not shift it.
    XCTAssertEqual(error("{质量} + ")?.kind, .invalidVariableName("质量"))
    XCTAssertEqual(error("{m} × 2"), FormulaError(.unexpectedCharacter("×"), at: 4..<5))
  }

  func testEvaluationErrorsNameTheOperationAndItsValues() {
    let formula = "{m} / ({V} - {w})"
    XCTAssertEqual(
      error(formula, ["m": 54, "V": 20, "w": 20]), FormulaError(.divisionByZero(dividend: 54, divisor: 0), at: 4..<5))
    XCTAssertEqual(error("sqrt({a} - 5)", ["a": 1]), FormulaError(.negativeSquareRoot(-4), at: 0..<4))
    XCTAssertEqual(
      error("2 * log({a})", ["a": 0]),
      FormulaError(.outsideDomain(operation: .function(.log), arguments: [0]), at: 4..<7))
    XCTAssertEqual(error("acos(2)")?.kind, .outsideDomain(operation: .function(.acos), arguments: [2]))
    XCTAssertEqual(error("(-8) ** 0.5")?.kind, .outsideDomain(operation: .power, arguments: [-8, 0.5]))
    XCTAssertEqual(error("0 ^ -1")?.kind, .divisionByZero(dividend: 0, divisor: -1))
    XCTAssertEqual(error("fmod(1, 0)")?.kind, .divisionByZero(dividend: 1, divisor: 0))
    XCTAssertEqual(error("exp(1000)")?.kind, .notFinite(operation: .function(.exp), arguments: [1000]))
    XCTAssertEqual(
      error("1e308 * 10"), FormulaError(.notFinite(operation: .multiply, arguments: [1e308, 10]), at: 6..<7))
    XCTAssertEqual(error("{a} + {b}", ["a": 1]), FormulaError(.unknownVariable("b"), at: 6..<9))
  }

  func testAFormulaListsItsVariablesOnce() throws {
    let formula = try Formula("{m} / {V} + sqrt({m}) * {x.y}")
    XCTAssertEqual(formula.variables, ["m", "V", "x.y"])
    XCTAssertEqual(try Formula("2 * pi()").variables, [])
    XCTAssertFalse(formula.usesCaret)
    XCTAssertTrue(try Formula("{r}^2").usesCaret)
  }

  func testDeclaredVariablesMayGoWithoutBraces() throws {
    let formula = try Formula("m / V", bareNames: ["m", "V"])
    XCTAssertEqual(formula.variables, ["m", "V"])
    XCTAssertEqual(try formula.evaluate(["m": 54, "V": 20]), 2.7)
    XCTAssertThrowsError(try Formula("m / rho", bareNames: ["m", "V"]))
  }

  func testTheTextForMoodleComputesTheSame() throws {
    let formula = try Formula("m^2 / {V} + sqrt(m)^3 ^ 0.5 - {a^b}", bareNames: ["m"])
    XCTAssertEqual(formula.moodleText, "{m}**2 / {V} + sqrt({m})**3 ** 0.5 - {a^b}")
    let values: [String: Double] = ["m": 3, "V": 2, "a^b": 1]
    XCTAssertEqual(try Formula(formula.moodleText).evaluate(values), try formula.evaluate(values))
    XCTAssertFalse(try Formula(formula.moodleText).usesCaret)
    XCTAssertEqual(try Formula("{m} * 2").moodleText, "{m} * 2")
  }

  func testHostileFormulasAreRefusedNotRun() {
    let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
    XCTAssertEqual(error(deep)?.kind, .tooComplex)
    XCTAssertEqual(error(String(repeating: "-", count: 5_000) + "1")?.kind, .tooComplex)
    XCTAssertEqual(error(String(repeating: "2**", count: 1_000) + "1")?.kind, .tooComplex)
    // A long flat sum is fine up to the length limit.
    let sum = Array(repeating: "1", count: 2_000).joined(separator: "+")
    XCTAssertEqual(value(sum), 2_000)
  }
}
