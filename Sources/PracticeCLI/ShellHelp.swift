import FoundationEssentials
import Localization
import Reports
import TextLayout

/// `help` and `help COMMAND`: the commands with their summaries, fitted to the terminal, in the
/// learner's language (with each command's Chinese name in Chinese).
struct ShellHelp: ShellPart {
  let context: ShellContext

  /// Help fits the narrowest common terminal.
  static let helpWidth = 80

  /// `help` lists the commands; `help COMMAND` explains one.
  func write(_ argument: String) throws(CommandFailure) {
    // In another language than English, each command's name in it stands in a column before the English one.
    let showsNames = !messages.isEnglish
    // 80 columns, or a narrower terminal's width (wrapped again by the terminal, lines broke anywhere).
    let helpWidth = min(Self.helpWidth, width().map { max($0, 20) } ?? Self.helpWidth)
    if argument.isEmpty {
      for line in TextWrapping.lines(messages.tr("Commands (any unique prefix works):"), width: helpWidth) {
        output.line(line)
      }
      let nameWidth = showsNames ? (ShellCommand.allCases.map { DisplayWidth.of($0.chineseName) }.max() ?? 0) + 2 : 0
      let usageWidth = ShellCommand.allCases.map { DisplayWidth.of($0.usage) }.max() ?? 0
      let indent = String(repeating: " ", count: 2 + nameWidth + usageWidth + 2)
      // Summaries wrap under their own column, so the terminal never breaks a line at column 0; when
      // that column would be too narrow to read, each summary goes on the lines below its command.
      let besideWidth = helpWidth - indent.count
      for command in ShellCommand.allCases {
        let name = showsNames ? DisplayWidth.padded(command.chineseName, to: nameWidth) : ""
        guard besideWidth >= 24 else {
          for line in Self.syntax("  \(name)\(command.usage)", width: helpWidth) { output.line(line) }
          for line in TextWrapping.lines(messages.tr(command.summary), width: helpWidth - 4) {
            output.line("    " + line)
          }
          continue
        }
        let lines = TextWrapping.lines(messages.tr(command.summary), width: besideWidth)
        output.line("  \(name)\(DisplayWidth.padded(command.usage, to: usageWidth))  \(lines[0])")
        for line in lines.dropFirst() { output.line(indent + line) }
      }
      for note in [
        messages.tr("An address alone (2.3, #1295) toggles that node, or shows a leaf's info."),
        messages.tr(
          "During practice: answer by letter or number or text; skip, hint, quit; an empty line repeats the question."),
        messages.tr(
          "!! right after a graded answer marks it right (\"overruled by the learner\"), for a typo or a right answer the grader missed; the first verdict is kept in the history too."
        ),
      ] {
        for line in TextWrapping.lines(note, width: helpWidth) { output.line(line) }
      }
      return
    }
    guard case .found(let command) = ShellCommand.named(argument) else {
      throw CommandFailure(
        messages.tr(
          "help: no command '{command}'; type 'help' for the list", ["command": OutputSanitizer.clean(argument)])
      )
    }
    let usage = showsNames ? "\(command.chineseName) / \(command.usage)" : command.usage
    for line in Self.syntax(messages.tr("usage: {usage}", ["usage": usage]), width: helpWidth) { output.line(line) }
    for text in [command.summary, command.details].compactMap({ $0 }) {
      // The markers as this terminal shows them (`>`/`v` outside a UTF-8 locale).
      let marks: KeyValuePairs<String, Any> = ["collapsed": style.collapsedMarker, "expanded": style.expandedMarker]
      for line in TextWrapping.lines(messages.tr(text, marks), width: helpWidth - 2) { output.line("  " + line) }
    }
    // What each figure the command shows means, one sentence each (the README's Figures table).
    let view: FigureGlossary.View? =
      switch command {
      case .report: .report
      case .ls: .outline
      case .due: .due
      default: nil
      }
    if let view {
      output.line("  " + messages.tr("The figures:"))
      for entry in FigureGlossary.lines(for: view, messages) {
        for line in TextWrapping.lines(entry, width: helpWidth - 6) { output.line("    " + line) }
      }
    }
  }

  /// A syntax line (`expand ADDR | expand all [DEPTH]`) that does not fit `width` is broken after
  /// its `|`s, each alternative whole on an indented line of its own.
  static func syntax(_ line: String, width: Int) -> [String] {
    guard DisplayWidth.of(line) > width else { return [line] }
    var lines: [String] = []
    var current = ""
    for (i, part) in line.components(separatedBy: " | ").enumerated() {
      let piece = i == 0 ? part : "    " + part
      if current.isEmpty {
        current = piece
      } else if DisplayWidth.of(current + " | " + part) <= width {
        current += " | " + part
      } else {
        lines.append(current + " |")
        current = piece
      }
    }
    return lines + [current]
  }
}
