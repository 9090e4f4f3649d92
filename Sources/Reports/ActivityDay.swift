import Foundation

/// How many answers were given on one UTC day.
///
/// ```swift
/// let busiest = report.activity.max { $0.answers < $1.answers }
/// ```
public struct ActivityDay: Sendable, Hashable {
  /// `2026-03-31`, the UTC calendar day.
  public var date: String
  /// Midnight UTC at the start of the day.
  public var start: Date
  public var answers: Int

  public init(date: String, start: Date, answers: Int) {
    self.date = date
    self.start = start
    self.answers = answers
  }
}
