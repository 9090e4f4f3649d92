/// A `{=…}` in a calculated question's text: a formula whose value the text shows.
package struct EmbeddedFormula: Equatable, Sendable {
  /// The formula between `{=` and the closing `}`.
  package var formula: String
  /// The characters of the whole `{=…}` in the text.
  package var range: Range<Int>

  /// Where the formula itself starts in the text (after `{=`): add a ``FormulaError``'s range to it.
  package var formulaStart: Int { range.lowerBound + 2 }

  package init(formula: String, range: Range<Int>) {
    self.formula = formula
    self.range = range
  }
}
