package import Foundation
package import Scheduling

/// A question's review state as of `EarlierHistory.reviewedThrough`: what `ReviewBook` keeps.
///
/// ```swift
/// let due = state.earlier.reviews["q7"]?.memory.due
/// ```
package struct ReviewTally: Sendable, Hashable {
  package var memory: CardMemory
  /// Whether its latest answer was right (a skip is not).
  package var lastRight: Bool
  /// When it was first answered or skipped.
  package var first: Date
}
