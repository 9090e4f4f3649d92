import CourseOutline
import Foundation
import Localization
import PracticeTime
import ProgressStorage
import QuizEngine
import Study
import TextLayout

/// A part of the shell (the outline browser, the practice controller, help…): what it reads
/// from the run's `ShellContext`, and how it writes text for the learner.
protocol ShellPart {
  var context: ShellContext { get }
}

extension ShellPart {
  var course: Course { context.course }
  var output: any TextOutput { context.output }
  var clock: any PracticeClock { context.clock }
  var recorder: (any ProgressRecorder)? { context.recorder }
  var configuration: ShellConfiguration { context.configuration }
  /// The catalog every message goes through.
  var messages: Localizer { context.configuration.messages }
  var style: OutputStyle { context.configuration.style }
  /// The terminal's width; nil (no wrapping) for files and pipes.
  var width: () -> Int? { context.configuration.width }
  var studyDay: StudyDay { context.configuration.studyDay }

  /// The learner's memories now: empty when this run keeps no progress.
  var book: ReviewBook { context.reviewBooks?.reviewBook() ?? ReviewBook() }

  /// The study policy over the progress as it stands now: what `review`, `mistakes` and `resume` ask.
  func policy(limits: DailyLimits) -> StudyPolicy {
    StudyPolicy(
      course: course, state: recorder?.state ?? ProgressState(), book: book, studyDay: studyDay, limits: limits)
  }

  /// Finds the node an argument names (see `Course.resolve`), as a command's failure.
  func resolve(_ argument: String) throws(CommandFailure) -> Int {
    do { return try course.resolve(argument, messages: messages) } catch {
      throw CommandFailure(error.description(messages))
    }
  }

  /// A dim note under a question, `  (true or false: t/f)`, wrapped under its indent.
  func note(_ text: String) {
    wrapped(text, first: "  ", rest: "  ", tone: .dim)
  }

  /// Course text in its markup (a prompt, instructions) rendered for this terminal: styles in
  /// color or as marks, media as placeholders in the learner's language, wrapped to the width.
  func courseText(_ text: MarkedText, first: String = "", rest: String = "", namingImagesByFile: Bool = false) {
    let rendered = MarkupRenderer.render(text, labels: .localized(messages), namingImagesByFile: namingImagesByFile)
    for line in StyledLines.lines(rendered, color: style.color, width: width(), first: first, rest: rest) {
      // A blank line between paragraphs is blank, not its indent.
      output.line(line.allSatisfy { $0 == " " } ? "" : line)
    }
  }

  /// An option or a matching item, `  B. text`, its wrapped lines indented under the text; an
  /// option a bank wrote with markup is rendered as the prompt is.
  func listed(_ text: MarkedText, label: String) {
    let first = "  \(label). "
    let rest = String(repeating: " ", count: DisplayWidth.of(first))
    guard text.markup != .plain else { return wrapped(text.text, first: first, rest: rest) }
    // An image without alt text is named by its file, as the option's plain text (what can be typed) names it.
    courseText(text, first: first, rest: rest, namingImagesByFile: true)
  }

  /// Writes `text` wrapped to the terminal's width at word boundaries (never inside a word, never
  /// before closing punctuation like `。`), `first` before its first line and `rest` (a hanging
  /// indent) before the others; each of its own lines is a paragraph. Unwrapped when the width is
  /// unknown (files and pipes keep whole lines).
  ///
  /// The text is cleaned here, before any tone is painted around it: a course's own escape codes
  /// (an option written `ESC[32m…`) show as `\u{1B}[32m` even on a color terminal, where the output
  /// lets the program's colors through.
  func wrapped(_ text: String, first: String = "", rest: String = "", tone: OutputStyle.Tone? = nil) {
    for line in wrappedLines(OutputSanitizer.clean(text), first: first, rest: rest) {
      output.line(tone.map { style.paint(line, $0) } ?? line)
    }
  }

  /// The lines `wrapped` writes: `text` fitted to the terminal's width, `first` before its first
  /// line and `rest` before the others; whole lines when the width is unknown.
  func wrappedLines(_ text: String, first: String = "", rest: String = "") -> [String] {
    var lines: [String] = []
    for (i, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let lead = i == 0 ? first : rest
      // A line that fits is kept as written: wrapping would fold its runs of spaces.
      guard let width = width(), DisplayWidth.of(lead + paragraph) > width else {
        lines.append(lead + paragraph)
        continue
      }
      // Room for the wider of the two leads, so a hanging indent deeper than the first line's
      // (`    you: …` then `      …`) cannot push a line past the edge.
      let room = max(width - max(DisplayWidth.of(lead), DisplayWidth.of(rest)), 10)
      for (j, line) in TextWrapping.lines(String(paragraph), width: room).enumerated() {
        lines.append((j == 0 ? lead : rest) + line)
      }
    }
    return lines
  }

  /// Each question's owning node key: answers are recorded against the part that holds the question.
  func owners(of questions: [Question]) -> [String: String] {
    let wanted = Set(questions.map(\.id))
    var owners: [String: String] = [:]
    for index in course.nodes.indices where course.nodes[index].questionCount > 0 {
      for q in course.nodes[index].questionSummaries where wanted.contains(q.id) && owners[q.id] == nil {
        owners[q.id] = course.key(of: index)
      }
    }
    return owners
  }
}
