import CourseOutline
import Foundation
import Localization
import PracticeJSON
import PracticeTime
import QuizEngine
import Reports
import Scheduling
import TextLayout

extension Shell {
  /// The learner's memories now: empty when this run keeps no progress.
  var book: ReviewBook { reviewBooks?.reviewBook() ?? ReviewBook() }

  /// `review [ADDR]`: the questions due today, most overdue first, then new ones, within the day's limits.
  func review(_ argument: String) throws(CommandFailure) {
    let node = argument.isEmpty ? nil : try resolve(argument)
    let questions = node.map { course.questions(inSubtreeOf: $0) } ?? course.nodes.flatMap(\.questions)
    let place = node.map { "\(course.address(of: $0)) \(course.nodes[$0].title)" } ?? course.title
    guard !questions.isEmpty else {
      throw CommandFailure(messages.tr("{place} has no questions to review", ["place": place]))
    }
    let now = clock.now()
    let book = self.book
    let today = book.countsToday(now: now, studyDay: studyDay)
    let dayEnd = studyDay.end(of: now)
    var due: [(question: Question, due: Date, order: Int)] = []
    var new: [Question] = []
    for (order, question) in questions.enumerated() {
      if let memory = book.memories[question.id] {
        if StudyFigures.isDueToday(memory, before: dayEnd) { due.append((question, memory.due, order)) }
      } else {
        new.append(question)
      }
    }
    due.sort { ($0.due, $0.order) < ($1.due, $1.order) }
    let reviews = due.prefix(max(0, reviewLimit - today.reviews)).map(\.question)
    let fresh = new.prefix(max(0, newLimit - today.new))
    guard !reviews.isEmpty || !fresh.isEmpty else {
      wrapped(nothingDueMessage(place: place, questions: questions, now: now, dueLeft: due.count, newLeft: new.count))
      return
    }
    var parts = [messages.tr("{count} due", ["count": reviews.count])]
    if !fresh.isEmpty { parts.append(messages.tr("{count} new", ["count": fresh.count])) }
    if due.count > reviews.count {
      parts.append(messages.tr("{count} more due after today's limit", ["count": due.count - reviews.count]))
    }
    wrapped(messages.tr("Review: {place}, {counts}", ["place": place, "counts": messages.list(parts)]), tone: .bold)
    wrapped(
      messages.tr("Answer by letter, number or text; 'skip', 'hint', 'quit'; an empty line repeats the question."))
    if let node { try? recorder?.nodeOpened(key: course.key(of: node), at: now) }
    // A review asks the most overdue first; its options are shuffled as every session's are (a
    // fresh seed, or --seed's), or the right answer to a question would always be the same letter.
    try begin(reviews + fresh, node: node, kind: .review, seed: nextSeed(inOrder: false), keepingOrder: true)
  }

  private func nothingDueMessage(place: String, questions: [Question], now: Date, dueLeft: Int, newLeft: Int) -> String
  {
    if dueLeft > 0 || newLeft > 0 {
      return messages.tr(
        "Today's limit is reached ({reviews} reviews, {new} new questions a day; --limit N changes the first): {due} due and {waiting} new wait in {place}.",
        ["reviews": reviewLimit, "new": newLimit, "due": dueLeft, "waiting": newLeft, "place": place])
    }
    let next = questions.compactMap { book.memories[$0.id]?.due }.min()
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
            + counts[node].prefix(days + 1).map { $0 == 0 ? "·" : String($0) })
      }
      return table.lines()
    }
    // On a narrow terminal titles are cut to 16 columns, then the furthest days go, then titles are
    // cut further (down to 8): the table never runs past the edge, where the terminal would break it.
    var (titleWidth, days) = (40, 7)
    var lines = table(titleWidth: titleWidth, days: days)
    if let width = width() {
      let widest = { (lines: [String]) in lines.map { DisplayWidth.of($0) }.max() ?? 0 }
      if widest(lines) > width {
        titleWidth = 16
        lines = table(titleWidth: titleWidth, days: days)
      }
      while widest(lines) > width && days > 0 {
        days -= 1
        lines = table(titleWidth: titleWidth, days: days)
      }
      if widest(lines) > width {
        lines = table(titleWidth: max(8, titleWidth - (widest(lines) - width)), days: days)
      }
    }
    let date = StudyDay.date(ofDay: today)
    let ends = studyDay.local(studyDay.end(of: now))
    let end = (ends.hour < 10 ? "0" : "") + "\(ends.hour):" + (ends.minute < 10 ? "0" : "") + "\(ends.minute)"
    wrapped(
      messages.tr(
        "Due in {place}, by study day (today, {today}, ends at {end} and includes anything overdue):",
        ["place": place, "today": messages.date(year: date.year, month: date.month, day: date.day), "end": end]))
    for line in lines { output.line(line) }
  }
}
