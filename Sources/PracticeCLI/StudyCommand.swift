import CourseImport
import CourseOutline
import Foundation
import Localization
import PracticeFiles
import PracticeJSON
import PracticeTime
import ProgressStorage
import QuizEngine
import Reports
import TextLayout

/// `practice` (study): the course's outline in the REPL, the learner's progress open for writing,
/// commands read from the terminal, `-c`, `-f FILE` or standard input.
struct StudyCommand {
  var app: PracticeApp
  var invocation: Invocation
  var course: Course
  var clock: any PracticeClock
  /// The `course-checked` note to write in the progress folder once it is open (`CourseCheckNote`).
  var courseCheckNote: String? = nil

  func run(style: OutputStyle, studyDay: StudyDay) -> Int32 {
    let progress: LearnerProgress
    do {
      progress = try app.openProgress(invocation, course: course, style: style, clock: clock)
    } catch {
      app.errors.line(app.localizer(invocation, course: course).describe(error))
      return 1
    }
    defer { progress.store.close() }
    if let courseCheckNote { progress.store.recordCourseCheck(courseCheckNote) }
    let messages = app.localizer(invocation, course: course)
    app.adoptClassParameters(progress, invocation: invocation, course: course, clock: clock, messages: messages)
    var expanded: [Int] = []
    do {
      expanded = try progress.restoredExpansion()
    } catch {
      app.errors.line(messages.tr("Warning: {error} The outline opens collapsed.", ["error": messages.describe(error)]))
    }
    for warning in progress.store.takeWarnings() { app.errors.line(warning.description(messages)) }
    let outline = Outline(course: course, expanded: expanded)
    // The limits the learner set for this course, unless the command line says otherwise for this run.
    var limits = progress.savedLimits ?? .standard
    if let limit = invocation.reviewLimit { limits.reviewsPerDay = limit }
    if let limit = invocation.newLimit { limits.newPerDay = limit }
    // A person at a terminal: the line editor, the greeting, wrapping, and `start` asking whether to resume.
    let interactive =
      invocation.commands == nil && invocation.scriptFile == nil && app.stdinIsTerminal
      && app.makeTerminalReader != nil
    let configuration = ShellConfiguration(
      messages: messages, style: style, seed: invocation.seed, isInteractive: interactive,
      width: interactive ? { app.stdoutIsTerminal ? app.reportWidth() : nil } : { nil }, studyDay: studyDay,
      limits: limits,
      ratings: invocation.rateCards ? .byLearner : .fromGrading,
      fuzz: invocation.fuzz
        ? SeededRandomNumberGenerator(seed: invocation.seed ?? UInt64.random(in: 0...UInt64.max)) : nil,
      overrideSwitch: OverrideSwitch(courseAllows: course.allowsOverride, runAllows: !invocation.noOverride),
      learner: app.learner(invocation).name)
    var reports = ReportRunner(course: course, user: app.learner(invocation).name, clock: clock, style: style)
    reports.studyDay = studyDay
    reports.messages = messages
    reports.width = app.reportWidth
    let reportCommand = { (argument: String) -> Result<String, CommandFailure> in
      do throws(CommandFailure) {
        let request = try ReportRequest.parse(argument, messages: messages)
        var runner = reports
        let file = Invocation.outputFile(request.output)
        if file != nil || request.format != .text { runner.width = { nil } }
        let text: String
        if request.isItems {
          text = try runner.itemAnalysis(
            dataDirectory: try app.dataDirectory(invocation, course: course), address: request.address,
            rule: request.attempts ?? .first, format: request.format)
        } else if request.isClass {
          text = try runner.classReport(
            dataDirectory: try app.dataDirectory(invocation, course: course), format: request.format)
        } else {
          // The whole history, every session whole (the store's state sums old sessions up).
          let history: ProgressState
          do throws(ProgressError) {
            history = try ReadOnlyProgress.load(directory: progress.store.directory).state
          } catch {
            throw CommandFailure(messages.tr("report: {error}", ["error": error.description(messages)]))
          }
          do throws(NodeLookupError) {
            text = try runner.learner(state: history, address: request.address, format: request.format)
          } catch {
            throw CommandFailure(error.description(messages))
          }
        }
        guard let path = file else { return .success(text) }
        do throws(FileSystemError) {
          try PracticeApp.writeReport(text, to: path, readingFrom: [app.coursePath(invocation)])
        } catch {
          throw CommandFailure(messages.describe(output: error, command: "report"))
        }
        return .success(messages.tr("Report written to {path}.", ["path": path]) + "\n")
      } catch {
        return .failure(error)
      }
    }
    let shell = Shell(
      course: course, outline: outline, output: app.output, configuration: configuration, clock: clock,
      recorder: progress, status: progress, reviewBooks: progress, reportCommand: reportCommand)
    // The files are closed by the defer above, as always; only the memory is left to the system.
    defer { if app.exitsAfterRun { _ = Unmanaged.passRetained(shell) } }

    let reader: any LineReader
    let source: String
    // `--greet`: a script shows the greeting a terminal would (for transcripts of a day's start).
    if invocation.greets && !app.stdinIsTerminal { shell.greet() }
    if let commands = invocation.commands {
      reader = CommandStringReader(commands)
      source = "-c"
    } else if let file = invocation.scriptFile {
      let script: OpenFile
      do throws(FileSystemError) {
        script = try Self.openScript(file)
      } catch  where error.code == FileSystemError.noSuchFileCode {
        app.errors.line(
          "practice: "
            + messages.tr(
              "{path}: no such file or folder; check the name and the folder practice runs in", ["path": file]))
        return 2
      } catch {
        // Permission denied, a symlink loop, a name too long, a folder: said as what it is.
        app.errors.line(
          "practice: "
            + messages.tr("cannot read {file}: {reason}", ["file": file, "reason": messages.tr(error.reason)]))
        return 2
      }
      // The reader reads the descriptor: `script` keeps it open until the loop ends.
      reader = PlainLineReader(descriptor: script.fd)
      source = file
      return ShellLoop(source: source, isInteractive: false, echo: invocation.echo, bail: invocation.bail)
        .run(shell, reader: reader, output: app.output, errors: app.errors)
    } else if interactive, let makeTerminalReader = app.makeTerminalReader {
      reader = makeTerminalReader({ shell.completions(for: $0) }, app.historyPath(user: app.user(invocation)))
      reader.setCandidateLabels { shell.completionLabel($0) }
      source = "-"
      shell.greet()
    } else {
      reader = app.makePlainReader()
      source = "-"
    }
    return ShellLoop(source: source, isInteractive: interactive, echo: invocation.echo, bail: invocation.bail)
      .run(shell, reader: reader, output: app.output, errors: app.errors)
  }

  /// The `-f` script's descriptor, opened through symbolic links and as a pipe too (`-f <(…)`), but not
  /// a folder; closed when the caller's `OpenFile` goes (a folder's, here).
  static func openScript(_ file: String) throws(FileSystemError) -> OpenFile {
    let fs = POSIXFileSystem()
    let script = try fs.openFile(file, [.readOnly, .followingLinks], mode: 0)
    let fd = script.fd
    let status = try FileSystemError.attributing(to: file, { () throws(FileSystemError) in try fs.fstat(fd) })
    guard status.isDirectory else { return script }
    throw FileSystemError(
      operation: "open", path: file, code: FileSystemError.isAFolderCode, reason: trMark("it is a folder, not a file"))
  }

}
