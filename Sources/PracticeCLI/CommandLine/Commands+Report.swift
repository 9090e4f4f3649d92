import Localization
import Reports

extension Commands {
  /// `practice report [ADDR]`: where the learner (or the class) stands; also `report` in the REPL.
  enum Report: CommandLineCommand {
    static let name = "report"
    static let forms: [HelpText.Form] = [
      .init(
        "practice report [ADDR] [--format \(ReportFormat.allCases.map(\.rawValue).joined(separator: "|"))] "
          + "[--output FILE] [--class]",
        trMark("where you stand, node by node (--class: every learner of the data folder)")),
      .init(
        "practice report --class --items [ADDR] [--attempts first|all]",
        trMark("which questions work: Moodle's item analysis of the class")),
    ]
    /// The options of a report, the same on the command line and in the REPL's `report`.
    static let reportOptions = OptionGroup([
      OptionGroup.format(ReportFormat.allCases, summary: trMark("the report's format (default: text)")) {
        format, messages in
        messages.tr(
          "--format must be {choices}, not '{format}'",
          ["choices": Invocation.wordList(ReportFormat.allCases, messages), "format": format])
      },
      OptionGroup.output.options[0],
      OptionGroup.classFlag,
      .flag(["--items"], summary: trMark("with --class: which questions work (Moodle's item analysis)")) {
        $0.reportItems = true
      },
      CommandOption(
        ["--attempts"], value: "first|all",
        summary: trMark("with --items: each learner's first attempt at a question, or all of them (default: first)")
      ) { invocation, text, messages throws(UsageError) in
        guard let rule = ItemAnalysis.AttemptRule(rawValue: text) else {
          throw UsageError(messages.tr("--attempts must be first or all, not '{text}'", ["text": text]))
        }
        invocation.itemAttempts = rule
      },
    ])
    static let optionGroups: [OptionGroup] = [reportOptions, .course, .clock]
    static let example = ["report"]

    static func mode(_ arguments: [String], _ invocation: inout Invocation, _ messages: Localizer) throws(UsageError)
      -> Invocation.Mode
    {
      guard arguments.count <= 1 else { throw UsageError(messages.tr("report takes at most one address")) }
      try checkItems(&invocation, messages)
      return .report(address: arguments.first)
    }

    /// `--attempts` only with `--items`, and `--items` is always the class's.
    static func checkItems(_ invocation: inout Invocation, _ messages: Localizer) throws(UsageError) {
      if invocation.itemAttempts != nil && !invocation.reportItems {
        throw UsageError(messages.tr("--attempts belongs to 'practice report --class --items'"))
      }
      if invocation.reportItems { invocation.reportClass = true }
    }
  }

  /// `practice schedule [ADDR]`: every question's FSRS memory.
  enum Schedule: CommandLineCommand {
    static let name = "schedule"
    /// The formats it writes.
    static let formats: [ReportFormat] = [.text, .md, .html, .json, .csv]
    static let forms: [HelpText.Form] = [
      .init(
        "practice schedule [ADDR] [--format \(formats.map(\.rawValue).joined(separator: "|"))]",
        trMark("every question's review schedule"))
    ]
    static let optionGroups: [OptionGroup] = [
      OptionGroup([
        OptionGroup.format(formats, summary: trMark("the schedule's format (default: text)")) { format, messages in
          messages.tr(
            "schedule --format must be {choices}, not '{format}'",
            ["choices": Invocation.wordList(formats, messages), "format": format])
        }
      ]),
      .output, .course, .clock,
    ]
    static let example = ["schedule"]

    static func mode(_ arguments: [String], _ invocation: inout Invocation, _ messages: Localizer) throws(UsageError)
      -> Invocation.Mode
    {
      guard arguments.count <= 1 else { throw UsageError(messages.tr("schedule takes at most one address")) }
      return .schedule(address: arguments.first)
    }
  }

  /// `practice optimize [--class] [--apply]`: FSRS parameters fitted to the reviews.
  enum Optimize: CommandLineCommand {
    static let name = "optimize"
    /// The formats it writes.
    static let formats: [ReportFormat] = [.text, .json]
    static let forms: [HelpText.Form] = [
      .init(
        "practice optimize [--class] [--apply] [--format text|json]",
        trMark("FSRS parameters fitted to your reviews (--class: the class's pooled), with the fit before and after"))
    ]
    static let optionGroups: [OptionGroup] = [
      OptionGroup([
        OptionGroup.classFlag,
        .flag(
          ["--apply", "--save"], summary: trMark("record the fitted parameters: scheduling uses them from now on")
        ) { $0.applyParameters = true },
        OptionGroup.format(formats, summary: trMark("the fit's format (default: text)")) { format, messages in
          messages.tr(
            "optimize --format must be {choices}, not '{format}'",
            ["choices": Invocation.wordList(formats, messages), "format": format])
        },
      ]),
      .course, .clock,
    ]
    static let example = ["optimize"]

    static func mode(_ arguments: [String], _ invocation: inout Invocation, _ messages: Localizer) throws(UsageError)
      -> Invocation.Mode
    {
      guard arguments.isEmpty else {
        throw UsageError(messages.tr("optimize takes no address: it fits the whole course's reviews"))
      }
      return .optimize
    }
  }
}
