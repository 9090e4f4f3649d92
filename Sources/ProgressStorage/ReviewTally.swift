import Foundation
import Scheduling

/// A question's review state as of `EarlierHistory.reviewedThrough`: what `ReviewBook` keeps.
///
/// ```swift
/// let due = state.earlier.reviews["q7"]?.memory.due
/// ```
public struct ReviewTally: Sendable, Hashable {
  public var memory: CardMemory
  /// Whether its latest answer was right (a skip is not).
  public var lastRight: Bool
  /// When it was first answered or skipped.
  public var first: Date
}
