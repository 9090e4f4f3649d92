/// An operation of a formula, as named in an evaluation error: an operator or a function.
package enum FormulaOperation: Equatable, Sendable {
  case add, subtract, multiply, divide, power, negate
  case function(FormulaFunction)
}
