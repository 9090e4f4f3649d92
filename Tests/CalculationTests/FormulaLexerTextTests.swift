import Calculation
import XCTest

/// The lexer compares character codes, from the bytes of an ASCII formula and from the characters of
/// any other: names, errors and their places are counted in characters either way.
final class FormulaLexerTextTests: XCTestCase {
  private func error(_ text: String) -> FormulaError? {
    do {
      _ = try Formula(text).evaluate(["m": 2, "V": 4, "m密": 3])
      return nil
    } catch {
      return error
    }
  }

  func testNonASCIIFormulasReadAsTheirCharacters() throws {
    XCTAssertEqual(error("m × V"), FormulaError(.unexpectedCharacter("×"), at: 2..<3))
    XCTAssertEqual(error("{密度} * 2"), FormulaError(.invalidVariableName("密度"), at: 0..<4))
    XCTAssertEqual(try Formula("{m密} * 2").evaluate(["m密": 3]), 6)
    XCTAssertEqual(try Formula("{m}\u{3000}/ {V}").evaluate(["m": 2, "V": 4]), 0.5, "an ideographic space is a space")
    XCTAssertEqual(error("é + 1"), FormulaError(.unexpectedCharacter("é"), at: 0..<1))
    XCTAssertEqual(error("e\u{301} + 1"), FormulaError(.unexpectedCharacter("e\u{301}"), at: 0..<1))
    XCTAssertEqual(error("２ + 1")?.kind, .unexpectedCharacter("２"))
    XCTAssertEqual(try Formula("{m} / {V}").variables, ["m", "V"])
    XCTAssertEqual(error("{m} ÷ {V}"), FormulaError(.unexpectedCharacter("÷"), at: 4..<5))
  }
}
