import Calculation
import QuizEngine
import XCTest

/// What `validate` will learn from a sweep: the draws a formula fails on, and the variables it ignores.
final class FormulaSweepTests: XCTestCase {
  func testTheDrawsAFormulaFailsOnAreKeptWithTheirValues() throws {
    var generator = SeededRandomNumberGenerator(seed: 2)
    let volumes = VariableSource.list([10, 20, 30].map { DrawnValue($0) })
    let mass = VariableSource.range(try ValueRange(minimum: 20, maximum: 80, decimals: 0))
    let sweep = FormulaSweep(
      formula: try Formula("{m} / ({V} - 20)"), variables: [("m", mass), ("V", volumes)], draws: 300,
      using: &generator)
    XCTAssertEqual(sweep.draws, 300)
    XCTAssertEqual(Double(sweep.failureCount), 100, accuracy: 30)
    XCTAssertEqual(sweep.failures.count, FormulaSweep.keptFailures)
    let first = try XCTUnwrap(sweep.failures.first)
    XCTAssertEqual(first.values["V"]?.value, 20)
    XCTAssertEqual(first.error.kind, .divisionByZero(dividend: first.values["m"]!.value, divisor: 0))
    XCTAssertEqual(first.error.range, 4..<5)
    XCTAssertEqual(sweep.ignoredVariables, [])
  }

  func testVariablesTheValueNeverMovesWithAreNamed() throws {
    var generator = SeededRandomNumberGenerator(seed: 3)
    let range = VariableSource.range(try ValueRange(minimum: 1, maximum: 9, decimals: 1))
    let sweep = FormulaSweep(
      formula: try Formula("{a} - {a} + 2 * {b}"), variables: [("a", range), ("b", range), ("c", range)], draws: 200,
      using: &generator)
    XCTAssertEqual(sweep.failureCount, 0)
    XCTAssertEqual(sweep.ignoredVariables, ["a", "c"])
  }

  func testASeedReplaysTheSweep() throws {
    let range = VariableSource.range(try ValueRange(minimum: -3, maximum: 3, decimals: 0))
    func sweep() throws -> FormulaSweep {
      var generator = SeededRandomNumberGenerator(seed: 9)
      return FormulaSweep(formula: try Formula("sqrt({x})"), variables: [("x", range)], draws: 100, using: &generator)
    }
    XCTAssertEqual(try sweep(), try sweep())
    XCTAssertGreaterThan(try sweep().failureCount, 20)
  }
}
