import CourseOutline
import Foundation
import Localization
import PracticeTime
import ProgressStorage
import QuizEngine
import Reports
import Study
import TextLayout

/// The REPL's interpreter: browses the outline and runs practice sessions.
///
/// Knows nothing of terminals: lines come in through `handle(_:)`, text goes out
/// through the injected `TextOutput`, and the caller decides how errors are
/// shown (`file:line:` when scripted). A class because it holds one run's
/// mutable state (the outline, the session in progress) behind one identity.
///
/// ```swift
/// let shell = Shell(course: course, output: output)
/// shell.handle("expand 1")
/// shell.handle("ls")
/// ```
public final class Shell {
  public let course: Course
  public internal(set) var outline: Outline
  let output: any TextOutput
  let clock: any PracticeClock
  let recorder: (any ProgressRecorder)?
  /// Per-node status shown in `ls` and `info` (read mark, best score), supplied by the progress layer.
  let status: (any NodeStatusProvider)?
  /// The learner's FSRS memories, for `review`, `due` and the Easy rule; none without progress.
  let reviewBooks: (any ReviewBookProvider)?
  /// `report` in the REPL, given the words after it (`2.3 --format md --output r.md`); the caller
  /// provides it so the shell need not know about files. Returns the text to show.
  let reportCommand: ((String) -> Result<String, CommandFailure>)?
  /// What the run decided before it started (language, width, `--rate`, `--seed`, the limits…).
  public let configuration: ShellConfiguration

  /// The catalog every message goes through.
  public var messages: Localizer { configuration.messages }
  var style: OutputStyle { configuration.style }
  var seed: UInt64? { configuration.seed }
  var isInteractive: Bool { configuration.isInteractive }
  var width: () -> Int? { configuration.width }
  var studyDay: StudyDay { configuration.studyDay }
  var overrideSwitch: OverrideSwitch { configuration.overrideSwitch }
  /// `--rate`: the learner rates each answer 1–4 (a flashcard is answered with its rating).
  var learnerRates: Bool { configuration.ratings == .byLearner }
  /// Today's limits: the configuration's, until `set` changes one for the run (and keeps it).
  var dailyLimits: DailyLimits
  /// `--fuzz`'s draws, taken one per rating.
  var fuzz: SeededRandomNumberGenerator?

  /// What the shell is doing, and so what the next line means.
  var state = ShellState.browsing
  /// The session the last graded answer belongs to, as it stood then, for the next line only:
  /// `!!` there may overrule that answer (the session may have ended with it). Not a state of
  /// its own: it lasts one line, whatever the state.
  var justGraded: PracticeRun?
  var sessionCounter = 0
  var expansionChanged = false
  /// The titles' widths, measured once for every listing of the run.
  var titleMeasures = TitleMeasures()
  /// The columns of the last listing of the whole outline, and which rows it had: `expand all`
  /// then `ls` measures a million rows once.
  var outlineColumns: (rows: Outline.Revision, columns: RowListing.Columns)?

  /// - Parameters:
  ///   - recorder: where answers are recorded, and what `mistakes`, `resume` and the greeting read; none keeps nothing.
  ///   - status: the status column of `ls` and the progress fields of `info`.
  ///   - reviewBooks: the FSRS memories `review`, `due` and the Easy rule read.
  ///   - reportCommand: runs the REPL's `report` (see the property).
  public init(
    course: Course, outline: Outline? = nil, output: any TextOutput, configuration: ShellConfiguration = .init(),
    clock: any PracticeClock = SystemClock(), recorder: (any ProgressRecorder)? = nil,
    status: (any NodeStatusProvider)? = nil, reviewBooks: (any ReviewBookProvider)? = nil,
    reportCommand: ((String) -> Result<String, CommandFailure>)? = nil
  ) {
    self.course = course
    self.outline = outline ?? Outline(course: course)
    self.output = output
    self.configuration = configuration
    self.clock = clock
    self.recorder = recorder
    self.status = status
    self.reviewBooks = reviewBooks
    self.reportCommand = reportCommand
    dailyLimits = configuration.limits
    fuzz = configuration.fuzz
  }

