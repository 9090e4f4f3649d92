import Foundation
import Localization
import PracticeTime
import ProgressStorage
import Reports

/// Options that belong together and that several commands take, declared once (as
/// swift-argument-parser's `@OptionGroup`): a command lists the groups it takes, and its parsing,
/// its `--help`, the overview, the manual page and the completions all read them from here.
struct OptionGroup: Sendable {
  var options: [CommandOption]

  init(_ options: [CommandOption]) { self.options = options }

  /// Where progress lives and whose it is: taken by every command, so a script may name them once for
  /// every command it runs.
  static let learner = OptionGroup([
    CommandOption(
      ["--data-dir"], value: "DIR",
      summary: trMark("where progress lives (default: $XDG_DATA_HOME/practice or ~/.local/share/practice)"),
      inOverview: true
    ) {
      invocation, text, messages throws(UsageError) in
      // An empty folder would put progress at the filesystem's root.
      guard !text.isEmpty else { throw UsageError(messages.tr("--data-dir needs a folder, not an empty string")) }
      invocation.dataDirectory = text
    },
    CommandOption(["--user"], value: "NAME", summary: trMark("whose progress (default: $USER)"), inOverview: true) {
      invocation, text, messages throws(UsageError) in
      guard !text.isEmpty else { throw UsageError(messages.tr("--user needs a name, not an empty string")) }
      invocation.user = text
    },
  ])

  /// Taken by every command: the language, and what to do instead (help, version, manual page, completions).
  static let global = OptionGroup([
    CommandOption(
      ["--lang"], value: "zh|en",
      summary: trMark("the language to speak (default: LANGUAGE, LC_ALL, LC_MESSAGES, LANG, else the course's)"),
      inOverview: true
    ) {
      invocation, text, messages throws(UsageError) in
      guard let language = Language(tag: text) else {
        throw UsageError(messages.tr("--lang must be zh or en, not '{text}'", ["text": text]))
      }
      invocation.language = language
    },
    .flag(["--help", "-h"], summary: trMark("this help; the program's version"), inOverview: true) { $0.mode = .help }
      .labelled("--help, --version"),
    .flag(["--version"], summary: nil) { $0.mode = .version },
    .flag(["--generate-manual"], summary: nil) { $0.mode = .manual },
    CommandOption(["--generate-completion-script"], value: "SHELL", summary: nil) {
      invocation, shell, messages throws(UsageError) in
      guard let chosen = CompletionScript.Shell(rawValue: shell) else {
        throw UsageError(
          messages.tr("--generate-completion-script takes bash, zsh or fish, not '{shell}'", ["shell": shell]))
      }
      invocation.mode = .completionScript(chosen)
    },
  ])

  /// `--columns`: how to read a CSV/TSV/Anki file without a header, wherever a bank is read.
  static let columns = CommandOption(
    ["--columns"], value: "LIST",
    summary: trMark("for CSV/TSV/Anki files without a header: the columns, e.g. front,back,tags"), inOverview: true
  ) { invocation, text, _ throws(UsageError) in
    invocation.columns = text.split(separator: ",").map(String.init)
  }

  /// The course to open (a file, a folder or a bank) and how to read a bank.
  static let course = OptionGroup([
    CommandOption(
      ["--course"], value: "PATH",
      summary: trMark(
        "a course file or folder, or a question bank (.gift .xml .txt .csv .tsv); by default the shipped physics course"
      ), inOverview: true
    ) { invocation, text, _ throws(UsageError) in invocation.coursePath = text },
    columns,
  ])

  /// The clock and the study day: what `report`, `schedule` and a session count as due.
  static let clock = OptionGroup([
    CommandOption(
      ["--now"], value: "TIME", summary: trMark("fix the clock, e.g. 2026-12-01T08:00:00Z"), inOverview: true
    ) {
      invocation, text, messages throws(UsageError) in
      guard let date = ISO8601.parse(text) else {
        throw UsageError(
          messages.tr(
            "--now needs a real time from 1970 to 9999 like 2026-12-01T08:00:00Z (RFC 3339), not '{text}'",
            ["text": text]))
      }
      invocation.now = date
    },
    CommandOption(
      ["--day-starts"], value: "HOUR",
      summary: trMark("the local hour a study day begins (default 4; or PRACTICE_DAY_STARTS; zone from TZ)"),
      inOverview: true
    ) { invocation, text, messages throws(UsageError) in
      guard let hour = Int(text), (0...23).contains(hour) else {
        throw UsageError(
          messages.tr("--day-starts needs an hour from 0 to 23 (4 means 04:00), not '{text}'", ["text": text]))
      }
      invocation.dayStarts = hour
    },
  ])

