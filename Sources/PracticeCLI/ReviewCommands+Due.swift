import CourseOutline
import Foundation
import Localization
import PracticeTime
import ProgressStorage
import QuizEngine
import Reports
import Study
import TextLayout

extension ReviewCommands {
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
    let plan = policy(limits: limits).review(of: scope, now: now)
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
