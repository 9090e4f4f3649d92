/// A set of drawn values for which a formula fails, and how.
package struct FormulaFailure: Equatable, Sendable {
  /// The values of every variable in that draw.
  package var values: [String: DrawnValue]
  package var error: FormulaError

  package init(values: [String: DrawnValue], error: FormulaError) {
    self.values = values
    self.error = error
  }
}
