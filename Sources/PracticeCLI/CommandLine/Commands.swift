import Localization

/// The commands of `practice`, in the order `--help` lists them, and how a command line picks one.
enum Commands {
  static let all: [any CommandLineCommand.Type] = [
    Study.self, Validate.self, Import.self, Export.self, Report.self, Schedule.self, Optimize.self,
    ExportEvents.self, ExportOutline.self, ClassCreate.self, ClassCheck.self,
  ]

  /// Every option some command takes, each name once (the tokenizer needs to know which take a value).
  static var allOptions: [CommandOption] {
    var seen = Set<String>()
    return all.flatMap { $0.options }.filter { seen.insert($0.label + $0.names[0]).inserted }
  }

  /// The definition of the option named `name` of the first command taking it (the tokenizer asks only
  /// whether it takes a value, which each option's commands agree on), or nil when no command takes it.
  static func anyOption(named name: String) -> CommandOption? {
    for command in all {
      if let option = command.option(named: name) { return option }
    }
    return nil
  }

  /// The commands a first word names (`export` names three, `class` two); empty for an unknown word.
  static func named(_ word: String) -> [any CommandLineCommand.Type] {
    all.filter { $0.word == word }
  }

  /// The command `positional` names (with `given`, the options typed, telling `export`'s apart), and the
  /// words after its name.
  static func select(_ positional: [String], given: Set<String>, messages: Localizer) throws(UsageError) -> (
    command: any CommandLineCommand.Type, arguments: [String]
  ) {
    guard let word = positional.first else { return (Study.self, []) }
    let rest = Array(positional.dropFirst())
    switch word {
    case "export":
      let events = given.contains("--events")
      let outline = given.contains("--outline")
      guard !(events && outline) else { throw UsageError(messages.tr("export: give --events or --outline, not both")) }
      if events { return (ExportEvents.self, rest) }
      if outline { return (ExportOutline.self, rest) }
      return (Export.self, rest)
    case "class":
      switch rest.first {
      case "create": return (ClassCreate.self, Array(rest.dropFirst()))
      case "check": return (ClassCheck.self, Array(rest.dropFirst()))
      default: throw UsageError(messages.tr("class takes 'create DIR --teachers GROUP' or 'check DIR'"))
      }
    default:
      guard let command = named(word).first else {
        throw UsageError(messages.tr("unknown command '{command}'", ["command": word]))
      }
      return (command, rest)
    }
  }

  /// The usage error for `option`, which `command` does not take: it names the command and the option,
  /// and for studying (no command) the commands that take it.
  static func refusal(of option: String, by command: any CommandLineCommand.Type, messages: Localizer) -> UsageError {
    if !command.name.isEmpty {
      return UsageError(
        messages.tr(
          "{command} does not take {option}; see 'practice {command} --help'",
          ["command": command.name, "option": option]))
    }
    let owners = all.filter { $0.option(named: option) != nil }.map { "'practice \($0.name)'" }
    let list =
      owners.count > 1
      ? messages.tr("{list} or {last}", ["list": messages.list(Array(owners.dropLast())), "last": owners.last!])
      : owners.first ?? ""
    return UsageError(
      messages.tr(
        "{option} belongs to {commands}, not to a study session",
        ["option": option, "commands": list]))
  }
}
