package import Calculation
package import Localization

extension FormulaError {
  /// What is wrong with a formula, in a course author's words: the Calculation library has no
  /// messages of its own, so its errors are worded here, through the catalog, with the operands
  /// that caused them (`division by zero: 54 ÷ 0`), never the whole formula (the caller names it).
  ///
  /// ```swift
  /// FormulaError(.divisionByZero(dividend: 54, divisor: 0), at: 4..<5).text.description
  /// // "division by zero: 54 ÷ 0"
  /// ```
  package var text: Message {
    switch kind {
    case .empty:
      return .tr("the formula is empty")
    case .unexpectedCharacter(let character):
      return .tr("'{character}' cannot be used in a formula", ["character": String(character)])
    case .unexpectedEnd:
      return .tr("the formula ends where a number, a variable or '(' should follow")
    case .unexpectedToken(let token):
      return .tr("'{token}' cannot stand here", ["token": token])
    case .unclosedParenthesis:
      return .tr("a '(' is not closed")
    case .unclosedBrace:
      return .tr("a '{brace}' is not closed", ["brace": "{"])
    case .invalidVariableName(let name):
      return .tr("'{name}' is not a variable name: a name starts with a letter and holds no space", ["name": name])
    case .invalidNumber(let text):
      return .tr("'{text}' is not a number", ["text": text])
    case .unknownFunction(let name):
      return .tr("{name}() is not one of Moodle's formula functions", ["name": name])
    case .bareName(let name):
      return .tr(
        "'{name}' is neither a function nor a variable of the question (write a variable as {braced})",
        ["name": name, "braced": "{" + name + "}"])
    case .wrongArgumentCount(let function, let given):
      return .tr("{name}() does not take {count} arguments", ["name": function.rawValue, "count": given])
    case .tooComplex:
      return .tr("the formula is too long or nested too deeply")
    case .unknownVariable(let name):
      return .tr("{name} is not a variable of the question", ["name": "{" + name + "}"])
    case .divisionByZero(let dividend, let divisor):
      return .tr(
        "division by zero: {dividend} {operator} {divisor}",
        ["dividend": Self.number(dividend), "operator": divisor == 0 ? "÷" : "**", "divisor": Self.number(divisor)])
    case .negativeSquareRoot(let value):
      return .tr("the square root of a negative number: sqrt({value})", ["value": Self.number(value)])
    case .outsideDomain(let operation, let arguments):
      return .tr("{operation} is not defined for these values", ["operation": Self.call(operation, arguments)])
    case .notFinite(let operation, let arguments):
      return .tr("{operation} is too large to compute", ["operation": Self.call(operation, arguments)])
    }
  }

  /// A number as Moodle shows one (PHP's writing: `2.7`, `1.0E+25`).
  static func number(_ value: Double) -> String { DrawnValue(value).text }

  /// An operation with its operands as a formula writes it: `(-8) ** 0.5`, `log(0)`.
  static func call(_ operation: FormulaOperation, _ arguments: [Double]) -> String {
    let shown = arguments.map { $0 < 0 ? "(\(number($0)))" : number($0) }
    let symbol: String
    switch operation {
    case .function(let function):
      return function.rawValue + "(" + arguments.map(number).joined(separator: ", ") + ")"
    case .negate: return "-" + (shown.first ?? "")
    case .add: symbol = "+"
    case .subtract: symbol = "-"
    case .multiply: symbol = "×"
    case .divide: symbol = "÷"
    case .power: symbol = "**"
    }
    return shown.joined(separator: " \(symbol) ")
  }
}
