import Localization

extension Commands {
  /// `practice import FILE…`: question banks to one native course.
  enum Import: CommandLineCommand {
    static let name = "import"
    static let forms: [HelpText.Form] = [
      .init(
        "practice import FILE... [--output COURSE.json] [--title T] [--id ID] [--skip-broken]",
        trMark("question banks (GIFT, Moodle XML, Aiken, Anki/CSV) to a course"))
    ]
    static let optionGroups: [OptionGroup] = [
      OptionGroup([
        CommandOption(
          ["--output", "-o"], value: "COURSE.json", label: "--output COURSE.json",
          summary: trMark("the course file to write (default: the first file's name, ending .json)")
        ) { invocation, text, _ throws(UsageError) in invocation.reportOutput = text },
        CommandOption(
          ["--title"], value: "T", summary: trMark("the course's title (default: from the first file's name)")
        ) {
          invocation, text, _ throws(UsageError) in invocation.importTitle = text
        },
        CommandOption(
          ["--id"], value: "ID",
          summary: trMark("the course's id, which its progress is kept under (default: from the first file's name)")
        ) {
          invocation, text, _ throws(UsageError) in invocation.importID = text
        },
        .flag(
          ["--skip-broken"],
          summary: trMark("import: leave out broken questions (one warning each) instead of stopping"),
          inOverview: true
        ) { $0.skipBroken = true },
        OptionGroup.columns,
      ])
    ]
    static let example = ["import", "bank.gift"]

    static func mode(_ arguments: [String], _ invocation: inout Invocation, _ messages: Localizer) throws(UsageError)
      -> Invocation.Mode
    {
      guard !arguments.isEmpty else { throw UsageError(messages.tr("import needs one or more question bank files")) }
      return .importBanks(paths: arguments)
    }
  }
}
