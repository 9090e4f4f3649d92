package import Foundation

/// How a session went: counts, score, time taken, and each mistake beside the right answer.
///
/// `score` is the share of the questions the session set that were answered right (partly right
/// ones counting their fraction): skipped
/// questions and those never reached count as not right, so quitting after three good answers
/// out of fourteen scores 21 %, not 100 %.
///
/// ```swift
/// let summary = session.finish(at: now)
/// summary.score      // 20 (2 right of 10 set)
/// summary.duration   // 95.0 seconds
/// ```
package struct SessionSummary: Sendable, Equatable {
  /// Questions in the session.
  package var total: Int
  /// Wrong answers: graded, neither right nor partly right.
  package var wrong: Int { answered - correct - partlyRight }

  /// Questions graded (skips excluded).
  package var answered: Int
  /// Right answers, overruled ones included.
  package var correct: Int
  /// The credit earned: the sum of the answers' fractions (right ones 1, partly right ones their
  /// fraction); `correct` when nothing earned partial credit.
  package var credit: Double { answers.reduce(0) { $0 + $1.fraction } }
  /// Answers that earned part of the credit (more than 0, less than all).
  package var partlyRight: Int { answers.filter { !$0.isCorrect && $0.fraction > 0 }.count }
  /// Answers graded wrong that the learner overruled with `!!`; counted in `correct`.
  package var overruled: Int {
    answers.filter(\.isOverruled).count
  }
  /// Answers and skips given after the learner asked for the question's hint.
  package var hints: Int {
    answers.filter(\.usedHint).count
  }
  package var skipped: Int
  /// Essays written to (not skipped): graded by no one, counted in no other figure, but said.
  package var essaysWritten = 0
  /// Questions neither answered nor skipped (essays: neither written to nor skipped), because the
  /// session ended early.
  package var unanswered: Int
  /// Percent of the questions set that were answered right, rounded half up.
  package var score: Int
  /// Seconds from the start to the end (or to the time the summary was asked for, while running).
  package var duration: TimeInterval
  /// True when the session ended before every question was answered or skipped.
  package var endedEarly: Bool
  package var mistakes: [Mistake]
  /// Every answer and skip, in order.
  package var answers: [AnsweredQuestion]

  package init(
    total: Int, answered: Int, correct: Int, skipped: Int, unanswered: Int, score: Int,
    duration: TimeInterval, endedEarly: Bool, mistakes: [Mistake], answers: [AnsweredQuestion]
  ) {
    self.total = total
    self.answered = answered
    self.correct = correct
    self.skipped = skipped
    self.unanswered = unanswered
    self.score = score
    self.duration = duration
    self.endedEarly = endedEarly
    self.mistakes = mistakes
    self.answers = answers
  }

  /// The score an `end` record keeps: ``credit`` over the questions set, in percent, unrounded; nil
  /// until every question was answered or skipped (an unfinished session has no score). Folding an
  /// override after the end scores the session again the same way (`SessionRecord.overrule`).
  package var recordedScore: Double? {
    guard answered + skipped > 0, unanswered == 0 else { return nil }
    return credit * 100 / Double(max(1, total))
  }

  /// Percent `credit` of `whole`, rounded half up, 0 for an empty whole.
  static func percent(credit: Double, of whole: Int) -> Int {
    guard whole > 0 else { return 0 }
    return Int((credit * 100 / Double(whole)).rounded(.toNearestOrAwayFromZero))
  }

  /// Percent `part` of `whole`, rounded half up, 0 for an empty whole.
  static func percent(_ part: Int, of whole: Int) -> Int {
    guard whole > 0 else { return 0 }
    return (part * 200 + whole) / (whole * 2)
  }
}
