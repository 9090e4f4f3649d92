package import Foundation

/// One question's FSRS memory: its phase, stability, difficulty and when it is next due.
///
/// A question never answered has no memory (`nil` where one is expected); its first review
/// starts from ``CardMemory/new(due:)``.
///
/// ```swift
/// var memory = CardMemory.new(due: now)
/// memory = FSRSScheduler.standard.review(memory, rating: .good, at: now)
/// memory.due  // now + 10 minutes: the second learning step
/// ```
package struct CardMemory: Sendable, Hashable {
  package var phase: LearningPhase
  /// The learning or relearning step; nil in the review phase.
  package var step: Int?
  /// Days until recall probability falls to 90 %; nil before the first review.
  package var stability: Double?
  /// 1 (easy) to 10 (hard); nil before the first review.
  package var difficulty: Double?
  /// When the question is next due (UTC, whole milliseconds).
  package var due: Date
  package var lastReview: Date?
  /// How many reviews the question has had.
  package var reps: Int
  /// How many times it was forgotten (rated Again) in the review phase.
  package var lapses: Int

  package init(
    phase: LearningPhase, step: Int?, stability: Double?, difficulty: Double?, due: Date,
    lastReview: Date?, reps: Int = 0, lapses: Int = 0
  ) {
    self.phase = phase
    self.step = step
    self.stability = stability
    self.difficulty = difficulty
    self.due = due
    self.lastReview = lastReview
    self.reps = reps
    self.lapses = lapses
  }

  /// A question never reviewed: learning, step 0, due at `due`.
  package static func new(due: Date) -> CardMemory {
    CardMemory(
      phase: .learning, step: 0, stability: nil, difficulty: nil, due: due, lastReview: nil)
  }
}
