import Foundation

/// One quiz session: what was asked, what was answered, how it ended.
///
/// ```swift
/// for session in store.state.sessionsByStart where session.node == key { print(session.score ?? 0) }
/// ```
public struct SessionRecord: Sendable, Hashable {
  public var id: String
  public var node: String
  public var start: Date
  /// `nil` while the session is open (or when it was never ended, e.g. the program died).
  public var end: Date?
  public var questionIDs: [String]
  public var answers: [SessionAnswer]
  /// Questions skipped, in order (`given` empty, rated Again); kept apart from `answers` so that
  /// scores and attempts count answers only.
  public var skips: [SessionAnswer] = []
  public var score: Double?
  public var endedEarly: Bool

  public init(
    id: String, node: String, start: Date, end: Date? = nil, questionIDs: [String] = [],
    answers: [SessionAnswer] = [], score: Double? = nil, endedEarly: Bool = false
  ) {
    self.id = id
    self.node = node
    self.start = start
    self.end = end
    self.questionIDs = questionIDs
    self.answers = answers
    self.score = score
    self.endedEarly = endedEarly
  }

  /// Seconds from start to end, once ended.
  public var duration: TimeInterval? { end.map { $0.timeIntervalSince(start) } }
}
