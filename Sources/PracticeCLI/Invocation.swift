import Foundation
import Localization
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
  public var reportClass = false
  /// `import --title`, `import --id`.
  public var importTitle: String?
  /// `--columns front,back,…`: the columns of a CSV/TSV/Anki file, for import, validate and --course.
  public var columns: [String]?
  public var importID: String?
  /// `--lang`: the language to speak, before the environment and the course's `language`.
  public var language: Language?
  /// `--rate`: rate flashcards 1–4 instead of y/n.
  public var rateCards = false
  /// `--fuzz`: FSRS interval fuzz, drawn from a generator seeded by `--seed` when given.
  public var fuzz = false
  /// `--limit N`: reviews a day in `review` sessions.
  public var reviewLimit: Int?
  /// `export --events`.
  public var exportEvents = false
  /// `export --outline`.
  public var exportOutline = false
  /// `export --events --split`: one file per learner under the `--output` folder.
  public var split = false

  public init() {}

  public static let usage = """
    usage: practice [options]                 study in the REPL (commands from stdin when it is not a terminal)
           practice [options] -c 'CMD; CMD'   run commands
           practice [options] -f FILE         run commands from a file
           practice validate PATH...          check courses and question banks, listing every problem
           practice import FILE... [--output COURSE.json] [--title T] [--id ID]
                                              question banks (GIFT, Moodle XML, Aiken, Anki/CSV) to a course
           practice export --format gift|moodle-xml COURSE [--output FILE]
           (for CSV/TSV/Anki files, --columns front,back,... names the columns when no header does)
           practice report [ADDR] [--format \(ReportFormat.allCases.map(\.rawValue).joined(separator: "|"))] [--output FILE] [--class]
           practice schedule [ADDR] [--format \(scheduleFormats.map(\.rawValue).joined(separator: "|"))]   every question's review schedule
           practice export --events [--course ID] [--output FILE|--split --output FOLDER]
                                              every learner's records as JSON Lines (every course without --course)
           practice export --outline [--course PATH] [--output FILE]   the course's nodes for SQL (sql/)

    options:
      --course PATH     a course file or folder, or a question bank (.gift .xml .txt .csv .tsv)
                        (default: the shipped physics course)
      --data-dir DIR    where progress lives (default: $XDG_DATA_HOME/practice or ~/.local/share/practice)
      --user NAME       whose progress (default: $USER)
      --seed N          shuffle questions and options reproducibly
      --now TIME        fix the clock, e.g. 2026-12-01T08:00:00Z
      --fuzz            spread review intervals a little at random (FSRS fuzz; seeded by --seed)
      --limit N         reviews per day in 'review' sessions (default 50; new questions: 20)
      --echo            print each command before its output (a transcript)
      --rate            rate each answer yourself, 1 (again) to 4 (easy): flashcards instead of y/n,
                        other questions after their feedback (the review scheduler takes your rating)
      --bail            stop at the first failing command
      --lang zh|en      the language to speak (default: LANGUAGE, LC_ALL, LC_MESSAGES, LANG, else the course's)
      --help, --version
    """

  /// Parses arguments (without the program name); throws a one-line usage error.
  /// The formats `practice schedule` writes.
  static let scheduleFormats: [ReportFormat] = [.text, .json, .csv]

  /// "text, json or csv": the choices, for error messages.
  static func wordList(_ formats: [ReportFormat]) -> String {
    let names = formats.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }

  /// The file `--output` names, or nil for standard output: none given, `-`, or `/dev/stdout`
  /// (which the write-temp-and-rename of a file would replace with a plain file).
  public var outputFile: String? {
    guard let path = reportOutput, path != "-", path != "/dev/stdout" else { return nil }
    return path
  }

  public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var invocation = Invocation()
    var rest = arguments[...]
    var positional: [String] = []
    var format: String?

    func value(for option: String) throws(UsageError) -> String {
      guard let next = rest.popFirst() else { throw UsageError("\(option) needs a value") }
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
        guard !text.isEmpty else { throw UsageError("--data-dir needs a folder, not an empty string") }
        invocation.dataDirectory = text
      case "--user":
        let text = try take()
        guard !text.isEmpty else { throw UsageError("--user needs a name, not an empty string") }
        invocation.user = text
      case "-c", "--command": invocation.commands = try take()
      case "-f", "--file": invocation.scriptFile = try take()
      case "--echo": invocation.echo = true
      case "--bail": invocation.bail = true
      case "--seed":
        let text = try take()
        guard let seed = UInt64(text) else { throw UsageError("--seed needs a whole number, not '\(text)'") }
        invocation.seed = seed
      case "--now":
        let text = try take()
        guard let date = ISO8601.parse(text) else {
          throw UsageError(
            "--now needs a real time from 1970 to 9999 like 2026-12-01T08:00:00Z (RFC 3339), not '\(text)'")
        }
        invocation.now = date
      case "--format": format = try take()
      case "--output", "-o": invocation.reportOutput = try take()
      case "--class": invocation.reportClass = true
      case "--events": invocation.exportEvents = true
      case "--outline": invocation.exportOutline = true
      case "--split": invocation.split = true
      case "--rate": invocation.rateCards = true
      case "--lang":
        let text = try take()
        guard let language = Language(tag: text) else {
          throw UsageError("--lang must be zh or en, not '\(text)'")
        }
        invocation.language = language
      case "--fuzz": invocation.fuzz = true
      case "--limit":
        let text = try take()
        guard let limit = Int(text), limit >= 0 else {
          throw UsageError("--limit needs a whole number from 0, not '\(text)'")
        }
        invocation.reviewLimit = limit
      case "--title": invocation.importTitle = try take()
      case "--columns": invocation.columns = try take().split(separator: ",").map(String.init)
      case "--id": invocation.importID = try take()
      case "-h", "--help": invocation.mode = .help
      case "--version": invocation.mode = .version
      case "--":
        positional.append(contentsOf: rest)
        rest = []
      default:
        if argument.hasPrefix("-") && argument.count > 1 {
          throw UsageError("unknown option '\(argument)'")
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
      guard !paths.isEmpty else { throw UsageError("validate needs a course file or folder") }
      invocation.mode = .validate(paths: paths)
    case "import":
      let paths = Array(positional.dropFirst())
      guard !paths.isEmpty else { throw UsageError("import needs one or more question bank files") }
      invocation.mode = .importBanks(paths: paths)
    case "export" where invocation.exportEvents || invocation.exportOutline:
      guard positional.count == 1 else {
        throw UsageError("export --events and --outline take no course file; name the course with --course")
      }
      guard !(invocation.exportEvents && invocation.exportOutline) else {
        throw UsageError("export: give --events or --outline, not both")
      }
      if invocation.split && (invocation.reportOutput == nil || invocation.exportOutline) {
        throw UsageError("export --events --split needs --output FOLDER for the files")
      }
      invocation.mode = invocation.exportEvents ? .exportEvents : .exportOutline
    case "export":
      let paths = Array(positional.dropFirst())
      guard paths.count == 1 else { throw UsageError("export needs exactly one course file or folder") }
      invocation.mode = .export(path: paths[0])
    case "report":
      guard positional.count <= 2 else { throw UsageError("report takes at most one address") }
      invocation.mode = .report(address: positional.dropFirst().first)
    case "schedule":
      guard positional.count <= 2 else { throw UsageError("schedule takes at most one address") }
      invocation.mode = .schedule(address: positional.dropFirst().first)
    case "help":
      invocation.mode = .help
    case let other?:
      throw UsageError("unknown command '\(other)'; try 'practice --help'")
    }
    if invocation.commands != nil && invocation.scriptFile != nil {
      throw UsageError("give -c or -f, not both")
    }
    if case .export = invocation.mode {
      guard let format else {
        throw UsageError("export needs --format gift or --format moodle-xml")
      }
      guard ["gift", "moodle-xml"].contains(format) else {
        throw UsageError("export --format must be gift or moodle-xml, not '\(format)'")
      }
      invocation.exportFormat = format
    } else if let format {
      if case .schedule = invocation.mode,
        !scheduleFormats.contains(where: { $0.rawValue == format })
      {
        throw UsageError("schedule --format must be \(wordList(scheduleFormats)), not '\(format)'")
      }
      guard let parsed = ReportFormat(rawValue: format) else {
        throw UsageError("--format must be \(wordList(ReportFormat.allCases)), not '\(format)'")
      }
      invocation.reportFormat = parsed
    }
    if invocation.importTitle != nil || invocation.importID != nil {
      guard case .importBanks = invocation.mode else {
        throw UsageError("--title and --id belong to 'practice import'")
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
