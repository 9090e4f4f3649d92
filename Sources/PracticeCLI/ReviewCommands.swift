import CourseOutline
import Foundation
import Localization
import PracticeTime
import ProgressStorage
import QuizEngine
import Reports
import Study
import TextLayout

/// `review`, `due` and `set`: what the day holds and asks (as the study policy plans it), said in
/// the learner's words; the practice controller runs the review.
struct ReviewCommands: ShellPart {
  let context: ShellContext
  /// Today's limits: the configuration's, or what `set` changed them to in this run.
  var limits: DailyLimits

  /// `review [--new] [ADDR]`: the questions due, most overdue first, then a block of new ones
  /// from the parts already started (every part with `--new`), in course order, within the day's limits.
  func review(
    _ argument: String, practice: inout PracticeController, state: inout ShellState
  ) throws(CommandFailure) {
    let (everywhere, address) = Shell.takeFlag("--new", from: argument)
    let node = address.isEmpty ? nil : try resolve(address)
    let questions = node.map { course.questions(inSubtreeOf: $0) } ?? course.nodes.flatMap(\.questions)
    let place = node.map { "\(course.address(of: $0)) \(course.nodes[$0].title)" } ?? course.title
    guard !questions.isEmpty else {
      throw CommandFailure(messages.tr("{place} has no questions to review", ["place": place]))
    }
    let now = clock.now()
    let policy = self.policy(limits: limits)
    let plan = policy.review(of: node, now: now, everywhere: everywhere)
    guard !plan.reviews.isEmpty || !plan.fresh.isEmpty else {
      wrapped(nothingDueMessage(place: place, next: policy.nextDue(of: questions), now: now, plan: plan))
      return
    }
    var parts = [messages.tr("{count} due", ["count": plan.reviews.count])]
    if !plan.fresh.isEmpty { parts.append(messages.tr("{count} new", ["count": plan.fresh.count])) }
    if plan.dueWaiting > 0 {
      parts.append(messages.tr("{count} more due after today's limit", ["count": plan.dueWaiting]))
    }
    wrapped(messages.tr("Review: {place}, {counts}", ["place": place, "counts": messages.list(parts)]), tone: .bold)
    wrapped(
      messages.tr("Answer by letter, number or text; 'skip', 'hint', 'quit'; an empty line repeats the question."))
    // A review asks the most overdue first; its options are shuffled as every session's are (a
    // fresh seed, or --seed's), or the right answer to a question would always be the same letter.
    try practice.begin(
      plan.reviews + plan.fresh, node: node, kind: .review, seed: practice.nextSeed(inOrder: false), keepingOrder: true,
      // After due questions, the new ones are announced where they begin (a review of new ones
      // alone says so in its heading).
      announcements: plan.fresh.isEmpty || plan.reviews.isEmpty ? [:] : [plan.reviews.count: newBlockText(plan.fresh)],
      state: &state)
  }

  /// "Next come 5 new questions, from 1.3 and 1.4.": said where a review's new questions begin.
  func newBlockText(_ fresh: [Question]) -> String {
    let owners = self.owners(of: fresh)
    var addresses: [String] = []
    for question in fresh {
      guard let key = owners[question.id], let index = StudyFigures.index(ofKey: key, in: course) else { continue }
      let address = course.address(of: index)
      if addresses.last != address && !addresses.contains(address) { addresses.append(address) }
    }
    let shown = addresses.count > 4 ? Array(addresses.prefix(3)) + ["…"] : addresses
    return messages.trn(
      "Next comes {count} new question, from {parts}.", "Next come {count} new questions, from {parts}.",
      count: fresh.count, ["parts": messages.list(shown)])
  }

  /// Where a resumed review's new questions begin (those first answered in it or not yet), and what
  /// is said there; empty when it has none.
  func newBlockAnnouncement(of questions: [Question], since start: Date) -> [Int: String] {
    guard let first = policy(limits: limits).newBlockStart(of: questions, since: start) else { return [:] }
    return [first: newBlockText(Array(questions[first...]))]
  }

  private func nothingDueMessage(place: String, next: Date?, now: Date, plan: ReviewPlan) -> String {
    if plan.dueWaiting > 0 || plan.newWaiting > 0 {
      return messages.tr(
        "Today's limit is reached ({reviews} reviews, {new} new questions a day; 'set' changes them): {due} due and {waiting} new wait in {place}.",
        [
          "reviews": plan.limits.reviewsPerDay, "new": plan.limits.newPerDay, "due": plan.dueWaiting,
          "waiting": plan.newWaiting, "place": place,
        ])
    }
    if plan.unstartedNew > 0 {
      return messages.tr(
        "Nothing is due in {place}, and the parts you started have no new questions left; 'review --new' takes {count} new ones from parts not started yet, or 'start ADDR' opens one.",
        ["place": place, "count": plan.unstartedNew])
    }
    guard let next else { return messages.tr("Nothing is due in {place}.", ["place": place]) }
    return messages.tr(
      "Nothing is due in {place}; the next review is at {time} ({until}).",
      ["place": place, "time": messages.dateTime(next), "until": Self.until(next, from: now, messages)])
  }

  /// "in 3 days", "in 5 minutes": how long until `date`.
  static func until(_ date: Date, from now: Date, _ messages: Localizer = .english) -> String {
    let seconds = max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    if seconds < 3_600 {
      return messages.trn("in {count} minute", "in {count} minutes", count: max(1, (seconds + 59) / 60))
    }
    if seconds < 86_400 { return messages.trn("in {count} hour", "in {count} hours", count: seconds / 3_600) }
    return messages.trn("in {count} day", "in {count} days", count: seconds / 86_400)
  }

  /// `set`: shows the daily limits and what today leaves of them; `set new-per-day N` and
  /// `set reviews-per-day N` change one and keep it for this learner and course.
  mutating func setLimit(_ argument: String, outline: Outline) throws(CommandFailure) {
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
    case "new-per-day", "new", "新题": limits.newPerDay = number
    case "reviews-per-day", "reviews", "复习": limits.reviewsPerDay = number
    default: throw CommandFailure(usage)
    }
    do {
      try recorder?.saveLimits(limits, expandedNodes: outline.expandedNodes.map { course.key(of: $0) })
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
        "new": limits.newPerDay, "reviews": limits.reviewsPerDay,
        "newLeft": max(0, limits.newPerDay - today.new),
        "reviewsLeft": max(0, limits.reviewsPerDay - today.reviews),
      ])
  }
}