  /// What a line did.
  public enum Outcome: Equatable {
    case ok
    case failed(CommandFailure)
    case quit
  }

  /// The prompt for the next line: where the learner is.
  public var prompt: String {
    switch state {
    case .browsing: return "practice> "
    case .rating: return messages.tr("rate 1-4 > ")
    case .practising(let run):
      guard let question = run.session.current else { return "practice> " }
      return "[\(question.number)/\(question.total)] > "
    case .confirmingResume(let pending):
      let values: KeyValuePairs<String, Any> = [
        "number": pending.record.position + 1, "total": pending.record.questionIDs.count,
        "address": course.address(of: pending.node),
      ]
      switch pending.record.kind {
      case .review?:
        return messages.tr("Resume the review of {address} at question {number} of {total}? [Y/n] ", values)
      case .mistakes?:
        return messages.tr("Resume the mistakes of {address} at question {number} of {total}? [Y/n] ", values)
      default: return messages.tr("Resume at question {number} of {total}? [Y/n] ", values)
      }
    }
  }

  /// Whether a session is running (a question asked, or an answer waiting for its rating).
  public var isPractising: Bool {
    switch state {
    case .practising, .rating: true
    case .browsing, .confirmingResume: false
    }
  }

  /// Whether the next line answers a question (or `[Y/n]`) rather than being a command: the
  /// line editor keeps answers out of the command history.
  public var expectsAnswer: Bool {
    if case .browsing = state { return false }
    return true
  }

  /// Runs one line: a command while browsing, an answer during practice.
  @discardableResult
  public func handle(_ line: String) -> Outcome {
    // `!!` only ever means the answer just graded: any other line closes that chance.
    let justGraded = self.justGraded
    self.justGraded = nil
    if line.trimmingSpaces() == "!!" {
      if let refusal = overrideSwitch.refusal(messages) {
        // Said, not failed: an exam's learner trying `!!` has made no mistake in the script.
        wrapped(refusal)
        return .ok
      }
      // Under --rate the answer is saved only once rated: there is nothing to overrule yet.
      if case .rating = state {
        return .failed(
          CommandFailure(
            messages.tr(
              "rate this answer first (1 again, 2 hard, 3 good, 4 easy); then '!!' at the next prompt marks it right")))
      }
      return overrule(justGraded)
    }
    switch state {
    case .confirmingResume: return answerResumeQuestion(line)
    case .practising: return handleAnswer(line)
    case .rating(let run, let pending): return rate(line, pending, in: run)
    case .browsing: break
    }
    let trimmed = line.trimmingSpaces()
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#!") else { return .ok }
    let (word, argument) = Self.split(trimmed)
    switch ShellCommand.named(word) {
    case .found(let command):
      return run(command, argument: argument)
    case .ambiguous(let commands):
      // A line that is a node (an address or a title) is a tap on that row.
      if let node = try? resolve(trimmed) { return tap(node) }
      return .failed(
        CommandFailure(
          messages.tr(
            "'{word}' could mean {commands}; type more letters",
            ["word": OutputSanitizer.clean(word), "commands": commands.map(\.rawValue).joined(separator: ", ")])))
    case .unknown(let suggestion):
      if trimmed.hasPrefix("#") || NodeAddress(trimmed) != nil || course.nodes.contains(where: { $0.title == trimmed })
      {
        do { return tap(try resolve(trimmed)) } catch { return .failed(error) }
      }
      let clean = DisplayWidth.truncated(OutputSanitizer.clean(word), to: 40)
      guard let suggestion else {
        return .failed(
          CommandFailure(messages.tr("unknown command '{word}'; type 'help' for the commands", ["word": clean])))
      }
      return .failed(
        CommandFailure(
          messages.tr(
            "unknown command '{word}'; did you mean '{command}'?", ["word": clean, "command": suggestion.rawValue])))
    }
  }

