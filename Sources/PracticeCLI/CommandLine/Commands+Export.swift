import Localization

extension Commands {
  /// `practice export --format gift|moodle-xml COURSE`: a course as a question bank for Moodle.
  enum Export: CommandLineCommand {
    static let name = "export"
    static let forms: [HelpText.Form] = [
      .init(
        "practice export --format gift|moodle-xml COURSE [--output FILE]",
        trMark("a course as GIFT or Moodle XML, for Moodle's question import"))
    ]
    /// The bank formats it writes.
    static let formats = ["gift", "moodle-xml"]
    static let optionGroups: [OptionGroup] = [
      OptionGroup([
        CommandOption(
          ["--format"], value: formats.joined(separator: "|"), summary: trMark("the question bank format to write")
        ) { invocation, format, messages throws(UsageError) in
          guard formats.contains(format) else {
            throw UsageError(
              messages.tr("export --format must be gift or moodle-xml, not '{format}'", ["format": format]))
          }
          invocation.exportFormat = format
        },
        CommandOption(
          ["--seed"], value: "N",
          summary: trMark("the seed calculated questions' stored value sets are drawn with, in Moodle XML (default 0)")
        ) { invocation, text, messages throws(UsageError) in
          guard let seed = UInt64(text) else {
            throw UsageError(messages.tr("--seed needs a whole number, not '{text}'", ["text": text]))
          }
          invocation.seed = seed
        },
      ]),
      .output, OptionGroup([OptionGroup.columns]),
    ]
    static let example = ["export", "--format", "gift", "course.json"]

    static func mode(_ arguments: [String], _ invocation: inout Invocation, _ messages: Localizer) throws(UsageError)
      -> Invocation.Mode
    {
      guard arguments.count == 1 else {
        throw UsageError(messages.tr("export needs exactly one course file or folder"))
      }
      guard invocation.exportFormat != nil else {
        throw UsageError(messages.tr("export needs --format gift or --format moodle-xml"))
      }
      return .export(path: arguments[0])
    }
  }

  /// `practice export --events`: every learner's records as JSON Lines.
  enum ExportEvents: CommandLineCommand {
    static let name = "export --events"
    static let forms: [HelpText.Form] = [
      .init(
        "practice export --events [--course ID] [--output FILE|--split --output FOLDER]",
        trMark("every learner's records as JSON Lines (every course without --course)"))
    ]
    static let optionGroups: [OptionGroup] = [
      OptionGroup([
        .flag(["--events"], summary: trMark("every learner's records as JSON Lines")) { $0.exportEvents = true },
        .flag(["--split"], summary: trMark("one file per learner, in the --output folder")) { $0.split = true },
      ]),
      .course, .output,
    ]
    static let example = ["export", "--events"]

    static func mode(_ arguments: [String], _ invocation: inout Invocation, _ messages: Localizer) throws(UsageError)
      -> Invocation.Mode
    {
      try ExportEvents.refuseCourseFile(arguments, messages)
      if invocation.split && invocation.reportOutput == nil {
        throw UsageError(messages.tr("export --events --split needs --output FOLDER for the files"))
      }
      return .exportEvents
    }

    /// The JSON Lines exports read the course `--course` names, never a course file after `export`.
    static func refuseCourseFile(_ arguments: [String], _ messages: Localizer) throws(UsageError) {
      guard arguments.isEmpty else {
        throw UsageError(
          messages.tr("export --events and --outline take no course file; name the course with --course"))
      }
    }
  }

  /// `practice export --outline`: the course's nodes, questions and subtrees as JSON Lines, for SQL.
  enum ExportOutline: CommandLineCommand {
    static let name = "export --outline"
    static let forms: [HelpText.Form] = [
      .init(
        "practice export --outline [--course PATH] [--output FILE]",
        trMark("the course's nodes, questions and subtrees as JSON Lines, for SQL (sql/)"))
    ]
    static let optionGroups: [OptionGroup] = [
      OptionGroup([
        .flag(["--outline"], summary: trMark("the course's nodes, questions and subtrees as JSON Lines")) {
          $0.exportOutline = true
        }
      ]),
      .course, .output,
    ]
    static let example = ["export", "--outline"]

    static func mode(_ arguments: [String], _ invocation: inout Invocation, _ messages: Localizer) throws(UsageError)
      -> Invocation.Mode
    {
      try ExportEvents.refuseCourseFile(arguments, messages)
      return .exportOutline
    }
  }
}
