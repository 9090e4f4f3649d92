import Foundation
import Localization
import PracticeTime
import ProgressStorage
import Reports

/// What the command line asked for: options, a mode and its arguments.
///
/// ```swift
/// let invocation = try Invocation.parse(["--course", "c.json", "-c", "ls; quit"])
/// invocation.commands  // "ls; quit"
/// ```
public struct Invocation: Sendable, Equatable {
  public enum Mode: Sendable, Equatable {
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

  public var mode: Mode = .shell
  public var coursePath: String?
  public var dataDirectory: String?
  public var user: String?
  /// `-c 'CMD; CMD'`.
  public var commands: String?
  /// `-f FILE`.
  public var scriptFile: String?
  public var echo = false
  public var bail = false
  public var seed: UInt64?
  /// `--now`: a fixed clock, for reproducible runs.
  public var now: Date?
  /// `--format` of `report` and `schedule`, parsed once.
  public var reportFormat: ReportFormat = .text
  /// `--format` of `export` (`gift` or `moodle-xml`).
  public var exportFormat: String?
  public var reportOutput: String?
  /// `--teachers GROUP` of `practice class create`.
  public var teachers: String?
  public var reportClass = false
  /// `report --class --items`: the item analysis; `--attempts first|all` (nil: not given).
  public var reportItems = false
  public var itemAttempts: ItemAnalysis.AttemptRule?
  /// `import --title`, `import --id`.
  public var importTitle: String?
  /// `--columns front,back,…`: the columns of a CSV/TSV/Anki file, for import, validate and --course.
  public var columns: [String]?
  /// `import --skip-broken`: the good questions of a bank without its broken ones.
  public var skipBroken = false
  public var importID: String?
  /// `--lang`: the language to speak, before the environment and the course's `language`.
  public var language: Language?
  /// `--rate`: rate flashcards 1–4 instead of y/n.
  public var rateCards = false
  /// `--fuzz`: FSRS interval fuzz, drawn from a generator seeded by `--seed` when given.
  public var fuzz = false
  /// `--no-override`: `!!` cannot mark a verdict right in this run (an exam).
  public var noOverride = false
  /// `--day-starts HOUR`: the local hour (0–23) a study day begins at.
  public var dayStarts: Int?
  /// `--reviews-per-day N` (or the older `--limit N`): reviews a day in `review` sessions, for this run.
  public var reviewLimit: Int?
  /// `--new-per-day N`: new questions a day in `review` sessions, for this run.
  public var newLimit: Int?
  /// `optimize --apply`: record the fitted parameters so scheduling uses them from now on.
  public var applyParameters = false
  /// `--greet`: the greeting and the next step as a terminal shows them, in a script too.
  public var greets = false
  /// `export --events`.
  public var exportEvents = false
  /// `export --outline`.
  public var exportOutline = false
  /// `export --events --split`: one file per learner under the `--output` folder.
  public var split = false

  public init() {}

  /// `practice --help` in the language of `messages`, fitted to a terminal `width` columns wide
  /// (80 columns when nil: a file or a pipe).
  public static func usage(_ messages: Localizer = .english, width: Int? = nil) -> String {
    HelpText.text(messages, width: width ?? HelpText.width)
  }

  /// The value given to `option` on the command line (`--lang zh` or `--lang=zh`), read before the
  /// whole line is parsed: a usage error speaks the language the command line asks for.
  public static func scan(_ arguments: [String], for option: String) -> String? {
    var rest = arguments[...]
    while let argument = rest.popFirst(), argument != "--" {
      if argument == option { return rest.first }
      if argument.hasPrefix(option + "=") { return String(argument.dropFirst(option.count + 1)) }
    }
    return nil
  }

  /// The formats `practice optimize` writes.
  static let optimizeFormats: [ReportFormat] = [.text, .json]

  /// The formats `practice schedule` writes.
  static let scheduleFormats: [ReportFormat] = [.text, .md, .html, .json, .csv]

  /// "text, md, html, json or csv": the choices, for error messages.
  static func wordList(_ formats: [ReportFormat], _ messages: Localizer) -> String {
    let names = formats.map(\.rawValue)
    // TRANSLATORS: the last two of a list of choices, e.g. "json or csv".
    return messages.tr("{list} or {last}", ["list": messages.list(Array(names.dropLast())), "last": names.last!])
  }

  /// The file `--output` names, or nil for standard output: none given, `-`, or `/dev/stdout`
  /// (which the write-temp-and-rename of a file would replace with a plain file).
  public var outputFile: String? { Self.outputFile(reportOutput) }

  /// The file an `--output` value names, or nil for standard output (`-`, `/dev/stdout`, or none
  /// given): one rule for the command line and for `report` typed in the REPL.
  ///
  /// ```swift
  /// Invocation.outputFile("-")           // nil
  /// Invocation.outputFile("notes.md")    // "notes.md"
  /// ```
  public static func outputFile(_ value: String?) -> String? {
    guard let value, value != "-", value != "/dev/stdout" else { return nil }
    return value
  }