  /// Ctrl-C on an empty line, or Ctrl-D, during practice: ends the session like `quit` (and
  /// cancels a `[Y/n]` question); at the command prompt it does nothing.
  public func interrupt() {
    switch state {
    case .browsing: break
    case .confirmingResume:
      state = .browsing
      output.line(messages.tr("Not started."))
    case .practising: _ = handleAnswer("quit")
    case .rating(let run, let pending): _ = rate("quit", pending, in: run)
    }
  }

  func run(_ command: ShellCommand, argument: String) -> Outcome {
    do {
      switch command {
      case .ls: try list(argument)
      case .toggle: try toggle(argument)
      case .expand: try expand(argument)
      case .collapse: try collapse(argument)
      case .info: try info(argument)
      case .find: try find(argument)
      case .start: try start(argument)
      case .resume: try resume(argument)
      case .mistakes: try practiseMistakes(argument)
      case .review: try review(argument)
      case .due: try due(argument)
      case .set: try setLimit(argument)
      case .report: try report(argument)
      case .help: try help(argument)
      case .quit: return .quit
      }
      return .ok
    } catch {
      return .failed(error)
    }
  }

  /// `all` (or `全部`), the argument of `expand all` and `collapse all`.
  static func isAll(_ word: String) -> Bool { word.lowercased() == "all" || word == "全部" }

