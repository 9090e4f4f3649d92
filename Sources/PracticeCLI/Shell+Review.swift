import CourseOutline
import Foundation
import Localization
import PracticeJSON
import PracticeTime
import ProgressStorage
import QuizEngine
import Reports
import Scheduling
import Study
import TextLayout

extension Shell {
  /// The learner's memories now: empty when this run keeps no progress.
  var book: ReviewBook { reviewBooks?.reviewBook() ?? ReviewBook() }

  /// The study policy over the progress as it stands now: what `review`, `mistakes` and `resume` ask.
  var policy: StudyPolicy {
    StudyPolicy(
      course: course, state: recorder?.state ?? ProgressState(), book: book, studyDay: studyDay, limits: dailyLimits)
  }

  /// `review [--new] [ADDR]`: the questions due, most overdue first, then a block of new ones
  /// from the parts already started (every part with `--new`), in course order, within the day's limits.
  func review(_ argument: String) throws(CommandFailure) {
    let (everywhere, address) = Self.takeFlag("--new", from: argument)
    let node = address.isEmpty ? nil : try resolve(address)
    let questions = node.map { course.questions(inSubtreeOf: $0) } ?? course.nodes.flatMap(\.questions)
    let place = node.map { "\(course.address(of: $0)) \(course.nodes[$0].title)" } ?? course.title
    guard !questions.isEmpty else {
      throw CommandFailure(messages.tr("{place} has no questions to review", ["place": place]))
    }
    let now = clock.now()
    let policy = self.policy
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
    try begin(
      plan.reviews + plan.fresh, node: node, kind: .review, seed: nextSeed(inOrder: false), keepingOrder: true,
      // After due questions, the new ones are announced where they begin (a review of new ones
      // alone says so in its heading).
      announcements: plan.fresh.isEmpty || plan.reviews.isEmpty ? [:] : [plan.reviews.count: newBlockText(plan.fresh)])
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
    guard let first = policy.newBlockStart(of: questions, since: start) else { return [:] }
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

  /// `due [ADDR]`: per node, how many questions fall due today (overdue included) and on each of the next 7 study days.
  func due(_ argument: String) throws(CommandFailure) {
    let root = argument.isEmpty ? nil : try resolve(argument)
    let now = clock.now()
    let today = studyDay.number(of: now)
    let counts = StudyFigures.dueByDay(course: course, memories: book.memories, studyDay: studyDay, now: now, days: 8)
    let nodes = root.map { Array($0..<course.nodes[$0].subtreeEnd) } ?? Array(course.nodes.indices)
    let shown = nodes.filter { counts[$0].contains { $0 > 0 } }
    let place = root.map { "\(course.address(of: $0)) \(course.nodes[$0].title)" } ?? course.title
    guard !shown.isEmpty else {
      output.line(messages.tr("Nothing falls due in {place} today or in the next 7 days.", ["place": place]))
      return
    }
    func table(titleWidth: Int, days: Int) -> [String] {
      // Every day, in every width: a narrower terminal gets the list instead.
      var table = TextTable(
        columns: [.left(messages.tr("node")), .left(messages.tr("title")), .right(messages.tr("today"))]
          + (1..<days + 1).map {
            .right(String(UTCTime.day(number: today + $0).dropFirst(5)))
          })
      for node in shown {
        let n = course.nodes[node]
        let indent = String(repeating: " ", count: (n.depth - (root.map { course.nodes[$0].depth } ?? 0)) * 2)
        table.append(
          [indent + course.address(of: node), DisplayWidth.truncated(n.title, to: titleWidth)]
            + counts[node].prefix(days + 1).map { $0 == 0 ? style.noneMark : String($0) })
      }
      return table.lines()
    }
    // On a narrow terminal titles are cut to 16 columns; when even that runs past the edge, each
    // node is listed with its title whole and all eight days under it: no day is ever dropped.
    var lines = table(titleWidth: 40, days: 7)
    if let width = width() {
      let widest = { (lines: [String]) in lines.map { DisplayWidth.of($0) }.max() ?? 0 }
      if widest(lines) > width { lines = table(titleWidth: 16, days: 7) }
      if widest(lines) > width { lines = dueList(shown, counts: counts, root: root, today: today, width: width) }
    }
    let date = StudyDay.date(ofDay: today)
    let ends = studyDay.local(studyDay.end(of: now))
    var end = (ends.hour < 10 ? "0" : "") + "\(ends.hour):" + (ends.minute < 10 ? "0" : "") + "\(ends.minute)"
    // A study day starting at 04:00 ends on the next calendar day: that day is named, so "today,
    // 6 December, ends at 04:00" is never read as this morning.
    if (ends.year, ends.month, ends.day) != (date.year, date.month, date.day) {
      // TRANSLATORS: a day and a time of day, as in "ends at 2026-12-07 04:00".
      end = messages.tr("{date} {time}", ["date": messages.shortDate(studyDay.end(of: now)), "time": end])
    }
    wrapped(
      messages.tr(
        "Due in {place}, by study day (today, {today}, ends at {end} and includes anything overdue):",
        ["place": place, "today": messages.date(year: date.year, month: date.month, day: date.day), "end": end]))
    for line in lines { output.line(line) }
    wrapped(limitsLine(scope: root, now: now))
  }

  /// What today's limits leave of the due and new questions in `scope`: what `review` asks now.
  func limitsLine(scope: Int?, now: Date) -> String {
    let plan = policy.review(of: scope, now: now)
    let values: KeyValuePairs<String, Any> = [
      "due": plan.reviews.count, "new": plan.fresh.count, "reviews": plan.limits.reviewsPerDay,
      "newPerDay": plan.limits.newPerDay, "waiting": plan.dueWaiting,
    ]
    return plan.dueWaiting > 0
      ? messages.tr(
        "Today's limits ({reviews} reviews, {newPerDay} new a day) leave {due} due and {new} new for 'review' now; {waiting} more due wait for the next days.",
        values)
      : messages.tr(
        "Today's limits ({reviews} reviews, {newPerDay} new a day) leave {due} due and {new} new for 'review' now.",
        values)
  }

  /// `due` on a terminal too narrow for its table: each node's address and title (wrapped under
  /// itself), then today and the next 7 days in a grid of `day count` cells under it.
  ///
  /// ```text
  /// 1.1 物态变化 温度
  ///     today 18   12-02 0    12-03 3
  ///     12-04 0    12-05 0    12-06 1
  /// ```
  func dueList(_ nodes: [Int], counts: [[Int]], root: Int?, today: Int, width: Int) -> [String] {
    let labels = [messages.tr("today")] + (1..<8).map { String(UTCTime.day(number: today + $0).dropFirst(5)) }
    let cells = nodes.map { node in zip(labels, counts[node]).map { "\($0) \($1)" } }
    let cellWidth = cells.joined().map { DisplayWidth.of($0) }.max() ?? 0
    let base = root.map { course.nodes[$0].depth } ?? 0
    var lines: [String] = []
    for (node, row) in zip(nodes, cells) {
      let indent = String(repeating: " ", count: (course.nodes[node].depth - base) * 2)
      let head = indent + course.address(of: node) + " "
      let hang = String(repeating: " ", count: DisplayWidth.of(head))
      for (i, line) in TextWrapping.lines(course.nodes[node].title, width: max(width - hang.count, 8)).enumerated() {
        lines.append((i == 0 ? head : hang) + line)
      }
      let lead = indent + "    "
      let perLine = max(1, (width - lead.count + 2) / (cellWidth + 2))
      for start in stride(from: 0, to: row.count, by: perLine) {
        let piece = row[start..<min(start + perLine, row.count)]
        lines.append(
          lead + piece.map { DisplayWidth.padded($0, to: cellWidth) }.joined(separator: "  ").trimmingSpaces())
      }
    }
    return lines
  }
}
