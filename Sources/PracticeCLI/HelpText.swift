import Localization
import Reports
import TextLayout

/// `practice --help`: the command lines and options, each explained in the learner's language.
///
/// Command lines and option names stay as typed (they are what the learner types); only their
/// explanations are messages. Columns are laid out by display width, so Chinese lines up too.
///
/// ```swift
/// HelpText.text(Localizer(language: .chinese))
/// // 用法：practice [options]                 在交互界面里学习（标准输入不是终端时，从中读命令）
/// ```
enum HelpText {
  /// Help fits the narrowest common terminal.
  static let width = 80
  /// The column where a command line's explanation starts, when the line leaves room for it.
  static let formColumn = 42
  /// The column where an option's explanation starts.
  static let optionColumn = 20

  /// A command line as help shows it, with what it does (a catalog message id).
  struct Form: Sendable {
    var line: String
    var summary: String
    init(_ line: String, _ summary: String) {
      self.line = line
      self.summary = summary
    }
  }

  /// The ways to run practice, each with what it does: every command's, in `Commands.all`'s order.
  static var forms: [Form] { Commands.all.flatMap { $0.forms } }

  /// The options the overview lists: those marked for it, each once; the course and whose progress
  /// first, the language and help last.
  static var options: [CommandOption] {
    let ranks = [OptionGroup.course, .learner, .global].map { Set($0.options.map(\.label)) }
    func rank(_ option: CommandOption) -> Int {
      ranks[0].contains(option.label)
        ? 0 : ranks[1].contains(option.label) ? 1 : ranks[2].contains(option.label) ? 3 : 2
    }
    let listed = Commands.allOptions.filter { $0.inOverview && $0.summary != nil }
    return (0...3).flatMap { level in listed.filter { rank($0) == level } }
  }

  /// The whole help, ending without a newline, fitted to `width` columns (at most 80: wider, the
  /// explanations would run far from their options).
  static func text(_ messages: Localizer, width: Int = HelpText.width) -> String {
    text(forms: forms, options: options, messages, width: width)
  }

  /// The help of `forms` and `options` (the overview's, or one command's).
  static func text(forms: [Form], options: [CommandOption], _ messages: Localizer, width: Int = HelpText.width)
    -> String
  {
    let width = min(width, Self.width)
    var lines: [String] = []
    // TRANSLATORS: the heading before the command lines of `practice --help`, with the space after it, if any.
    let heading = messages.tr("usage: ")
    let indent = String(repeating: " ", count: DisplayWidth.of(heading))
    for (index, form) in forms.enumerated() {
      let start = index == 0 ? heading : indent
      lines += column(start, form.line, messages.tr(form.summary), at: formColumn, width: width)
    }
    lines.append("")
    // TRANSLATORS: the heading before the options of `practice --help`.
    lines.append(messages.tr("options:"))
    for option in options {
      lines += column("  ", option.label, option.summary.map { messages.tr($0) } ?? "", at: optionColumn, width: width)
    }
    return lines.joined(separator: "\n")
  }

  /// The narrowest explanation beside its command line or option; narrower, it goes under it.
  static let narrowestSummary = 30

  /// `lead` and `head` with `summary` beside it from `column` on, wrapped to `width`; on the next
  /// lines when `head` leaves no room. On a terminal too narrow for the column (40 columns) the
  /// summary goes under `head`, four columns deeper than it, and a long `head` wraps at its spaces,
  /// two columns deeper: the terminal had broken both anywhere.
  ///
  /// ```text
  ///        practice export --format
  ///          gift|moodle-xml COURSE [--output FILE]
  ///            a course as GIFT or Moodle XML, for
  /// ```
  static func column(_ lead: String, _ head: String, _ summary: String, at column: Int, width: Int) -> [String] {
    let leadWidth = DisplayWidth.of(lead)
    let deeper = String(repeating: " ", count: leadWidth + 2)
    let heads =
      leadWidth + DisplayWidth.of(head) <= width
      ? [lead + head]
      : TextWrapping.lines(head, width: max(width - leadWidth - 2, 10)).enumerated().map {
        ($0.offset == 0 ? lead : deeper) + $0.element
      }
    guard width - column >= narrowestSummary else {
      let under = String(repeating: " ", count: leadWidth + 4)
      return heads + TextWrapping.lines(summary, width: max(width - leadWidth - 4, 10)).map { under + $0 }
    }
    let indent = String(repeating: " ", count: column)
    let wrapped = TextWrapping.lines(summary, width: width - column)
    guard heads.count == 1, DisplayWidth.of(heads[0]) < column - 1 else { return heads + wrapped.map { indent + $0 } }
    return [DisplayWidth.padded(heads[0], to: column) + wrapped[0]] + wrapped.dropFirst().map { indent + $0 }
  }
}
