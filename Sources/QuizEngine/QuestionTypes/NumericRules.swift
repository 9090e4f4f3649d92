/// How a numeric question reads its answer, beyond the number and its unit.
///
/// Course files set these as `answerUnit`, `unitRequired`, `quantity`, `relativeTolerance`,
/// `kelvinOffset`, `decimals` and `significantFigures`.
///
/// ```swift
/// // "2.5 km 等于多少米？": typing "2.5 km" back is asked again, "2500" and "2500 m" are graded.
/// let rules = NumericRules(answerUnit: MeasurementUnit.named("m"))
/// ```
package struct NumericRules: Sendable, Equatable {
  /// The unit the answer must be written in; an answer in another unit of the quantity is asked again.
  package var answerUnit: MeasurementUnit?
  /// When true a bare number is asked again: writing the unit is part of the answer.
  package var unitRequired: Bool
  /// What the answer measures when it is not its unit's own quantity: `.temperatureDifference`.
  package var quantity: Quantity?
  /// A share of the answer accepted either side (0.01 is 1%), besides or instead of `tolerance`.
  package var relativeTolerance: Double?
  /// K minus ℃ for this question (273 for the textbook's T = t + 273); nil takes the course's, else 273.15.
  package var kelvinOffset: Double?
  /// Digits after the decimal point the answer must have, counted in the question's unit (`3.45 cm`
  /// and `34.5 mm` both have 2 in cm): a right value with other digits is wrong.
  package var decimals: Int?
  /// Significant figures the answer must have (`3.45`, `34.5 mm`: 3); `2500` may have 2 to 4.
  package var significantFigures: Int?

  package init(
    answerUnit: MeasurementUnit? = nil, unitRequired: Bool = false, quantity: Quantity? = nil,
    relativeTolerance: Double? = nil, kelvinOffset: Double? = nil, decimals: Int? = nil,
    significantFigures: Int? = nil
  ) {
    self.answerUnit = answerUnit
    self.unitRequired = unitRequired
    self.quantity = quantity
    self.relativeTolerance = relativeTolerance
    self.kelvinOffset = kelvinOffset
    self.decimals = decimals
    self.significantFigures = significantFigures
  }
}
