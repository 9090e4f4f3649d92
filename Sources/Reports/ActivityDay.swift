import Foundation

/// How many answers were given on one study day (the learner's local day, from the hour it starts).
///
/// ```swift
/// let busiest = report.activity.max { $0.answers < $1.answers }
/// ```
public struct ActivityDay: Sendable, Hashable {
  /// `2026-03-31`, the local date the study day begins on.
  public var date: String
  /// The instant the study day begins (`StudyDay.start(ofDay:)`).
  public var start: Date
  public var answers: Int

  public init(date: String, start: Date, answers: Int) {
    self.date = date
    self.start = start
    self.answers = answers
  }
}
