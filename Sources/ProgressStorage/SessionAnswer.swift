package import Foundation

/// One answer inside a session, in the order given.
///
/// ```swift
/// let wrong = session.answers.filter { !$0.correct }.map(\.questionID)
/// ```
package struct SessionAnswer: Sendable, Hashable {
  package var questionID: String
  /// The text the learner gave.
  package var given: String
  /// Right, counting an answer the learner overruled (the journal keeps the grader's verdict).
  package var correct: Bool
  package var time: Date
  /// The rating the answer gave the scheduler; nil in records made before ratings were kept.
  package var review: ReviewMark?
  /// The grader said wrong and the learner overruled it with `!!`.
  package var overruled: Bool
  /// The partial credit of an answer that is not right (0 < fraction < 1); nil otherwise.
  package var fraction: Double?
  /// The values a calculated question showed for this answer (or skip); nil for other questions
  /// and in records from before they were kept.
  package var values: ShownValues?

  /// The credit the answer earned: 1 when right (overruled too), its fraction when partly right, else 0.
  package var credit: Double { correct ? 1 : fraction ?? 0 }

  package init(
    questionID: String, given: String, correct: Bool, time: Date, review: ReviewMark? = nil, overruled: Bool = false,
    fraction: Double? = nil, values: ShownValues? = nil
  ) {
    self.values = values
    self.fraction = correct ? nil : fraction
    self.overruled = overruled
    self.questionID = questionID
    self.given = given
    self.correct = correct
    self.time = time
    self.review = review
  }
}
