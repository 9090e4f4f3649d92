package import Calculation

/// A further answer of a calculated question, worth part of the credit or carrying feedback only
/// (a formula for a mistake learners make: `V / m` for a density).
package struct CalculatedOtherAnswer: Equatable, Sendable {
  package var answer: CalculatedAnswer
  /// The share of the credit, 0 to 1.
  package var fraction: Double
  package var feedback: String?

  package init(answer: CalculatedAnswer, fraction: Double, feedback: String? = nil) {
    self.answer = answer
    self.fraction = fraction
    self.feedback = feedback
  }
}
