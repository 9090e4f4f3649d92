import CourseOutline
import Foundation
import Localization
import PracticeTime
import ProgressStorage
import Reports
import Study

/// The greeting a terminal shows before the first prompt, and the next useful step in it.
struct Greeting: ShellPart {
  let context: ShellContext
  /// Today's limits, as `review` would apply them.
  let limits: DailyLimits

  /// The greeting a terminal shows before the first prompt: the course, how to get help, and the
  /// next useful step (`今天有 26 题到期 → 输入 复习`).
  func greet() {
    // Chapters and questions, not nodes: what a learner counts in the outline they are about to open.
    let chapters = course.roots.reduce(0) { count, _ in count + 1 }
    let questions = course.questionCount
    // Two lines, so a long course title never wraps the greeting on an 80-column terminal; wrapped
    // as the session's lines are, so a narrow terminal does not break them anywhere.
    wrapped(
      messages.trn(
        "practice {version}: {title}, {count} chapter, {questions} questions.",
        "practice {version}: {title}, {count} chapters, {questions} questions.",
        count: chapters, ["version": PracticeApp.version, "title": course.title, "questions": questions]))
    wrapped(messages.tr("Type 'help' for commands, 'quit' to leave."))
    for line in nextSteps() { wrapped(line, tone: .accent) }
  }

  /// One or two lines naming what to do now, each ending in the command to type: the reviews
  /// today's limits leave, an unfinished session, else the part to start with.
  func nextSteps() -> [String] {
    guard let recorder else { return [] }
    let now = clock.now()
    let policy = StudyPolicy(
      course: course, state: recorder.state, book: book, studyDay: studyDay, limits: limits)
    var lines: [String] = []
    let plan = policy.review(of: nil, now: now)
    let review = command(.review)
    let unfinished = policy.unfinishedToMention(now: now)
    // Due today counts every due question, as `due` and the report do; today's limits say how many
    // of them (and of the new ones) a review asks now.
    let due = plan.reviews.count + plan.dueWaiting
    let new = plan.fresh.count
    if due > 0 && plan.reviews.isEmpty {
      lines.append(
        messages.tr(
          "Today's limit of reviews is reached; {count} more due wait for tomorrow ('set' changes the limit).",
          ["count": plan.dueWaiting]))
    } else if due > 0 && plan.dueWaiting == 0 && new == 0 {
      lines.append(
        messages.trn(
          "{count} question due today → type {command}", "{count} questions due today → type {command}",
          count: due, ["command": review]))
    } else if due > 0 {
      var parts = [messages.tr("{count} due", ["count": due])]
      if plan.dueWaiting > 0 {
        parts[0] = messages.tr(
          "{count} due ({within} within today's limit)", ["count": due, "within": plan.reviews.count])
      }
      if new > 0 { parts.append(messages.tr("{count} new", ["count": new])) }
      lines.append(
        messages.tr("Today: {counts} → type {command}", ["counts": messages.list(parts), "command": review]))
    } else if new > 0 && unfinished == nil {
      // New questions alone are worth a review only when no unfinished session asks them already.
      lines.append(
        messages.trn(
          "{count} new question from the parts you started → type {command}",
          "{count} new questions from the parts you started → type {command}", count: new, ["command": review]))
    }
    if let unfinished {
      let values: KeyValuePairs<String, Any> = [
        "address": StudyFigures.index(ofKey: unfinished.node, in: course).map { course.address(of: $0) } ?? "",
        "number": unfinished.position + 1, "total": unfinished.questionIDs.count, "command": command(.resume),
      ]
      lines.append(
        unfinished.node.isEmpty
          ? (unfinished.kind == .review
            ? messages.tr("The review stopped at question {number} of {total} → type {command}", values)
            : messages.tr("The mistakes round stopped at question {number} of {total} → type {command}", values))
          : messages.tr("{address} stopped at question {number} of {total} → type {command}", values))
    }
    guard lines.isEmpty else { return lines }
    // Nothing to review or resume: the first part not started yet.
    guard let next = policy.firstUnstartedPart() else { return [] }
    let address = course.address(of: next)
    let start = command(.start, address)
    return [
      policy.book.memories.isEmpty
        ? messages.tr("Start with {address} → type {command}", ["address": address, "command": start])
        : messages.tr("Next part: {address} → type {command}", ["address": address, "command": start])
    ]
  }

  /// A command as the learner's language names it: `复习`, `开始 1.1`; `'review'`, `'start 1.1'`.
  private func command(_ command: ShellCommand, _ argument: String = "") -> String {
    let name = messages.isEnglish ? command.rawValue : command.chineseName
    let text = argument.isEmpty ? name : "\(name) \(argument)"
    return messages.isEnglish ? "'\(text)'" : text
  }
}
