import Foundation
import Localization
import ProgressStorage
import TextLayout

extension Shell {
  /// `set`: shows the daily limits and what today leaves of them; `set new-per-day N` and
  /// `set reviews-per-day N` change one and keep it for this learner and course.
  func setLimit(_ argument: String) throws(CommandFailure) {
    let words = argument.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard !words.isEmpty else {
      wrapped(limitsText())
      return
    }
    let usage = messages.tr(
      "usage: set new-per-day N, or set reviews-per-day N (N from 0 to {maximum})",
      [
        "maximum": DailyLimits.maximum
      ])
    guard words.count == 2 else { throw CommandFailure(usage) }
    guard let number = Int(words[1]), (0...DailyLimits.maximum).contains(number) else {
      throw CommandFailure(
        messages.tr(
          "set: {name} needs a whole number from 0 to {maximum}, not '{text}'",
          ["name": words[0], "maximum": DailyLimits.maximum, "text": OutputSanitizer.clean(words[1])]))
    }
    switch words[0].lowercased() {
    case "new-per-day", "new", "新题": dailyLimits.newPerDay = number
    case "reviews-per-day", "reviews", "复习": dailyLimits.reviewsPerDay = number
    default: throw CommandFailure(usage)
    }
    do {
      try recorder?.saveLimits(dailyLimits, expandedNodes: outline.expandedNodes.map { course.key(of: $0) })
    } catch {
      throw CommandFailure(
        messages.tr(
          "the limit is changed for this run, but was NOT saved: {error}", ["error": messages.describe(error)]))
    }
    wrapped(limitsText())
  }

  /// "A day holds 20 new questions and 200 reviews; today leaves 15 new and 188 reviews."
  func limitsText() -> String {
    let today = book.countsToday(now: clock.now(), studyDay: studyDay)
    return messages.tr(
      "A day holds {new} new questions and {reviews} reviews; today leaves {newLeft} new and {reviewsLeft} reviews. 'set new-per-day N' or 'set reviews-per-day N' changes them.",
      [
        "new": dailyLimits.newPerDay, "reviews": dailyLimits.reviewsPerDay,
        "newLeft": max(0, dailyLimits.newPerDay - today.new),
        "reviewsLeft": max(0, dailyLimits.reviewsPerDay - today.reviews),
      ])
  }
}
