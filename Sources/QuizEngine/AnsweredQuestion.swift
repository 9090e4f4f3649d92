package import Foundation

/// The record of one question the learner answered or skipped, for history and the summary.
///
/// ```swift
/// let record = summary.answers[0]
/// record.questionID   // "ch1.1-q01"
/// record.isCorrect    // true
/// record.timeTaken    // 12.5 (seconds since the previous answer, or the start)
/// ```
package struct AnsweredQuestion: Sendable, Equatable {
  package var questionID: String
  /// 1-based position in the session.
  package var number: Int
  /// The input exactly as typed; empty for a skip.
  package var input: String
  /// How the input was understood (see ``Feedback/given``); empty for a skip.
  package var given: String
  /// Right, counting an answer the learner overruled with `!!`.
  package var isCorrect: Bool
  /// The credit earned, 0…1 (1 when right or overruled, 0 for a skip); between for partial credit.
  package var fraction: Double
  package var isSkipped: Bool
  /// Graded wrong, then marked right by the learner ("overruled by the learner").
  package var isOverruled = false
  /// What was written to an essay: graded by no one, and left out of the summary's counts.
  package var isResponse = false
  /// The learner asked for the question's hint before answering or skipping it.
  package var usedHint = false
  package var answeredAt: Date
  /// Seconds since the previous answer or skip (or the session start), invalid attempts included.
  package var timeTaken: TimeInterval

  package init(
    questionID: String, number: Int, input: String, given: String, isCorrect: Bool, isSkipped: Bool,
    answeredAt: Date, timeTaken: TimeInterval
  ) {
    self.questionID = questionID
    self.number = number
    self.input = input
    self.given = given
    self.isCorrect = isCorrect
    self.fraction = isCorrect ? 1 : 0
    self.isSkipped = isSkipped
    self.answeredAt = answeredAt
    self.timeTaken = timeTaken
  }
}
