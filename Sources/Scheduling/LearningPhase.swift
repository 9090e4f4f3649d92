/// Where a question is in FSRS's cycle: first learning steps, day-scale reviews, or relearning after a lapse.
///
/// ```swift
/// memory.phase == .review  // scheduled in whole days
/// LearningPhase.relearning.rawValue  // 3, py-fsrs's State.Relearning
/// ```
package enum LearningPhase: Int, Sendable, Hashable, CaseIterable {
  case learning = 1
  case review = 2
  case relearning = 3

  /// The lower-case English name: `learning`, `review`, `relearning`.
  package var name: String {
    switch self {
    case .learning: "learning"
    case .review: "review"
    case .relearning: "relearning"
    }
  }
}
