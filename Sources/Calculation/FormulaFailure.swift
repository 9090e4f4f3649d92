/// A set of drawn values for which a formula fails, and how.
public struct FormulaFailure: Equatable, Sendable {
  /// The values of every variable in that draw.
  public var values: [String: DrawnValue]
  public var error: FormulaError

  public init(values: [String: DrawnValue], error: FormulaError) {
    self.values = values
    self.error = error
  }
}
