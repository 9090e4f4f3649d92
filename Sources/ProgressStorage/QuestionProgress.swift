package import Foundation

/// How the learner has done on one question, across all sessions.
///
/// ```swift
/// if store.state.questions["q7"]?.answeredRight(lastTimes: 2) == true { skip() }
/// ```
package struct QuestionProgress: Sendable, Hashable {
  /// How many results `recentResults` keeps.
  package static let historyLimit = 10

  package var attempts = 0
  package var correct = 0
  package var lastCorrect: Bool?
  package var lastAnsweredAt: Date?
  /// The latest results, oldest first, at most `historyLimit` of them.
  package var recentResults: [Bool] = []
  /// The question was skipped after its latest graded answer (or skipped and never answered).
  package var skippedLast = false
  /// Answers the learner overruled with `!!`; each is also counted in `correct`.
  package var overruled = 0
  /// Answers and skips recorded after the learner asked for the question's hint.
  package var hints = 0
  /// Of `attempts`, those given while reviewing (`SessionRecord.readsParts` is false: a `review`,
  /// or a `mistakes` round of the whole course): that is not a reading of the part, so a question
  /// answered only so does not make its part read (`readByAnswer`). Absent in snapshots written
  /// before it was kept, where every answer read its part, as then.
  package var reviewAnswers = 0
  /// The partial credit of the answers that were neither right nor worth nothing, summed (each
  /// between 0 and 1); with `correct`, the credit earned: `correct + partialCredit`.
  package var partialCredit: Double = 0

  /// Right answers plus the partial credit of the others: what accuracy divides by `attempts`.
  package var credit: Double { Double(correct) + partialCredit }
  /// The session of the latest graded answer, so an `!!` in another session's answer of the same
  /// millisecond does not make it right (an override changes an answer's grade, not its place).
  /// Not kept in the snapshot, and so not part of equality: after a restart an override falls back
  /// to comparing times, which only differs when two sessions answered in the same millisecond.
  package var lastAnswerSession: String?

  package init(
    attempts: Int = 0, correct: Int = 0, lastCorrect: Bool? = nil, lastAnsweredAt: Date? = nil,
    recentResults: [Bool] = [], overruled: Int = 0, hints: Int = 0, skippedLast: Bool = false,
    reviewAnswers: Int = 0
  ) {
    self.reviewAnswers = reviewAnswers
    self.overruled = overruled
    self.hints = hints
    self.skippedLast = skippedLast
    self.attempts = attempts
    self.correct = correct
    self.lastCorrect = lastCorrect
    self.lastAnsweredAt = lastAnsweredAt
    self.recentResults = recentResults
  }

  /// The latest graded answer (by time; among equal times the later folded) is right. Not
  /// "mastered": that takes a 21-day FSRS interval (`StudyFigures.isMastered`).
  /// (an overruled answer counts as right).
  package var latestAnswerRight: Bool { lastCorrect == true }

  /// The question was answered in a session that reads its part (`start`, `mistakes` on a node, or
  /// one whose kind is not known).
  package var readByAnswer: Bool { attempts > reviewAnswers }

  /// One for `mistakes`: the latest graded answer is wrong, or the question was skipped since.
  package var needsRetry: Bool { skippedLast || lastCorrect == false }

  /// Counts one graded answer of `session` at `at`.
  ///
  /// The latest graded answer is the one with the latest time, the later folded among equal
  /// times: the order a snapshot keeps (times, not the order across sessions) and the one an
  /// override's check and `sql/class-report.sql` use. A record replayed out of order (an older
  /// answer folded after a newer one) does not make the older answer the latest.
  mutating func fold(
    correct right: Bool, at: Date, session: String, reading: Bool = true, fraction: Double? = nil
  ) {
    attempts += 1
    if !reading { reviewAnswers += 1 }
    if right { correct += 1 }
    if let fraction { partialCredit += fraction }
    if lastAnsweredAt.map({ at >= $0 }) ?? true {
      lastCorrect = right
      lastAnswerSession = session
    }
    skippedLast = false
    lastAnsweredAt = max(lastAnsweredAt ?? at, at)
    recentResults.append(right)
    if recentResults.count > Self.historyLimit {
      recentResults.removeFirst(recentResults.count - Self.historyLimit)
    }
  }

  /// Whether an overruled answer (of `session`, at `time`) is the latest graded answer.
  func isLatest(session: String, time: Date) -> Bool {
    lastAnsweredAt == time && (lastAnswerSession.map { $0 == session } ?? true)
  }

  /// Whether the last `count` answers (at most `historyLimit`) were all correct.
  package func answeredRight(lastTimes count: Int) -> Bool {
    guard count > 0, recentResults.count >= count else { return false }
    return recentResults.suffix(count).allSatisfy { $0 }
  }
}

extension QuestionProgress {
  package static func == (a: QuestionProgress, b: QuestionProgress) -> Bool {
    (a.attempts, a.correct, a.lastCorrect, a.lastAnsweredAt, a.overruled, a.skippedLast)
      == (b.attempts, b.correct, b.lastCorrect, b.lastAnsweredAt, b.overruled, b.skippedLast)
      && a.hints == b.hints && a.reviewAnswers == b.reviewAnswers && a.partialCredit == b.partialCredit
      && a.recentResults == b.recentResults
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(attempts)
    hasher.combine(correct)
    hasher.combine(lastCorrect)
    hasher.combine(lastAnsweredAt)
    hasher.combine(recentResults)
    hasher.combine(overruled)
    hasher.combine(skippedLast)
    hasher.combine(hints)
    hasher.combine(reviewAnswers)
    hasher.combine(partialCredit)
  }
}
