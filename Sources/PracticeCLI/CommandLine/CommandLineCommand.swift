import Localization

/// One command of `practice`, shaped as swift-argument-parser shapes a `ParsableCommand`: its name, how
/// help shows it, the option groups it takes, and how its arguments become a mode. Parsing, its
/// `--help`, the overview, the manual page and the completions are all read from these definitions,
/// so an option added to a group reaches each of them, and a command refuses what it does not declare.
protocol CommandLineCommand {
  /// What messages and help call it: `validate`, `class create`, `export --events`; empty for studying.
  static var name: String { get }
  /// Its command lines, each with what it does (a catalog message id), as `--help` shows them.
  static var forms: [HelpText.Form] { get }
  /// The groups of options it takes, besides `OptionGroup.learner` and `OptionGroup.global` (every
  /// command takes those).
  static var optionGroups: [OptionGroup] { get }
  /// A command line it accepts: the tests add each option it does not take to it and expect a refusal.
  static var example: [String] { get }
  /// Its mode, from its arguments (the words after its name) and the options already read into
  /// `invocation`; throws a usage error for a wrong count of arguments or options that do not go together.
  static func mode(_ arguments: [String], _ invocation: inout Invocation, _ messages: Localizer) throws(UsageError)
    -> Invocation.Mode
}

extension CommandLineCommand {
  /// The command word (`class` for `class create`), or nil for studying.
  static var word: String? { name.split(separator: " ").first.map(String.init) }

  /// Every option it takes, each once, in the order its `--help` lists them.
  static var options: [CommandOption] {
    var seen = Set<String>()
    return (optionGroups + [.learner, .global]).flatMap(\.options).filter { seen.insert($0.names[0]).inserted }
  }

  /// Its definition of the option named `name` (`-o` or `--output`), or nil when it does not take it.
  static func option(named name: String) -> CommandOption? {
    // The groups searched in place: `options` builds and de-duplicates the whole list, which a start-up
    // (`practice -c quit`) would pay for each option typed.
    for group in optionGroups + [.learner, .global] {
      if let option = group.options.first(where: { $0.names.contains(name) }) { return option }
    }
    return nil
  }
}
