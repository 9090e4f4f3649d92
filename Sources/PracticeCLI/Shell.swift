package import CourseOutline
import Foundation
package import Localization
package import PracticeTime
import ProgressStorage
import QuizEngine
import Reports
import Study
import TextLayout

/// The REPL's interpreter: reads a line as its state says (a command, an answer, a rating, a
/// `[Y/n]`) and hands it to the part that does it: the outline browser, the study commands, the
/// practice controller, help.
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
package final class Shell: ShellPart {
  /// The course, the output, the clock, the progress and the configuration every part works with.
  let context: ShellContext
  /// `report` in the REPL, given the words after it (`2.3 --format md --output r.md`); the caller
  /// provides it so the shell need not know about files. Returns the text to show.
  let reportCommand: ((String) -> Result<String, CommandFailure>)?
  /// What the shell is doing, and so what the next line means.
  var state = ShellState.browsing
  /// `ls`, `expand`, `find`…: the outline and its expansion.
  var browser: OutlineBrowser
  /// The session in progress is asked, graded and recorded by it.
  var practice: PracticeController
  /// Today's limits: the configuration's, until `set` changes one for the run (and keeps it).
  var dailyLimits: DailyLimits

  package var course: Course { context.course }
  /// What the run decided before it started (language, width, `--rate`, `--seed`, the limits…).
  package var configuration: ShellConfiguration { context.configuration }
  /// The catalog every message goes through.
  package var messages: Localizer { context.configuration.messages }
  /// The outline as the learner has opened it.
  package var outline: Outline { browser.outline }

  /// - Parameters:
  ///   - recorder: where answers are recorded, and what `mistakes`, `resume` and the greeting read; none keeps nothing.
  ///   - status: the status column of `ls` and the progress fields of `info`.
  ///   - reviewBooks: the FSRS memories `review`, `due` and the Easy rule read.
  ///   - reportCommand: runs the REPL's `report` (see the property).
  package init(
    course: Course, outline: Outline? = nil, output: any TextOutput, configuration: ShellConfiguration = .init(),
    clock: any PracticeClock = SystemClock(), recorder: (any ProgressRecorder)? = nil,
    status: (any NodeStatusProvider)? = nil, reviewBooks: (any ReviewBookProvider)? = nil,
    reportCommand: ((String) -> Result<String, CommandFailure>)? = nil
  ) {
    context = ShellContext(
      course: course, output: output, clock: clock, recorder: recorder, status: status, reviewBooks: reviewBooks,
      configuration: configuration)
    self.reportCommand = reportCommand
    browser = OutlineBrowser(context: context, outline: outline ?? Outline(course: course))
    practice = PracticeController(context: context)
    dailyLimits = configuration.limits
  }

  var sessions: SessionCommands { SessionCommands(context: context, limits: dailyLimits) }
  var reviews: ReviewCommands { ReviewCommands(context: context, limits: dailyLimits) }

  /// What a line did.
  package enum Outcome: Equatable {
    case ok
    case failed(CommandFailure)
    case quit
  }

  /// The prompt for the next line: where the learner is.
  package var prompt: String {
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
  package var isPractising: Bool {
    switch state {
    case .practising, .rating: true
    case .browsing, .confirmingResume: false
    }
  }

  /// Whether the next line answers a question (or `[Y/n]`) rather than being a command: the
  /// line editor keeps answers out of the command history.
  package var expectsAnswer: Bool {
    if case .browsing = state { return false }
    return true
  }

  /// Runs one line: a command while browsing, an answer during practice.
  @discardableResult
  package func handle(_ line: String) -> Outcome {
    // `!!` only ever means the answer just graded: any other line closes that chance.
    let justGraded = practice.justGraded
    practice.justGraded = nil
    if line.trimmingSpaces() == "!!" {
      if let refusal = configuration.overrideSwitch.refusal(messages) {
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
      return practice.overrule(justGraded, state: &state)
    }
    switch state {
    case .confirmingResume: return sessions.answerResumeQuestion(line, practice: &practice, state: &state)
    case .practising: return practice.handleAnswer(line, state: &state)
    case .rating(let run, let pending): return practice.rate(line, pending, in: run, state: &state)
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
      if let node = try? resolve(trimmed) { return browser.tap(node) }
      return .failed(
        CommandFailure(
          messages.tr(
            "'{word}' could mean {commands}; type more letters",
            ["word": OutputSanitizer.clean(word), "commands": commands.map(\.rawValue).joined(separator: ", ")])))
    case .unknown(let suggestion):
      if trimmed.hasPrefix("#") || NodeAddress(trimmed) != nil || course.nodes.contains(where: { $0.title == trimmed })
      {
        do { return browser.tap(try resolve(trimmed)) } catch { return .failed(error) }
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
  package func interrupt() {
    switch state {
    case .browsing: break
    case .confirmingResume:
      state = .browsing
      output.line(messages.tr("Not started."))
    case .practising: _ = practice.handleAnswer("quit", state: &state)
    case .rating(let run, let pending): _ = practice.rate("quit", pending, in: run, state: &state)
    }
  }

  func run(_ command: ShellCommand, argument: String) -> Outcome {
    do {
      switch command {
      case .ls: try browser.list(argument)
      case .toggle: try browser.toggle(argument)
      case .expand: try browser.expand(argument)
      case .collapse: try browser.collapse(argument)
      case .info: try browser.info(argument)
      case .find: try browser.find(argument)
      case .start: try sessions.start(argument, practice: &practice, state: &state)
      case .resume: try sessions.resume(argument, practice: &practice, state: &state)
      case .mistakes: try sessions.practiseMistakes(argument, practice: &practice, state: &state)
      case .review: try reviews.review(argument, practice: &practice, state: &state)
      case .due: try reviews.due(argument)
      case .set:
        var reviews = self.reviews
        // A limit changed but not saved still holds for the run.
        defer { dailyLimits = reviews.limits }
        try reviews.setLimit(argument, outline: browser.outline)
      case .report: try report(argument)
      case .help: try ShellHelp(context: context).write(argument)
      case .quit: return .quit
      }
      return .ok
    } catch {
      return .failed(error)
    }
  }

  /// `--in-order 2.3` → (true, "2.3").
  static func takeFlag(_ flag: String, from argument: String) -> (Bool, String) {
    var words = argument.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let found = words.contains(flag)
    words.removeAll { $0 == flag }
    return (found, words.joined(separator: " "))
  }

  /// `all` (or `全部`), the argument of `expand all` and `collapse all`.
  static func isAll(_ word: String) -> Bool { word.lowercased() == "all" || word == "全部" }

  static func split(_ line: String) -> (word: String, argument: String) {
    guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (line, "") }
    return (String(line[..<space]), line[space...].trimmingSpaces())
  }

  func report(_ argument: String) throws(CommandFailure) {
    guard let reportCommand else { throw CommandFailure(messages.tr("report: no progress is kept in this run")) }
    switch reportCommand(argument) {
    case .success(let text): output.write(text)
    case .failure(let failure): throw failure
    }
  }

  /// Saves what the run leaves behind (the outline's expansion) so the next run opens the same way,
  /// after ending a session in progress as `quit` would; returns a warning to show when it could
  /// not be saved.
  @discardableResult
  package func close() -> String? {
    interrupt()
    return browser.saveChangedExpansion()
  }

  /// The greeting a terminal shows before the first prompt (see `Greeting`).
  func greet() { Greeting(context: context, limits: dailyLimits).greet() }

  /// The next useful steps the greeting names.
  func nextSteps() -> [String] { Greeting(context: context, limits: dailyLimits).nextSteps() }
}
