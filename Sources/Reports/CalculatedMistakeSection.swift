import Localization
import TextLayout

/// The learner report's section of wrong answers to calculated questions (text, Markdown and HTML
/// list it; JSON lists every answer): per question its address and prompt with the values an answer
/// was given for, as the session showed it, `and 2 earlier wrong answers` when some are left out,
/// then the latest answers with their values (`you: 30 (t1 = -15, t2 = 12)    right: 27 ℃`).
struct CalculatedMistakeSection {
  /// How many wrong answers are listed per question: the latest.
  static let shown = 5

  var mistakes: [CalculatedMistake]
  var messages: Localizer

  /// The heading; nil when there is nothing to list (and no section).
  var heading: String? {
    mistakes.isEmpty ? nil : messages.tr("Wrong answers to calculated questions, with the values each was given for")
  }

  var groups: [(question: String, lines: [String])] {
    CalculatedMistake.grouped(mistakes).flatMap { answers in
      let left = answers.count - Self.shown
      let earlier =
        left > 0
        ? [messages.trn("and {count} earlier wrong answer", "and {count} earlier wrong answers", count: left)] : []
      // Each under its prompt with the values it was given for, as the session showed it.
      return CalculatedMistake.runs(Array(answers.suffix(Self.shown))).enumerated().map { index, run in
        (
          run[0].address + " " + run[0].shownPrompt,
          (index == 0 ? earlier : []) + run.map { Formatting.oneLine($0.line(messages)) }
        )
      }
    }
  }

  /// In plain text: prompts cut to the width (or to 70 columns), answers wrapped under them (what was
  /// typed on one line, control characters as spaces, as the prompt).
  func textLines(width: Int?, unicode: Bool, paint: (String) -> String) -> [String] {
    guard let heading else { return [] }
    var out = [""] + LearnerReport.wrapped(heading, width: width).map(paint)
    let excerpt = min(70, width.map { max($0 - 2, 10) } ?? 70)
    for group in groups {
      out.append("  " + DisplayWidth.truncated(group.question, to: excerpt, ellipsis: unicode ? "…" : "..."))
      for line in group.lines { out += LearnerReport.wrapped(line, width: width, indent: "    ") }
    }
    return out
  }

  func markdownLines() -> [String] {
    guard let heading else { return [] }
    var out = ["", "## " + Formatting.markdown(heading), ""]
    for group in groups {
      out.append("- " + Formatting.markdown(group.question))
      for line in group.lines { out.append("  - " + Formatting.markdown(line)) }
    }
    return out
  }

  func htmlLines() -> [String] {
    guard let heading else { return [] }
    return ["<h2>" + Formatting.html(heading) + "</h2>", "<ul>"]
      + groups.map { group in
        "<li>" + HTMLPage.text(group.question) + "<ul>"
          + group.lines.map { "<li>" + HTMLPage.text($0) + "</li>" }.joined()
          + "</ul></li>"
      } + ["</ul>"]
  }
}
