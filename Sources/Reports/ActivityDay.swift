package import Foundation

/// How many answers were given on one study day (the learner's local day, from the hour it starts).
///
/// ```swift
/// let busiest = report.activity.max { $0.answers < $1.answers }
/// ```
package struct ActivityDay: Sendable, Hashable {
  /// `2026-03-31`, the local date the study day begins on.
  package var date: String
  /// The instant the study day begins (`StudyDay.start(ofDay:)`).
  package var start: Date
  package var answers: Int

  package init(date: String, start: Date, answers: Int) {
    self.date = date
    self.start = start
    self.answers = answers
  }
}
