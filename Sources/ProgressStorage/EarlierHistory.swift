package import Foundation
import Scheduling

/// What compaction folded out of the snapshot's session list: old sessions summed per node and
/// kind, and every question's review memory as of `reviewedThrough`.
///
/// The snapshot keeps whole only the sessions start-up can still need (see
/// `ProgressState.retireOldSessions`), so it stays small however long the history; every answer
/// stays in the journal's kept segments, where reports read it.
///
/// ```swift
/// let sessionsOnNode = state.earlier.sessions.values.filter { $0.node == "#ch1" }.reduce(0) { $0 + $1.count }
/// ```
package struct EarlierHistory: Sendable, Hashable {
  /// Retired sessions, summed per node and kind.
  package var sessions: [SessionTally.Key: SessionTally] = [:]
  /// Each question's scheduler state after every answer and skip before `reviewedThrough`.
  package var reviews: [String: ReviewTally] = [:]
  /// Answers and skips before this time are already in `reviews`; nil when nothing was folded.
  package var reviewedThrough: Date?

  package init() {}

  package var isEmpty: Bool { sessions.isEmpty && reviews.isEmpty && reviewedThrough == nil }
}
