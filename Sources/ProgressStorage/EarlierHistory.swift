import Foundation
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
public struct EarlierHistory: Sendable, Hashable {
  /// Retired sessions, summed per node and kind.
  public var sessions: [SessionTally.Key: SessionTally] = [:]
  /// Each question's scheduler state after every answer and skip before `reviewedThrough`.
  public var reviews: [String: ReviewTally] = [:]
  /// Answers and skips before this time are already in `reviews`; nil when nothing was folded.
  public var reviewedThrough: Date?

  public init() {}

  public var isEmpty: Bool { sessions.isEmpty && reviews.isEmpty && reviewedThrough == nil }
}