  /// Parses arguments (without the program name); throws a one-line usage error in the language of `messages`.
  public static func parse(_ arguments: [String], messages: Localizer = .english) throws(UsageError) -> Invocation {
    var invocation = Invocation()
    var rest = arguments[...]
    var positional: [String] = []
    var format: String?

    func value(for option: String) throws(UsageError) -> String {
      guard let next = rest.popFirst() else {
        throw UsageError(messages.tr("{option} needs a value", ["option": option]))
      }
      return next
    }

    while let argument = rest.popFirst() {
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func take() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        return try value(for: name)
      }
      switch name {
      case "--course": invocation.coursePath = try take()
      case "--data-dir":
        // An empty folder would put progress at the filesystem's root.
        let text = try take()
        guard !text.isEmpty else { throw UsageError(messages.tr("--data-dir needs a folder, not an empty string")) }
        invocation.dataDirectory = text
      case "--user":
        let text = try take()
        guard !text.isEmpty else { throw UsageError(messages.tr("--user needs a name, not an empty string")) }
        invocation.user = text
      case "-c", "--command": invocation.commands = try take()
      case "-f", "--file": invocation.scriptFile = try take()
      case "--echo": invocation.echo = true
      case "--bail": invocation.bail = true
      case "--seed":
        let text = try take()
        guard let seed = UInt64(text) else {
          throw UsageError(messages.tr("--seed needs a whole number, not '{text}'", ["text": text]))
        }
        invocation.seed = seed
      case "--now":
        let text = try take()
        guard let date = ISO8601.parse(text) else {
          throw UsageError(
            messages.tr(
              "--now needs a real time from 1970 to 9999 like 2026-12-01T08:00:00Z (RFC 3339), not '{text}'",
              ["text": text]))
        }
        invocation.now = date
      case "--format": format = try take()
      case "--output", "-o": invocation.reportOutput = try take()
      case "--class": invocation.reportClass = true
      case "--items": invocation.reportItems = true
      case "--attempts":
        let text = try take()
        guard let rule = ItemAnalysis.AttemptRule(rawValue: text) else {
          throw UsageError(messages.tr("--attempts must be first or all, not '{text}'", ["text": text]))
        }
        invocation.itemAttempts = rule
      case "--events": invocation.exportEvents = true
      case "--outline": invocation.exportOutline = true
      case "--split": invocation.split = true
      case "--rate": invocation.rateCards = true
      case "--lang":
        let text = try take()
        guard let language = Language(tag: text) else {
          throw UsageError(messages.tr("--lang must be zh or en, not '{text}'", ["text": text]))
        }
        invocation.language = language
      case "--fuzz": invocation.fuzz = true
      case "--no-override": invocation.noOverride = true
      case "--limit", "--reviews-per-day", "--new-per-day":
        let text = try take()
        guard let limit = Int(text), (0...DailyLimits.maximum).contains(limit) else {
          throw UsageError(
            messages.tr(
              "{option} needs a whole number from 0 to {maximum}, not '{text}'",
              ["option": name, "maximum": DailyLimits.maximum, "text": text]))
        }
        if name == "--new-per-day" { invocation.newLimit = limit } else { invocation.reviewLimit = limit }
      case "--greet": invocation.greets = true
      case "--apply", "--save": invocation.applyParameters = true
      case "--day-starts":
        let text = try take()
        guard let hour = Int(text), (0...23).contains(hour) else {
          throw UsageError(
            messages.tr("--day-starts needs an hour from 0 to 23 (4 means 04:00), not '{text}'", ["text": text]))
        }
        invocation.dayStarts = hour
      case "--title": invocation.importTitle = try take()
      case "--columns": invocation.columns = try take().split(separator: ",").map(String.init)
      case "--skip-broken": invocation.skipBroken = true
      case "--id": invocation.importID = try take()
      case "--teachers": invocation.teachers = try take()
      case "-h", "--help": invocation.mode = .help
      case "--version": invocation.mode = .version
      case "--generate-manual": invocation.mode = .manual
      case "--generate-completion-script":
        let shell = try take()
        guard let chosen = CompletionScript.Shell(rawValue: shell) else {
          throw UsageError(
            messages.tr("--generate-completion-script takes bash, zsh or fish, not '{shell}'", ["shell": shell]))
        }
        invocation.mode = .completionScript(chosen)
      case "--":
        positional.append(contentsOf: rest)
        rest = []
      default:
        if argument.hasPrefix("-") && argument.count > 1 {
          throw UsageError(messages.tr("unknown option '{option}'", ["option": argument]))
        }
        positional.append(argument)
      }
    }
    if invocation.mode == .help || invocation.mode == .version { return invocation }
    switch positional.first {
    case nil:
      break
    case "validate":
      let paths = Array(positional.dropFirst())
      guard !paths.isEmpty else { throw UsageError(messages.tr("validate needs a course file or folder")) }
      invocation.mode = .validate(paths: paths)
    case "import":
      let paths = Array(positional.dropFirst())
      guard !paths.isEmpty else { throw UsageError(messages.tr("import needs one or more question bank files")) }
      invocation.mode = .importBanks(paths: paths)
    case "export" where invocation.exportEvents || invocation.exportOutline:
      guard positional.count == 1 else {
        throw UsageError(
          messages.tr("export --events and --outline take no course file; name the course with --course"))
      }
      guard !(invocation.exportEvents && invocation.exportOutline) else {
        throw UsageError(messages.tr("export: give --events or --outline, not both"))
      }
      if invocation.split && (invocation.reportOutput == nil || invocation.exportOutline) {
        throw UsageError(messages.tr("export --events --split needs --output FOLDER for the files"))
      }
      invocation.mode = invocation.exportEvents ? .exportEvents : .exportOutline
    case "export":
      let paths = Array(positional.dropFirst())
      guard paths.count == 1 else { throw UsageError(messages.tr("export needs exactly one course file or folder")) }
      invocation.mode = .export(path: paths[0])
    case "report":
      guard positional.count <= 2 else { throw UsageError(messages.tr("report takes at most one address")) }
      invocation.mode = .report(address: positional.dropFirst().first)
    case "schedule":
      guard positional.count <= 2 else { throw UsageError(messages.tr("schedule takes at most one address")) }
      invocation.mode = .schedule(address: positional.dropFirst().first)
    case "optimize":
      guard positional.count == 1 else {
        throw UsageError(messages.tr("optimize takes no address: it fits the whole course's reviews"))
      }
      invocation.mode = .optimize
    case "class":
      let words = Array(positional.dropFirst())
      switch (words.first, words.count) {
      case ("create", 2):
        guard let teachers = invocation.teachers, !teachers.isEmpty else {
          throw UsageError(messages.tr("class create needs --teachers GROUP: the Unix group of the class's teachers"))
        }
        invocation.mode = .classCreate(folder: words[1], teachers: teachers)
      case ("check", 2):
        invocation.mode = .classCheck(folder: words[1])
      default:
        throw UsageError(messages.tr("class takes 'create DIR --teachers GROUP' or 'check DIR'"))
      }
    case "help":
      invocation.mode = .help
    case let other?:
      throw UsageError(messages.tr("unknown command '{command}'", ["command": other]))
    }
    if invocation.commands != nil && invocation.scriptFile != nil {
      throw UsageError(messages.tr("give -c or -f, not both"))
    }
    if case .export = invocation.mode {
      guard let format else {
        throw UsageError(messages.tr("export needs --format gift or --format moodle-xml"))
      }
      guard ["gift", "moodle-xml"].contains(format) else {
        throw UsageError(messages.tr("export --format must be gift or moodle-xml, not '{format}'", ["format": format]))
      }
      invocation.exportFormat = format
    } else if let format {
      if case .schedule = invocation.mode,
        !scheduleFormats.contains(where: { $0.rawValue == format })
      {
        throw UsageError(
          messages.tr(
            "schedule --format must be {choices}, not '{format}'",
            ["choices": wordList(scheduleFormats, messages), "format": format]))
      }
      if case .optimize = invocation.mode,
        !optimizeFormats.contains(where: { $0.rawValue == format })
      {
        throw UsageError(
          messages.tr(
            "optimize --format must be {choices}, not '{format}'",
            ["choices": wordList(optimizeFormats, messages), "format": format]))
      }
      guard let parsed = ReportFormat(rawValue: format) else {
        throw UsageError(
          messages.tr(
            "--format must be {choices}, not '{format}'",
            ["choices": wordList(ReportFormat.allCases, messages), "format": format]))
      }
      invocation.reportFormat = parsed
    }
    if invocation.itemAttempts != nil && !invocation.reportItems {
      throw UsageError(messages.tr("--attempts belongs to 'practice report --class --items'"))
    }
    if invocation.reportItems {
      guard case .report = invocation.mode else {
        throw UsageError(messages.tr("--items belongs to 'practice report --class --items'"))
      }
      // The item analysis is always the class's.
      invocation.reportClass = true
    }
    if invocation.applyParameters {
      guard case .optimize = invocation.mode else {
        throw UsageError(messages.tr("--apply belongs to 'practice optimize'"))
      }
    }
    if invocation.teachers != nil {
      guard case .classCreate = invocation.mode else {
        throw UsageError(messages.tr("--teachers belongs to 'practice class create'"))
      }
    }
    if invocation.importTitle != nil || invocation.importID != nil {
      guard case .importBanks = invocation.mode else {
        throw UsageError(messages.tr("--title and --id belong to 'practice import'"))
      }
    }
    return invocation
  }
}

/// A command line that cannot be run as written (exit status 2).
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { "practice: \(message)" }
}
