import Foundation

/// Retired sessions of one node and kind, summed: what `ls`, `info` and reports need of them.
///
/// ```swift
/// var tally = SessionTally(key: SessionTally.Key(session))
/// tally.add(session)
/// ```
public struct SessionTally: Sendable, Hashable {
  /// Node, kind and, for sessions recorded before kinds were kept, how many questions were asked
  /// (whether such a session counts as full depends on it).
  public struct Key: Sendable, Hashable {
    public var node: String
    public var kind: SessionKind?
    /// Questions asked when `kind` is nil; 0 otherwise.
    public var asked: Int

    public init(node: String, kind: SessionKind?, asked: Int) {
      self.node = node
      self.kind = kind
      self.asked = kind == nil ? asked : 0
    }

    public init(_ session: SessionRecord) {
      self.init(node: session.node, kind: session.kind, asked: session.questionIDs.count)
    }
  }

  public var key: Key
  /// Sessions, and of them those with an answer or a skip: the sessions reports count.
  public var count = 0
  public var scored = 0
  /// Time spent (`SessionRecord.activeMilliseconds`) in the scored sessions, in whole milliseconds
  /// (snapshots written before 2026-12 also counted the time of sessions left before any answer).
  public var milliseconds: Int64 = 0
  public var best: Double?
  /// The latest-started finished session (start, then id, as `last` is chosen) and its score.
  public var lastStart: Date?
  public var lastID = ""
  public var lastScore: Double?

  public init(key: Key) {
    self.key = key
  }

  public mutating func add(_ session: SessionRecord) {
    count += 1
    // A session left before any answer or skip is no session in reports: no time, no score.
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
