/// An operation of a formula, as named in an evaluation error: an operator or a function.
public enum FormulaOperation: Equatable, Sendable {
  case add, subtract, multiply, divide, power, negate
  case function(FormulaFunction)
}
