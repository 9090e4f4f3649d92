package import Foundation

/// Retired sessions of one node and kind, summed: what `ls`, `info` and reports need of them.
///
/// ```swift
/// var tally = SessionTally(key: SessionTally.Key(session))
/// tally.add(session)
/// ```
package struct SessionTally: Sendable, Hashable {
  /// Node, kind and, for sessions recorded before kinds were kept, how many questions were asked
  /// (whether such a session counts as full depends on it).
  package struct Key: Sendable, Hashable {
    package var node: String
    package var kind: SessionKind?
    /// Questions asked when `kind` is nil; 0 otherwise.
    package var asked: Int

    package init(node: String, kind: SessionKind?, asked: Int) {
      self.node = node
      self.kind = kind
      self.asked = kind == nil ? asked : 0
    }

    package init(_ session: SessionRecord) {
      self.init(node: session.node, kind: session.kind, asked: session.questionIDs.count)
    }
  }

  package var key: Key
  /// Sessions, and of them those with an answer, a skip or an essay response: the sessions reports count.
  package var count = 0
  package var scored = 0
  /// Time spent (`SessionRecord.activeMilliseconds`) in the scored sessions, in whole milliseconds
  /// (snapshots written before 2026-12 also counted the time of sessions left before any answer).
  package var milliseconds: Int64 = 0
  package var best: Double?
  /// The latest-started finished session (start, then id, as `last` is chosen) and its score.
  package var lastStart: Date?
  package var lastID = ""
  package var lastScore: Double?

  package init(key: Key) {
    self.key = key
  }

  package mutating func add(_ session: SessionRecord) {
    count += 1
    // A session left before any answer, skip or essay response is no session in reports: no time, no score.
    guard !session.isEmpty else { return }
    milliseconds =
      milliseconds.addingReportingOverflow(session.activeMilliseconds).overflow
      ? .max : milliseconds + session.activeMilliseconds
    scored += 1
    // Only a finished session has a score (best and last are of finished sessions).
    guard let score = session.result else { return }
    best = max(best ?? score, score)
    if let lastStart, (lastStart, lastID) > (session.start, session.id) { return }
    lastStart = session.start
    lastID = session.id
    lastScore = score
  }
}
