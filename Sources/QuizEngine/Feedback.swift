/// The verdict on one graded answer, with everything needed to show it.
///
/// ```swift
/// if case .graded(let feedback) = session.answer("b", at: now) {
///   feedback.isCorrect  // false
///   feedback.given      // "B. 100 ℃"
///   feedback.expected   // "A. 0 ℃"
///   feedback.fraction   // 0
/// }
/// ```
package struct Feedback: Sendable, Equatable {
  package var questionID: String
  /// Full credit (a fraction of 1, within Moodle's 10⁻⁷).
  package var isCorrect: Bool
  /// The credit earned, 0…1: 1 right, 0 wrong, between for partial credit (Moodle's fraction).
  package var fraction: Double
  /// How the answer was understood, e.g. `B. 0 ℃` or `2700 kg/m³`.
  package var given: String
  /// The right answer, readable: letters with option text, accepted answers, or a number with its unit.
  package var expected: String
  /// Partial results and unit remarks, e.g. `2 of 3 right options chosen, 1 wrong option chosen`.
  package var detail: String?
  /// The chosen (or matched) answer's own feedback, shown before the explanation.
  package var answerFeedback: String?
  package var explanation: String

  package init(
    questionID: String, isCorrect: Bool, given: String, expected: String, detail: String? = nil,
    explanation: String, fraction: Double? = nil, answerFeedback: String? = nil
  ) {
    self.questionID = questionID
    self.isCorrect = isCorrect
    self.fraction = fraction ?? (isCorrect ? 1 : 0)
    self.answerFeedback = answerFeedback
    self.given = given
    self.expected = expected
    self.detail = detail
    self.explanation = explanation
  }
}
