import Localization

extension Commands {
  /// `practice [options]`: study in the REPL, or run commands from `-c`, `-f` or a pipe.
  enum Study: CommandLineCommand {
    static let name = ""
    static let forms: [HelpText.Form] = [
      .init("practice [options]", trMark("study in the REPL (commands from stdin when it is not a terminal)")),
      .init("practice [options] -c 'CMD; CMD'", trMark("run commands")),
      .init("practice [options] -f FILE", trMark("run commands from a file")),
    ]
    static let optionGroups: [OptionGroup] = [.course, .clock, .session]
    static let example = ["-c", "ls"]

    static func mode(_ arguments: [String], _ invocation: inout Invocation, _ messages: Localizer) throws(UsageError)
      -> Invocation.Mode
    {
      if invocation.commands != nil && invocation.scriptFile != nil {
        throw UsageError(messages.tr("give -c or -f, not both"))
      }
      return .shell
    }
  }
}
