/// The kinds of ``FormulaError``: first those found when the formula is read, then those found when
/// it is evaluated with a set of values.
package enum FormulaErrorKind: Error, Equatable, Sendable {
  /// The formula is empty or only spaces.
  case empty
  /// A character that no formula uses (`%`, `;`, a letter outside a name, …).
  case unexpectedCharacter(Character)
  /// The formula ends where a number, a variable or `(` was expected (`2 *`).
  case unexpectedEnd
  /// A token where it cannot stand: `)` with nothing before it, or two operands in a row (`{a}{b}`,
  /// `2 (3)`); the text of the token.
  case unexpectedToken(String)
  /// A `(` that is never closed.
  case unclosedParenthesis
  /// A `{` that is never closed.
  case unclosedBrace
  /// `{…}` whose name does not start with a letter or holds a space or `<>{"'` (Moodle's rule).
  case invalidVariableName(String)
  /// A number that does not read (`1e`, `1.2.3`).
  case invalidNumber(String)
  /// A name before `(` that is not one of Moodle's functions (`rand`, `exp2`, …).
  case unknownFunction(String)
  /// A name outside braces that is not a function call (`x + 1`: a variable is written `{x}`).
  case bareName(String)
  /// A function called with a number of arguments it does not take.
  case wrongArgumentCount(function: FormulaFunction, given: Int)
  /// Nesting deeper than ``Formula/maximumDepth`` or text longer than ``Formula/maximumLength``.
  case tooComplex

  /// Evaluation: a variable the formula uses was given no value.
  case unknownVariable(String)
  /// Evaluation: `a / 0`, `fmod(a, 0)`, or `0 ** -n` (the dividend or base, and the divisor or exponent).
  case divisionByZero(dividend: Double, divisor: Double)
  /// Evaluation: `sqrt` of a negative number.
  case negativeSquareRoot(Double)
  /// Evaluation: a function or power outside its domain (`log(0)`, `acos(2)`, `(-8) ** 0.5`), with its arguments.
  case outsideDomain(operation: FormulaOperation, arguments: [Double])
  /// Evaluation: a result too large to represent (`exp(1000)`, `1e308 * 10`), with the operands.
  case notFinite(operation: FormulaOperation, arguments: [Double])
}
