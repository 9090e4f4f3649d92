/// How many new questions and reviews a study day may hold, as Anki's "new cards/day" and
/// "maximum reviews/day": a review asks at most this many, counting what the day already asked.
///
/// ```swift
/// let limits = viewState.limits ?? DailyLimits()
/// let fresh = newQuestions.prefix(limits.newPerDay - today.new)
/// ```
package struct DailyLimits: Sendable, Hashable {
  /// New (never answered or skipped) questions a day; Anki's default is 20.
  package var newPerDay: Int
  /// Reviews of questions answered before a day; Anki's default is 200.
  package var reviewsPerDay: Int

  /// Anki's defaults: 20 new questions and 200 reviews a day.
  package static let standard = DailyLimits()

  /// The largest limit `set` and the options take: beyond it a limit means "no limit" anyway.
  package static let maximum = 100_000

  package init(newPerDay: Int = 20, reviewsPerDay: Int = 200) {
    self.newPerDay = newPerDay
    self.reviewsPerDay = reviewsPerDay
  }
}
