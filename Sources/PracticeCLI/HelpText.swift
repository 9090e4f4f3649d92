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

  /// The ways to run practice, each with what it does.
  static let forms: [(line: String, summary: String)] = [
    ("practice [options]", trMark("study in the REPL (commands from stdin when it is not a terminal)")),
    ("practice [options] -c 'CMD; CMD'", trMark("run commands")),
    ("practice [options] -f FILE", trMark("run commands from a file")),
    ("practice validate PATH...", trMark("check courses and question banks, listing every problem")),
    (
      "practice import FILE... [--output COURSE.json] [--title T] [--id ID] [--skip-broken]",
      trMark("question banks (GIFT, Moodle XML, Aiken, Anki/CSV) to a course")
    ),
    (
      "practice export --format gift|moodle-xml COURSE [--output FILE]",
      trMark("a course as GIFT or Moodle XML, for Moodle's question import")
    ),
    (
      "practice report [ADDR] [--format \(ReportFormat.allCases.map(\.rawValue).joined(separator: "|"))] "
        + "[--output FILE] [--class]",
      trMark("where you stand, node by node (--class: every learner of the data folder)")
    ),
    (
      "practice report --class --items [ADDR] [--attempts first|all]",
      trMark("which questions work: Moodle's item analysis of the class")
    ),
    (
      "practice schedule [ADDR] [--format \(Invocation.scheduleFormats.map(\.rawValue).joined(separator: "|"))]",
      trMark("every question's review schedule")
    ),
    (
      "practice optimize [--class] [--apply] [--format text|json]",
      trMark("FSRS parameters fitted to your reviews (--class: the class's pooled), with the fit before and after")
    ),
    (
      "practice export --events [--course ID] [--output FILE|--split --output FOLDER]",
      trMark("every learner's records as JSON Lines (every course without --course)")
    ),
    (
      "practice export --outline [--course PATH] [--output FILE]",
      trMark("the course's nodes, questions and subtrees as JSON Lines, for SQL (sql/)")
    ),
    (
      "practice class create DIR --teachers GROUP",
      trMark("a class folder on a shared server: learners drop their progress in, teachers read it")
    ),
    ("practice class check DIR", trMark("what is wrong with a class folder, and how to mend it")),
  ]

  /// The options, each with what it does.
  static let options: [(name: String, summary: String)] = [
    (
      "--course PATH",
      trMark(
        "a course file or folder, or a question bank (.gift .xml .txt .csv .tsv); by default the shipped physics course"
      )
    ),
    ("--data-dir DIR", trMark("where progress lives (default: $XDG_DATA_HOME/practice or ~/.local/share/practice)")),
    ("--user NAME", trMark("whose progress (default: $USER)")),
    ("--seed N", trMark("shuffle questions and options reproducibly")),
    ("--now TIME", trMark("fix the clock, e.g. 2026-12-01T08:00:00Z")),
    ("--fuzz", trMark("spread review intervals a little at random (FSRS fuzz; seeded by --seed)")),
    ("--new-per-day N", trMark("new questions a day in 'review' (default 20, or what 'set' kept), for this run")),
    ("--reviews-per-day N", trMark("reviews a day in 'review' (default 200, or what 'set' kept), for this run")),
    ("--greet", trMark("in a script too, greet and name the next step as on a terminal")),
    (
      "--day-starts HOUR", trMark("the local hour a study day begins (default 4; or PRACTICE_DAY_STARTS; zone from TZ)")
    ),
    ("--echo", trMark("print each command before its output (a transcript)")),
    (
      "--rate",
      trMark(
        "rate each answer yourself, 1 (again) to 4 (easy): flashcards instead of y/n, other questions after their feedback (the review scheduler takes your rating)"
      )
    ),
    ("--bail", trMark("stop at the first failing command")),
    ("--no-override", trMark("'!!' cannot mark a wrong verdict right in this run (for an exam)")),
    ("--columns LIST", trMark("for CSV/TSV/Anki files without a header: the columns, e.g. front,back,tags")),
    ("--skip-broken", trMark("import: leave out broken questions (one warning each) instead of stopping")),
    ("--lang zh|en", trMark("the language to speak (default: LANGUAGE, LC_ALL, LC_MESSAGES, LANG, else the course's)")),
    ("--help, --version", trMark("this help; the program's version")),
  ]

  /// The whole help, ending without a newline, fitted to `width` columns (at most 80: wider, the
  /// explanations would run far from their options).
  static func text(_ messages: Localizer, width: Int = HelpText.width) -> String {
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
      lines += column("  ", option.name, messages.tr(option.summary), at: optionColumn, width: width)
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
