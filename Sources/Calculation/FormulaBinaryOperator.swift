/// The binary operators of a formula: PHP's arithmetic, with `^` read as a power as a teacher means it.
package enum FormulaBinaryOperator: Equatable, Sendable {
  case add, subtract, multiply, divide
  /// `**` or `^`, right-associative and binding tighter than a leading minus (`-2 ** 2` is −4), as PHP's `**`.
  ///
  /// In PHP (so in Moodle) `^` is bitwise exclusive or, which no calculation means: `{r}^2` is read
  /// here as `{r}**2`. ``Formula/usesCaret`` tells an exporter or validator that Moodle would differ.
  case power

  /// The operation this operator names in errors.
  package var operation: FormulaOperation {
    switch self {
    case .add: .add
    case .subtract: .subtract
    case .multiply: .multiply
    case .divide: .divide
    case .power: .power
    }
  }
}
