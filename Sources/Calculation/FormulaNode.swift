/// A parsed formula as a tree. Every node that can fail when evaluated keeps the characters it came
/// from (the operator, the function's name, the variable in braces) for ``FormulaError/range``.
package indirect enum FormulaNode: Equatable, Sendable {
  case number(Double)
  case variable(String, at: Range<Int>)
  case negate(FormulaNode, at: Range<Int>)
  case binary(FormulaBinaryOperator, FormulaNode, FormulaNode, at: Range<Int>)
  case call(FormulaFunction, [FormulaNode], at: Range<Int>)
}