  /// `--output FILE`: where a command writes, instead of standard output.
  static let output = OptionGroup([
    CommandOption(
      ["--output", "-o"], value: "FILE", label: "--output FILE",
      summary: trMark("write to FILE instead of standard output ('-' is standard output)")
    ) { invocation, text, _ throws(UsageError) in invocation.reportOutput = text }
  ])

  /// `--class`: the class's data (every learner of the data folder) instead of one learner's.
  static let classFlag = CommandOption.flag(
    ["--class"], summary: trMark("the whole class: every learner of the data folder")
  ) { $0.reportClass = true }

  /// A study session: scripts, shuffling, grading and the day's limits.
  static let session = OptionGroup([
    CommandOption(
      ["-c", "--command"], value: "'CMD; CMD'", label: "-c 'CMD; CMD'", summary: trMark("run these commands, then stop")
    ) { invocation, text, _ throws(UsageError) in invocation.commands = text },
    CommandOption(["-f", "--file"], value: "FILE", label: "-f FILE", summary: trMark("run the commands in FILE")) {
      invocation, text, _ throws(UsageError) in invocation.scriptFile = text
    },
    CommandOption(
      ["--seed"], value: "N", summary: trMark("shuffle questions and options reproducibly"), inOverview: true
    ) {
      invocation, text, messages throws(UsageError) in
      guard let seed = UInt64(text) else {
        throw UsageError(messages.tr("--seed needs a whole number, not '{text}'", ["text": text]))
      }
      invocation.seed = seed
    },
    .flag(
      ["--fuzz"], summary: trMark("spread review intervals a little at random (FSRS fuzz; seeded by --seed)"),
      inOverview: true
    ) { $0.fuzz = true },
    dailyLimit(
      ["--new-per-day"], trMark("new questions a day in 'review' (default 20, or what 'set' kept), for this run")
    ) { $0.newLimit = $1 },
    dailyLimit(
      ["--reviews-per-day"], trMark("reviews a day in 'review' (default 200, or what 'set' kept), for this run")
    ) { $0.reviewLimit = $1 },
    // The older name of --reviews-per-day, still read; help shows the newer.
    dailyLimit(["--limit"], nil) { $0.reviewLimit = $1 },
    .flag(
      ["--greet"], summary: trMark("in a script too, greet and name the next step as on a terminal"), inOverview: true
    ) {
      $0.greets = true
    },
    .flag(["--echo"], summary: trMark("print each command before its output (a transcript)"), inOverview: true) {
      $0.echo = true
    },
    .flag(
      ["--rate"],
      summary: trMark(
        "rate each answer yourself, 1 (again) to 4 (easy): flashcards instead of y/n, other questions after their feedback (the review scheduler takes your rating)"
      ), inOverview: true
    ) { $0.rateCards = true },
    .flag(["--bail"], summary: trMark("stop at the first failing command"), inOverview: true) { $0.bail = true },
    .flag(
      ["--no-override"], summary: trMark("'!!' cannot mark a wrong verdict right in this run (for an exam)"),
      inOverview: true
    ) { $0.noOverride = true },
  ])

  /// `--new-per-day N`, `--reviews-per-day N`: a whole number of questions a day, for this run.
  static func dailyLimit(
    _ names: [String], _ summary: String?, _ set: @escaping @Sendable (inout Invocation, Int) -> Void
  ) -> CommandOption {
    CommandOption(names, value: "N", label: "\(names[0]) N", summary: summary, inOverview: true) {
      invocation, text, messages throws(UsageError) in
      guard let limit = Int(text), (0...DailyLimits.maximum).contains(limit) else {
        throw UsageError(
          messages.tr(
            "{option} needs a whole number from 0 to {maximum}, not '{text}'",
            ["option": names[0], "maximum": DailyLimits.maximum, "text": text]))
      }
      set(&invocation, limit)
    }
  }

  /// `--format`: one of `formats`, refused in the words `refusal` gives (it names the command).
  static func format(
    _ formats: [ReportFormat], summary: String,
    refusal: @escaping @Sendable (_ format: String, _ messages: Localizer) -> String
  ) -> CommandOption {
    CommandOption(["--format"], value: formats.map(\.rawValue).joined(separator: "|"), summary: summary) {
      invocation, text, messages throws(UsageError) in
      guard let format = ReportFormat(rawValue: text), formats.contains(format) else {
        throw UsageError(refusal(text, messages))
      }
      invocation.reportFormat = format
    }
  }
}

extension CommandOption {
  /// The same option, shown in help as `label`.
  func labelled(_ label: String) -> CommandOption {
    var copy = self
    copy.label = label
    return copy
  }
}