  static func split(_ line: String) -> (word: String, argument: String) {
    guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (line, "") }
    return (String(line[..<space]), line[space...].trimmingSpaces())
  }

  /// Help fits the narrowest common terminal.
  static let helpWidth = 80

  func help(_ argument: String) throws(CommandFailure) {
    // In another language than English, each command's name in it stands in a column before the English one.
    let showsNames = !messages.isEnglish
    // 80 columns, or a narrower terminal's width (wrapped again by the terminal, lines broke anywhere).
    let helpWidth = min(Self.helpWidth, width().map { max($0, 20) } ?? Self.helpWidth)
    if argument.isEmpty {
      for line in TextWrapping.lines(messages.tr("Commands (any unique prefix works):"), width: helpWidth) {
        output.line(line)
      }
      let nameWidth = showsNames ? (ShellCommand.allCases.map { DisplayWidth.of($0.chineseName) }.max() ?? 0) + 2 : 0
      let usageWidth = ShellCommand.allCases.map { DisplayWidth.of($0.usage) }.max() ?? 0
      let indent = String(repeating: " ", count: 2 + nameWidth + usageWidth + 2)
      // Summaries wrap under their own column, so the terminal never breaks a line at column 0; when
      // that column would be too narrow to read, each summary goes on the lines below its command.
      let besideWidth = helpWidth - indent.count
      for command in ShellCommand.allCases {
        let name = showsNames ? DisplayWidth.padded(command.chineseName, to: nameWidth) : ""
        guard besideWidth >= 24 else {
          for line in Self.syntax("  \(name)\(command.usage)", width: helpWidth) { output.line(line) }
          for line in TextWrapping.lines(messages.tr(command.summary), width: helpWidth - 4) {
            output.line("    " + line)
          }
          continue
        }
        let lines = TextWrapping.lines(messages.tr(command.summary), width: besideWidth)
        output.line("  \(name)\(DisplayWidth.padded(command.usage, to: usageWidth))  \(lines[0])")
        for line in lines.dropFirst() { output.line(indent + line) }
      }
      for note in [
        messages.tr("An address alone (2.3, #1295) toggles that node, or shows a leaf's info."),
        messages.tr(
          "During practice: answer by letter or number or text; skip, hint, quit; an empty line repeats the question."),
        messages.tr(
          "!! right after a graded answer marks it right (\"overruled by the learner\"), for a typo or a right answer the grader missed; the first verdict is kept in the history too."
        ),
      ] {
        for line in TextWrapping.lines(note, width: helpWidth) { output.line(line) }
      }
      return
    }
    guard case .found(let command) = ShellCommand.named(argument) else {
      throw CommandFailure(
        messages.tr(
          "help: no command '{command}'; type 'help' for the list", ["command": OutputSanitizer.clean(argument)])
      )
    }
    let usage = showsNames ? "\(command.chineseName) / \(command.usage)" : command.usage
    for line in Self.syntax(messages.tr("usage: {usage}", ["usage": usage]), width: helpWidth) { output.line(line) }
    for text in [command.summary, command.details].compactMap({ $0 }) {
      // The markers as this terminal shows them (`>`/`v` outside a UTF-8 locale).
      let marks: KeyValuePairs<String, Any> = ["collapsed": style.collapsedMarker, "expanded": style.expandedMarker]
      for line in TextWrapping.lines(messages.tr(text, marks), width: helpWidth - 2) { output.line("  " + line) }
    }
    // What each figure the command shows means, one sentence each (the README's Figures table).
    let view: FigureGlossary.View? =
      switch command {
      case .report: .report
      case .ls: .outline
      case .due: .due
      default: nil
      }
    if let view {
      output.line("  " + messages.tr("The figures:"))
      for entry in FigureGlossary.lines(for: view, messages) {
        for line in TextWrapping.lines(entry, width: helpWidth - 6) { output.line("    " + line) }
      }
    }
  }

  /// A syntax line (`expand ADDR | expand all [DEPTH]`) that does not fit `width` is broken after
  /// its `|`s, each alternative whole on an indented line of its own.
  static func syntax(_ line: String, width: Int) -> [String] {
    guard DisplayWidth.of(line) > width else { return [line] }
    var lines: [String] = []
    var current = ""
    for (i, part) in line.components(separatedBy: " | ").enumerated() {
      let piece = i == 0 ? part : "    " + part
      if current.isEmpty {
        current = piece
      } else if DisplayWidth.of(current + " | " + part) <= width {
        current += " | " + part
      } else {
        lines.append(current + " |")
        current = piece
      }
    }
    return lines + [current]
  }

  func report(_ argument: String) throws(CommandFailure) {
    guard let reportCommand else { throw CommandFailure(messages.tr("report: no progress is kept in this run")) }
    switch reportCommand(argument) {
    case .success(let text): output.write(text)
    case .failure(let failure): throw failure
    }
  }
}

/// A command that did not do what was asked, and why, in one line.
public struct CommandFailure: Error, Equatable, CustomStringConvertible, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
  /// A node argument that names no single node.
  public init(_ error: NodeLookupError) { self.message = error.description }
  public var description: String { message }
}

extension NodeStatusProvider {
  public func statusColumn(of nodes: [Int32], in course: Course) -> StatusColumn {
    StatusColumn(nodes.map { status(of: Int($0), in: course) })
  }

  /// `status(of:in:)` of every node, as `statusColumn(of:in:)` works them out.
  public func statuses(of nodes: [Int], in course: Course) -> [String?] {
    statusColumn(of: nodes.map { Int32($0) }, in: course).statuses
  }
}

/// Shows what a status column should say for a node (e.g. `✓ 82%`); nil when nothing is known.
public protocol NodeStatusProvider: AnyObject {
  func status(of node: Int, in course: Course) -> String?
  /// `status(of:in:)` of every node of a listing, in order: a provider may look its figures up once
  /// for all of them. (Node indices in 32 bits, as the outline keeps its rows: a listing of a
  /// million rows passes them on without a copy.)
  func statusColumn(of nodes: [Int32], in course: Course) -> StatusColumn
  /// Fields for `info`: the node's progress record, as (name, value) pairs.
  func infoFields(of node: Int, in course: Course) -> [(String, String)]
}
