import Localization

extension Commands {
  /// `practice validate PATH…`: every problem of courses and question banks.
  enum Validate: CommandLineCommand {
    static let name = "validate"
    static let forms: [HelpText.Form] = [
      .init("practice validate PATH...", trMark("check courses and question banks, listing every problem"))
    ]
    static let optionGroups = [OptionGroup([OptionGroup.columns])]
    static let example = ["validate", "course.json"]

    static func mode(_ arguments: [String], _ invocation: inout Invocation, _ messages: Localizer) throws(UsageError)
      -> Invocation.Mode
    {
      guard !arguments.isEmpty else { throw UsageError(messages.tr("validate needs a course file or folder")) }
      return .validate(paths: arguments)
    }
  }
}
