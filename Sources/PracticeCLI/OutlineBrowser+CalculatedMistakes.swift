import CourseOutline
import Localization
import ProgressStorage
import QuizEngine
import Reports
import TextLayout

extension OutlineBrowser {
  /// How many wrong answers `info` lists per calculated question: the latest.
  static let calculatedMistakesShown = 3

  /// `info`'s field of the wrong answers to the node's calculated questions with the values each
  /// was given for (`you: 30 (t1 = -15, t2 = 12)    right: 27 ℃`), under each question's prompt as
  /// the course writes it; from the sessions the progress keeps whole (the report has every one).
  func calculatedMistakeFields(of node: Int) -> [(String, String)] {
    guard let state = recorder?.state else { return [] }
    let mistakes = CalculatedMistake.collect(course: course, state: state, nodes: node..<course.nodes[node].subtreeEnd)
    guard !mistakes.isEmpty else { return [] }
    var byQuestion: [String: [CalculatedMistake]] = [:]
    for mistake in mistakes { byQuestion[mistake.questionID, default: []].append(mistake) }
    var lines: [String] = []
    for question in course.questions(inSubtreeOf: node) {
      guard let answers = byQuestion[question.id], let first = answers.first else { continue }
      lines.append(first.address + " " + DisplayWidth.truncated(first.prompt, to: 60))
      if answers.count > Self.calculatedMistakesShown {
        let earlier = answers.count - Self.calculatedMistakesShown
        lines.append(
          "  " + messages.trn("and {count} earlier wrong answer", "and {count} earlier wrong answers", count: earlier))
      }
      for mistake in answers.suffix(Self.calculatedMistakesShown) {
        let values: KeyValuePairs<String, Any> = [
          "given": mistake.given, "values": mistake.values.text, "expected": mistake.answer ?? "",
        ]
        lines.append(
          "  "
            + (mistake.answer == nil
              ? messages.tr("you: {given} ({values})", values)
              : messages.tr("you: {given} ({values})    right: {expected}", values)))
      }
    }
    return [(messages.tr("wrong answers"), lines.joined(separator: "\n"))]
  }
}
