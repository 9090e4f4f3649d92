import CourseOutline
import Localization
import Reports
import TextLayout

extension OutlineBrowser {
  /// How many wrong answers `info` lists per calculated question: the latest.
  static let calculatedMistakesShown = 3

  /// `info`'s field of the wrong answers to the node's calculated questions with the values each
  /// was given for (`you: 30 (t1 = -15, t2 = 12)    right: 27 ℃`), under the question's prompt with
  /// those values, as the session showed it; from the sessions the progress keeps whole (the report has every one).
  func calculatedMistakeFields(of node: Int) -> [(String, String)] {
    guard let state = recorder?.state else { return [] }
    let mistakes = CalculatedMistake.collect(course: course, state: state, nodes: node..<course.nodes[node].subtreeEnd)
    guard !mistakes.isEmpty else { return [] }
    var lines: [String] = []
    for answers in CalculatedMistake.grouped(mistakes) {
      // Each under its prompt with the values it was given for, as the session showed it.
      for (index, run) in CalculatedMistake.runs(Array(answers.suffix(Self.calculatedMistakesShown))).enumerated() {
        lines.append(run[0].address + " " + DisplayWidth.truncated(run[0].shownPrompt, to: 60))
        if index == 0 && answers.count > Self.calculatedMistakesShown {
          let earlier = answers.count - Self.calculatedMistakesShown
          lines.append(
            "  " + messages.trn("and {count} earlier wrong answer", "and {count} earlier wrong answers", count: earlier)
          )
        }
        for mistake in run { lines.append("  " + mistake.line(messages)) }
      }
    }
    return [(messages.tr("wrong answers"), lines.joined(separator: "\n"))]
  }
}
