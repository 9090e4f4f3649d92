/// How well a question was recalled, FSRS's four grades.
///
/// ```swift
/// let rating: Rating = correct ? .good : .again
/// rating.rawValue  // 3 for .good, as py-fsrs and Anki number them
/// ```
package enum Rating: Int, Sendable, Hashable, CaseIterable, Comparable {
  /// Forgotten (a wrong or skipped answer).
  case again = 1
  /// Recalled with effort (right after a hint or an accepted override).
  case hard = 2
  /// Recalled.
  case good = 3
  /// Recalled at once.
  case easy = 4

  /// The lower-case English name: `again`, `hard`, `good`, `easy`.
  package var name: String {
    switch self {
    case .again: "again"
    case .hard: "hard"
    case .good: "good"
    case .easy: "easy"
    }
  }

  package static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rawValue < rhs.rawValue }
}
