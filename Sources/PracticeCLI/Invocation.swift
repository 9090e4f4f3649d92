package import Foundation
package import Localization
import PracticeTime
import ProgressStorage
package import Reports

/// What the command line asked for: options, a mode and its arguments.
///
/// ```swift
/// let invocation = try Invocation.parse(["--course", "c.json", "-c", "ls; quit"])
/// invocation.commands  // "ls; quit"
/// ```
package struct Invocation: Sendable, Equatable {
  package enum Mode: Sendable, Equatable {
    /// The REPL, or commands from `-c`/`-f`/a pipe.
    case shell
    case validate(paths: [String])
    /// `import FILE…`: question banks to a native course.
    case importBanks(paths: [String])
    /// `export --format gift|moodle-xml COURSE`.
    case export(path: String)
    case report(address: String?)
    /// `practice schedule [ADDR]`: every question's FSRS memory.
    case schedule(address: String?)
    /// `practice export --events`: every learner's records as JSON Lines.
    case exportEvents
    /// `practice export --outline`: the course's nodes, questions and subtrees as JSON Lines, for SQL.
    case exportOutline
    case help
    /// `practice COMMAND --help`: the command lines and options of the commands `COMMAND` names.
    case commandHelp(String)
    case version
    /// `practice class create DIR --teachers GROUP`: a class's drop-box data folder.
    case classCreate(folder: String, teachers: String)
    /// `practice class check DIR`: what is wrong with a class folder, and how to mend it.
    case classCheck(folder: String)
    /// `practice optimize [--class] [--apply]`: FSRS parameters fitted to the reviews.
    case optimize
    /// `--generate-manual`: the manual page (practice.1) in roff, from the help definitions.
    case manual
    /// `--generate-completion-script bash|zsh|fish`.
    case completionScript(CompletionScript.Shell)
  }

  package var mode: Mode = .shell
  package var coursePath: String?
  package var dataDirectory: String?
  package var user: String?
  /// `-c 'CMD; CMD'`.
  package var commands: String?
  /// `-f FILE`.
  package var scriptFile: String?
  package var echo = false
  package var bail = false
  package var seed: UInt64?
  /// `--now`: a fixed clock, for reproducible runs.
  package var now: Date?
  /// `--format` of `report` and `schedule`, parsed once.
  package var reportFormat: ReportFormat = .text
  /// `--format` of `export` (`gift` or `moodle-xml`).
  package var exportFormat: String?
  package var reportOutput: String?
  /// `--teachers GROUP` of `practice class create`.
  package var teachers: String?
  package var reportClass = false
  /// `report --class --items`: the item analysis; `--attempts first|all` (nil: not given).
  package var reportItems = false
  package var itemAttempts: ItemAnalysis.AttemptRule?
  /// `import --title`, `import --id`.
  package var importTitle: String?
  /// `--columns front,back,…`: the columns of a CSV/TSV/Anki file, for import, validate and --course.
  package var columns: [String]?
  /// `import --skip-broken`: the good questions of a bank without its broken ones.
  package var skipBroken = false
  package var importID: String?
  /// `--lang`: the language to speak, before the environment and the course's `language`.
  package var language: Language?
  /// `--rate`: rate flashcards 1–4 instead of y/n.
  package var rateCards = false
  /// `--fuzz`: FSRS interval fuzz, drawn from a generator seeded by `--seed` when given.
  package var fuzz = false
  /// `--no-override`: `!!` cannot mark a verdict right in this run (an exam).
  package var noOverride = false
  /// `--day-starts HOUR`: the local hour (0–23) a study day begins at.
  package var dayStarts: Int?
  /// `--reviews-per-day N` (or the older `--limit N`): reviews a day in `review` sessions, for this run.
  package var reviewLimit: Int?
  /// `--new-per-day N`: new questions a day in `review` sessions, for this run.
  package var newLimit: Int?
  /// `optimize --apply`: record the fitted parameters so scheduling uses them from now on.
  package var applyParameters = false
  /// `--greet`: the greeting and the next step as a terminal shows them, in a script too.
  package var greets = false
  /// `export --events`.
  package var exportEvents = false
  /// `export --outline`.
  package var exportOutline = false
  /// `export --events --split`: one file per learner under the `--output` folder.
  package var split = false

  package init() {}

  /// `practice --help` in the language of `messages`, fitted to a terminal `width` columns wide
  /// (80 columns when nil: a file or a pipe).
  package static func usage(_ messages: Localizer = .english, width: Int? = nil) -> String {
    HelpText.text(messages, width: width ?? HelpText.width)
  }

  /// `practice COMMAND --help`: only what the commands named `word` take, from the same definitions.
  package static func usage(of word: String, _ messages: Localizer = .english, width: Int? = nil) -> String {
    let commands = Commands.named(word)
    var seen = Set<String>()
    // Its own options first, then those every command takes.
    let options =
      (commands.flatMap { $0.optionGroups.flatMap(\.options) } + OptionGroup.learner.options
      + OptionGroup.global.options).filter { $0.summary != nil && seen.insert($0.label).inserted }
    return HelpText.text(
      forms: commands.flatMap { $0.forms }, options: options, messages, width: width ?? HelpText.width)
  }

  /// The value given to `option` on the command line (`--lang zh` or `--lang=zh`), read before the
  /// whole line is parsed: a usage error speaks the language the command line asks for.
  package static func scan(_ arguments: [String], for option: String) -> String? {
    var rest = arguments[...]
    while let argument = rest.popFirst(), argument != "--" {
      if argument == option { return rest.first }
      if argument.hasPrefix(option + "=") { return String(argument.dropFirst(option.count + 1)) }
    }
    return nil
  }

  /// "text, md, html, json or csv": the choices, for error messages.
  static func wordList(_ formats: [ReportFormat], _ messages: Localizer) -> String {
    let names = formats.map(\.rawValue)
    // TRANSLATORS: the last two of a list of choices, e.g. "json or csv".
    return messages.tr("{list} or {last}", ["list": messages.list(Array(names.dropLast())), "last": names.last!])
  }

  /// The file `--output` names, or nil for standard output: none given, `-`, or `/dev/stdout`
  /// (which the write-temp-and-rename of a file would replace with a plain file).
  package var outputFile: String? { Self.outputFile(reportOutput) }

  /// The file an `--output` value names, or nil for standard output (`-`, `/dev/stdout`, or none
  /// given): one rule for the command line and for `report` typed in the REPL.
  ///
  /// ```swift
  /// Invocation.outputFile("-")           // nil
  /// Invocation.outputFile("notes.md")    // "notes.md"
  /// ```
  package static func outputFile(_ value: String?) -> String? {
    guard let value, value != "-", value != "/dev/stdout" else { return nil }
    return value
  }

  /// Parses arguments (without the program name) by the commands' definitions (`Commands`); throws a
  /// one-line usage error in the language of `messages`, naming the command when it does not take an option.
  package static func parse(_ arguments: [String], messages: Localizer = .english) throws(UsageError) -> Invocation {
    let parsed = try ParsedArguments.parse(
      arguments, messages: messages, unknown: { UsageError(messages.tr("unknown option '{option}'", ["option": $0])) },
      definition: Commands.anyOption(named:))
    let given = Set(parsed.options.map(\.name))
    var invocation = Invocation()
    // `practice report --help`, `practice help report`: that command's help; else the overview.
    if !given.isDisjoint(with: ["--help", "-h"]) || parsed.words.first == "help" {
      let words = parsed.words.first == "help" ? Array(parsed.words.dropFirst()) : parsed.words
      invocation.mode = words.first.map { Commands.named($0).isEmpty ? .help : .commandHelp($0) } ?? .help
      return invocation
    }
    if given.contains("--version") {
      invocation.mode = .version
      return invocation
    }
    let (command, rest) = try Commands.select(parsed.words, given: given, messages: messages)
    var options: [(CommandOption, String)] = []
    for option in parsed.options {
      guard let definition = command.option(named: option.name) else {
        throw Commands.refusal(of: option.name, by: command, messages: messages)
      }
      options.append((definition, option.value))
    }
    for (definition, value) in options { try definition.apply(&invocation, value, messages) }
    switch invocation.mode {
    case .manual, .completionScript: return invocation
    default: invocation.mode = try command.mode(rest, &invocation, messages)
    }
    return invocation
  }
}

/// A command line that cannot be run as written (exit status 2).
package struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  package var message: String
  package init(_ message: String) { self.message = message }
  package var description: String { "practice: \(message)" }
}
