/// One answer of a calculated question: its formula, the tolerance a response is marked against and
/// the format the correct answer is shown in (Moodle's `question_calculated` row).
///
/// ```swift
/// let answer = CalculatedAnswer(formula: try Formula("{m} / {V}"), tolerance: AnswerTolerance(.relative, 0.01),
///                               format: CorrectAnswerFormat(.decimals, 2))
/// let result = try answer.evaluate(["m": 54, "V": 20])
/// result.shown               // "2.70"
/// result.accepts(2.69)       // true (within 1 %)
/// result.shownIsAccepted     // true: a learner who types the answer as shown is marked right
/// ```
package struct CalculatedAnswer: Equatable, Sendable {
  package var formula: Formula
  package var tolerance: AnswerTolerance
  package var format: CorrectAnswerFormat

  package init(formula: Formula, tolerance: AnswerTolerance, format: CorrectAnswerFormat) {
    self.formula = formula
    self.tolerance = tolerance
    self.format = format
  }

  /// The answer for one set of values: its value, how it is shown, and what is accepted.
  package func evaluate(_ values: [String: Double]) throws(FormulaError) -> CalculatedAnswerResult {
    let value = try formula.evaluate(values)
    return CalculatedAnswerResult(
      value: value, shown: format.string(for: value), accepted: tolerance.interval(around: value))
  }
}
