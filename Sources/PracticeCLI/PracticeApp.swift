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

/// The whole program behind `practice`, with its edges injected.
///
/// The executable supplies the streams, whether stdin and stdout are
/// terminals, and how to make a terminal line reader; everything else is here,
/// so tests can run the program in-process.
public struct PracticeApp {
  public var arguments: [String]
  public var environment: [String: String]
  public var output: any TextOutput
  public var errors: any TextOutput
  public var stdinIsTerminal: Bool
  public var stdoutIsTerminal: Bool
  /// Builds the libedit reader for the REPL; given the completer and the history file.
  public var makeTerminalReader: ((@escaping (String) -> [String], String?) -> any LineReader)?
  /// The plain reader for a pipe or file on stdin.
  public var makePlainReader: () -> any LineReader
  /// Folders searched for the shipped `Data/` when no course is given.
  public var searchRoots: [String]
  /// The width of the terminal on stdout, asked when a text report is about to be shown; nil when
  /// stdout is not a terminal. `COLUMNS`, when set to a number, takes its place.
  public var terminalColumns: () -> Int?
  /// Whether the process ends right after ``run()`` (the executable; not a test): the session's
  /// course and progress are then left to the system, which takes the memory back at once, instead
  /// of being freed object by object (a quarter of a million instructions at every quit). Files are
  /// closed as always.
  public var exitsAfterRun = false

  public static let version = "0.1.0"
  public static let defaultCourse = "Data/courses/physics-grade8"

  public init(
    arguments: [String], environment: [String: String], output: any TextOutput, errors: any TextOutput,
    stdinIsTerminal: Bool = false, stdoutIsTerminal: Bool = false,
    makeTerminalReader: ((@escaping (String) -> [String], String?) -> any LineReader)? = nil,
    makePlainReader: @escaping () -> any LineReader = { PlainLineReader() }, searchRoots: [String] = [],
    terminalColumns: @escaping () -> Int? = { nil }, errorColumns: @escaping () -> Int? = { nil }
  ) {
    // `errorColumns`: the width of the terminal on stderr, nil when stderr is a file or a pipe.
    // Errors are wrapped to it at word boundaries on a terminal and stay one line each in a file;
    // `COLUMNS`, when set to a number, takes its place (on a terminal only).
    self.arguments = arguments
    self.environment = environment
    // Every line the program prints passes the one sanitiser; only stdout on a color terminal
    // keeps the program's own color sequences.
    let color = OutputStyle.detect(isTerminal: stdoutIsTerminal, environment: environment).color
    self.output = SanitizedOutput(output, keepingColor: color)
    // Cleaned first, then wrapped: a course's `\u{1B}` is measured as the terminal will show it.
    let columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    self.errors = SanitizedOutput(TerminalWrappedOutput(errors, width: { errorColumns().map { columns ?? $0 } }))
    self.stdinIsTerminal = stdinIsTerminal
    self.stdoutIsTerminal = stdoutIsTerminal
    self.makeTerminalReader = makeTerminalReader
    self.makePlainReader = makePlainReader
    self.searchRoots = searchRoots
    self.terminalColumns = terminalColumns
  }

  /// Standard output for lines of prose (`validate`'s problems, `import`'s summary): wrapped at word
  /// boundaries on a terminal, which would break them anywhere, and whole lines in files and pipes.
  var sentenceOutput: any TextOutput { TerminalWrappedOutput(output, width: reportWidth) }

  /// Columns a text report on stdout must fit, or nil to lay it out in full (files and pipes).
  func reportWidth() -> Int? {
    guard stdoutIsTerminal else { return nil }
    if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
    return terminalColumns()
  }

  /// Runs the program; returns the exit status (0 success, 1 a command failed, 2 usage).
  public func run() -> Int32 {
    // Parsed in English first: finding the language may read the course, which only a usage
    // error needs before the course is opened (and reading it twice delays the first prompt).
    guard let invocation = try? Invocation.parse(arguments) else {
      let messages = startupLocalizer()
      do { _ = try Invocation.parse(arguments, messages: messages) } catch { errors.line("\(error)") }
      errors.line(messages.tr("try 'practice --help'"))
      return 2
    }
    switch invocation.mode {
    case .help:
      output.line(Invocation.usage(startupLocalizer(), width: reportWidth()))
      return 0
    case .commandHelp(let word):
      output.line(Invocation.usage(of: word, startupLocalizer(), width: reportWidth()))
      return 0
    case .version:
      output.line("practice \(Self.version)")
      return 0
    case .manual:
      output.write(ManualPage.roff(version: Self.version))
      return 0
    case .completionScript(let shell):
      output.write(CompletionScript.text(for: shell))
      return 0
    case .validate(let paths):
      return CourseValidation(
        output: sentenceOutput, errors: errors, reader: CourseReader(loader: loader, columns: invocation.columns),
        messages: { localizer(invocation, course: $0) }
      ).run(paths)
    case .importBanks(let paths):
      // A bank has no `language`: the shipped course's (Chinese) must not speak to a teacher
      // importing an English bank on a bare machine; `--lang` or the locale, else English.
      var reader = CourseReader(loader: loader, columns: invocation.columns)
      reader.skipBroken = invocation.skipBroken
      return ImportCommand(
        output: sentenceOutput, errors: errors, reader: reader,
        messages: localizer(invocation, course: nil)
      ).run(
        paths, outputPath: invocation.reportOutput, title: invocation.importTitle, id: invocation.importID)
    case .export(let path):
      return ExportCommand(
        output: output, errors: errors, reader: CourseReader(loader: loader, columns: invocation.columns),
        language: { localizer(invocation, course: $0) }
      ).run(
        path, format: invocation.exportFormat ?? "gift", outputPath: invocation.outputFile)
    case .exportEvents:
      return EventExport(app: self, invocation: invocation).run()
    case .exportOutline:
      return EventExport(app: self, invocation: invocation).runOutline()
    case .classCreate(let folder, let teachers):
      return ClassFolderCommand(output: sentenceOutput, errors: errors, messages: environmentLocalizer)
        .create(folder, teachers: teachers)
    case .classCheck(let folder):
      return ClassFolderCommand(output: sentenceOutput, errors: errors, messages: environmentLocalizer).check(folder)
    case .report, .schedule, .optimize, .shell:
      return runShell(invocation)
    }
  }

  /// The catalog for this run: `--lang`, else the locale variables, else the course's `language`
  /// (see `Language.choose`); the environment is read here, at the edge, and passed on.
  func localizer(_ invocation: Invocation?, course: Course?) -> Localizer {
    var messages = Localizer(
      language: Language.choose(
        option: invocation?.language, environment: environment, courseLanguage: course?.language))
    // Dates and times a person reads are local (JSON, CSV and the journal stay UTC).
    messages.timeZone = localZone ?? .utc
    return messages
  }

  /// The zone `TZ` names, else `/etc/localtime`, else UTC; nil when `TZ` names no zone.
  var localZone: TimeZoneRules? {
    let fs = POSIXFileSystem()
    return TimeZoneRules.resolve(tz: environment["TZ"], zoneDirectory: environment["TZDIR"]) { path in
      try? fs.readWholeFile(path, flags: .readOnly.union(.followingLinks), limit: 1 << 20)
    }
  }

  /// The catalog before a course is open (`--help`, usage errors):
  /// `--lang` as typed, else the locale variables, else the `language` of the course practice would
  /// open, read only when the locale names no language (the Chinese course on a bare machine).
  public func startupLocalizer() -> Localizer {
    let option = Invocation.scan(arguments, for: "--lang").flatMap { Language(tag: $0) }
    return Localizer(
      language: Language.choose(option: option, environment: environment) {
        var invocation = Invocation()
        invocation.coursePath = Invocation.scan(arguments, for: "--course")
        let reader = CourseReader(loader: CourseLoader(), columns: nil)
        return (try? reader.load(path: coursePath(invocation)))?.course.language
      })
  }

  /// The catalog from `--lang` and the locale variables alone, for what is said before any course is read.
  var environmentLocalizer: Localizer {
    let option = Invocation.scan(arguments, for: "--lang").flatMap { Language(tag: $0) }
    return Localizer(language: Language.choose(option: option, environment: environment, courseLanguage: nil))
  }

  var loader: CourseLoader {
    // Up to a terabyte: a size that fits in memory arithmetic, whatever was typed.
    if let mb = environmentNumber("PRACTICE_MAX_COURSE_MB", in: 1...1_048_576) {
      return CourseLoader(maximumBytes: Int(mb * 1_048_576))
    }
    return CourseLoader()
  }

  /// The learner's study days: the zone `TZ` names (else `/etc/localtime`, else UTC), and the hour
  /// `--day-starts` gives, else `PRACTICE_DAY_STARTS`, else 4 (Anki's "next day starts at").
  /// A `TZ` that names no zone is UTC, after a one-line warning.
  func studyDay(_ invocation: Invocation) -> StudyDay {
    let zone = localZone
    if zone == nil, let tz = environment["TZ"] {
      errors.line(
        "practice: "
          + environmentLocalizer.tr(
            "warning: TZ={value} names no time zone (a name such as Asia/Shanghai, or CST-8); times are in UTC",
            ["value": tz]))
    }
    let hour = invocation.dayStarts ?? environmentNumber("PRACTICE_DAY_STARTS", in: 0...23).map { Int($0) }
    return StudyDay(zone: zone ?? .utc, startHour: hour ?? StudyDay.defaultStartHour)
  }

  /// `PRACTICE_LOCK_TIMEOUT`: seconds to wait for another process's lock, up to a day.
  var lockTimeout: Double? { environmentNumber("PRACTICE_LOCK_TIMEOUT", in: 0...86_400) }

  /// The number in the environment variable `name` when it is one within `range`; nil when unset,
  /// and nil after a one-line warning when it is not a number or out of range.
  func environmentNumber(_ name: String, in range: ClosedRange<Double>) -> Double? {
    guard let text = environment[name], !text.isEmpty else { return nil }
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      errors.line(
        "practice: "
          + environmentLocalizer.tr(
            "warning: {name}={value} is not a number from {lowest} to {highest}; it is ignored",
            [
              "name": name, "value": text, "lowest": JSONWriter.format(range.lowerBound),
              "highest": JSONWriter.format(range.upperBound),
            ]))
      return nil
    }
    return value
  }

  /// The course path: `--course`, else `$PRACTICE_COURSE`, else the shipped default.
  func coursePath(_ invocation: Invocation) -> String {
    if let path = invocation.coursePath { return path }
    if let path = environment["PRACTICE_COURSE"], !path.isEmpty { return path }
    return shippedCoursePath()
  }

  /// The shipped course, found from the program's own path only (`searchRoots`), never from the
  /// current folder, where anyone's `Data/courses/physics-grade8` could stand in for it: in a
  /// folder up to 6 above the program (a build: `.build/debug/practice`), else under the install
  /// prefix (`PREFIX/bin/practice` finds `PREFIX/share/practice/courses/physics-grade8`). When
  /// none is there, the first place looked, which does not exist (so the error names the search).
  func shippedCoursePath() -> String {
    var firstLooked: String?
    for root in searchRoots where root.hasPrefix("/") {
      var folder = root
      for _ in 0..<6 {
        let candidate = PathText.appending(folder, Self.defaultCourse)
        firstLooked = firstLooked ?? candidate
        if PathText.kind(of: candidate) != .missing { return candidate }
        folder = PathText.deletingLastComponent(folder)
      }
      let prefix = PathText.deletingLastComponent(PathText.deletingLastComponent(root))
      let installed = PathText.appending(prefix, Self.installedCourse)
      if PathText.kind(of: installed) != .missing { return installed }
    }
    return firstLooked ?? PathText.appending("/", Self.defaultCourse)
  }

  /// Where an installed copy keeps the shipped course, under its prefix.
  static let installedCourse = "share/practice/courses/physics-grade8"

  func runShell(_ invocation: Invocation) -> Int32 {
    if case .shell = invocation.mode, invocation.commands == nil, invocation.scriptFile == nil, !stdinIsTerminal,
      (try? POSIXFileSystem().fstat(0))?.isDirectory == true
    {
      // `practice < folder`: reading it fails at once, which would pass for an empty script (as `-f folder` does not).
      errors.line(
        "practice: "
          + environmentLocalizer.tr(
            "standard input is a folder, not commands; give a file of commands (practice < FILE or -f FILE)"))
      return 2
    }
    let course: Course
    let path = coursePath(invocation)
    do {
      let (loaded, warnings) = try CourseReader(loader: loader, columns: invocation.columns).load(path: path)
      course = loaded
      let messages = localizer(invocation, course: loaded)
      for warning in warnings { errors.line(warning.localized(by: messages)) }
    } catch {
      if case .notFound = error, invocation.coursePath == nil, environment["PRACTICE_COURSE"]?.isEmpty ?? true {
        // No course was named and the shipped one is not beside the program (a copy elsewhere, say).
        errors.line(
          "practice: "
            + environmentLocalizer.tr(
              "no course given, and the shipped {course} is neither above the program nor in {installed} under its prefix; give --course PATH or set PRACTICE_COURSE",
              ["course": Self.defaultCourse, "installed": Self.installedCourse]))
      } else {
        // The course did not load, so its `language` is unknown: `--lang` or the locale decides.
        errors.line(error.localized(by: environmentLocalizer))
      }
      return 1
    }
    let clock: any PracticeClock = invocation.now.map { FixedClock($0) } ?? SystemClock()
    let style = outputStyle(isTerminal: stdoutIsTerminal, invocation, course: course)
    let studyDay = studyDay(invocation)
    if case .report(let address) = invocation.mode {
      return runReport(invocation, course: course, address: address, clock: clock, studyDay: studyDay)
    }
    if case .schedule(let address) = invocation.mode {
      return runSchedule(invocation, course: course, address: address, clock: clock)
    }
    if case .optimize = invocation.mode {
      return runOptimize(invocation, course: course, clock: clock)
    }
    let progress: LearnerProgress
    do {
      progress = try openProgress(invocation, course: course, style: style, clock: clock)
    } catch {
      errors.line(localizer(invocation, course: course).describe(error))
      return 1
    }
    defer { progress.store.close() }
    let messages = localizer(invocation, course: course)
    adoptClassParameters(progress, invocation: invocation, course: course, clock: clock, messages: messages)
    var expanded: [Int] = []
    do {
      expanded = try progress.restoredExpansion()
    } catch {
      errors.line(messages.tr("Warning: {error} The outline opens collapsed.", ["error": messages.describe(error)]))
    }
    for warning in progress.store.takeWarnings() { errors.line(warning.description(messages)) }
    let outline = Outline(course: course, expanded: expanded)
    // The limits the learner set for this course, unless the command line says otherwise for this run.
    var limits = progress.savedLimits ?? .standard
    if let limit = invocation.reviewLimit { limits.reviewsPerDay = limit }
    if let limit = invocation.newLimit { limits.newPerDay = limit }
    // A person at a terminal: the line editor, the greeting, wrapping, and `start` asking whether to resume.
    let interactive =
      invocation.commands == nil && invocation.scriptFile == nil && stdinIsTerminal
      && makeTerminalReader != nil
    let configuration = ShellConfiguration(
      messages: messages, style: style, seed: invocation.seed, isInteractive: interactive,
      width: interactive ? { stdoutIsTerminal ? reportWidth() : nil } : { nil }, studyDay: studyDay, limits: limits,
      ratings: invocation.rateCards ? .byLearner : .fromGrading,
      fuzz: invocation.fuzz
        ? SeededRandomNumberGenerator(seed: invocation.seed ?? UInt64.random(in: 0...UInt64.max)) : nil,
      overrideSwitch: OverrideSwitch(courseAllows: course.allowsOverride, runAllows: !invocation.noOverride))
    var reports = ReportRunner(course: course, user: learner(invocation).name, clock: clock, style: style)
    reports.studyDay = studyDay
    reports.messages = messages
    reports.width = reportWidth
    let reportCommand = { (argument: String) -> Result<String, CommandFailure> in
      do throws(CommandFailure) {
        let request = try ReportRequest.parse(argument, messages: messages)
        var runner = reports
        let file = Invocation.outputFile(request.output)
        if file != nil || request.format != .text { runner.width = { nil } }
        let text: String
        if request.isItems {
          text = try runner.itemAnalysis(
            dataDirectory: try dataDirectory(invocation, course: course), address: request.address,
            rule: request.attempts ?? .first, format: request.format)
        } else if request.isClass {
          text = try runner.classReport(
            dataDirectory: try dataDirectory(invocation, course: course), format: request.format)
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
          try Self.writeReport(text, to: path, readingFrom: [coursePath(invocation)])
        } catch {
          throw CommandFailure(messages.describe(output: error, command: "report"))
        }
        return .success(messages.tr("Report written to {path}.", ["path": path]) + "\n")
      } catch {
        return .failure(error)
      }
    }
    let shell = Shell(
      course: course, outline: outline, output: output, configuration: configuration, clock: clock,
      recorder: progress, status: progress, reviewBooks: progress, reportCommand: reportCommand)
    // The files are closed by the defer above, as always; only the memory is left to the system.
    defer { if exitsAfterRun { _ = Unmanaged.passRetained(shell) } }

    let reader: any LineReader
    let source: String
    // `--greet`: a script shows the greeting a terminal would (for transcripts of a day's start).
    if invocation.greets && !stdinIsTerminal { shell.greet() }
    if let commands = invocation.commands {
      reader = CommandStringReader(commands)
      source = "-c"
    } else if let file = invocation.scriptFile {
      let script: Int32
      do throws(FileSystemError) {
        script = try Self.openScript(file)
      } catch  where error.code == FileSystemError.noSuchFileCode {
        errors.line(
          "practice: "
            + messages.tr(
              "{path}: no such file or folder; check the name and the folder practice runs in", ["path": file]))
        return 2
      } catch {
        // Permission denied, a symlink loop, a name too long, a folder: said as what it is.
        errors.line(
          "practice: "
            + messages.tr("cannot read {file}: {reason}", ["file": file, "reason": messages.tr(error.reason)]))
        return 2
      }
      reader = PlainLineReader(descriptor: script)
      source = file
      // The reader reads the descriptor: it stays open until the loop ends.
      defer { POSIXFileSystem().close(script) }
      return ShellLoop(source: source, isInteractive: false, echo: invocation.echo, bail: invocation.bail)
        .run(shell, reader: reader, output: output, errors: errors)
    } else if interactive, let makeTerminalReader {
      reader = makeTerminalReader({ shell.completions(for: $0) }, historyPath(user: user(invocation)))
      reader.setCandidateLabels { shell.completionLabel($0) }
      source = "-"
      shell.greet()
    } else {
      reader = makePlainReader()
      source = "-"
    }
    return ShellLoop(source: source, isInteractive: interactive, echo: invocation.echo, bail: invocation.bail)
      .run(shell, reader: reader, output: output, errors: errors)
  }

  /// `practice schedule`: every question's memory, read without changing the progress files.
  func runSchedule(_ invocation: Invocation, course: Course, address: String?, clock: any PracticeClock) -> Int32 {
    guard let state = readProgress(invocation, course: course) else { return 1 }
    let messages = localizer(invocation, course: course)
    let root: Int?
    do {
      root = try address.map { (a: String) throws(NodeLookupError) in try course.resolve(a, messages: messages) }
    } catch {
      errors.line("practice: " + messages.tr("schedule: {error}", ["error": error.description(messages)]))
      return 1
    }
    let report = ScheduleReport.build(
      course: course, memories: state.memories(), now: clock.now(), root: root,
      scheduler: state.parameterTimeline.scheduler(at: clock.now()))
    // Fitted to the terminal like `report`; files and pipes get every column. No color: the text
    // passes the sanitiser whole, which would show color codes as text.
    let toTerminal = invocation.outputFile == nil && stdoutIsTerminal && invocation.reportFormat == .text
    let glyphs = outputStyle(isTerminal: toTerminal, invocation, course: course)
    let style = ReportStyle(unicode: glyphs.unicode, color: false, width: toTerminal ? reportWidth() : nil)
    let text = report.render(invocation.reportFormat, messages: messages, style: style)
    return write(OutputSanitizer.clean(text), invocation, messages: messages)
  }

  /// The style of output about `course`: its marks are UTF-8 outside a UTF-8 locale too when the
  /// output holds non-ASCII text anyway (Chinese messages, or the course's own titles).
  func outputStyle(isTerminal: Bool, _ invocation: Invocation, course: Course) -> OutputStyle {
    // The course's title and its first rows: enough to know its script, and cheap on a million nodes.
    let texts = [course.title] + course.nodes.prefix(64).map(\.title)
    let nonASCII =
      !localizer(invocation, course: course).isEnglish || texts.contains { $0.utf8.contains { $0 >= 0x80 } }
    return OutputStyle.detect(isTerminal: isTerminal, environment: environment, textIsNonASCII: nonASCII)
  }

  /// The learner's progress, read-only (a shared lock, no repairs); nil after saying why it cannot be read.
  func readProgress(_ invocation: Invocation, course: Course) -> ProgressState? {
    let directory: String
    do {
      directory = try progressDirectory(invocation, course: course)
    } catch {
      errors.line("\(error)")
      return nil
    }
    do {
      // No folder yet: nothing studied, an empty report. Anything else that stops the read (a loop
      // of symbolic links, a file in the way, no permission) is an error.
      guard let progress = try ReadOnlyProgress.loadIfPresent(directory: directory) else { return ProgressState() }
      if !progress.damagedLines.isEmpty || progress.tornTailBytes > 0 {
        errors.line(
          localizer(invocation, course: course).tr(
            "Warning: {folder}: damaged progress records were skipped; the next study session repairs them",
            ["folder": directory]))
      }
      if let warning = progress.unknownRecords.warning(directory: directory) {
        errors.line(warning.description(localizer(invocation, course: course)))
      }
      return progress.state
    } catch {
      errors.line(localizer(invocation, course: course).describe(error))
      return nil
    }
  }

  /// `practice report`: reads progress without changing it (a shared lock, no repairs).
  func runReport(
    _ invocation: Invocation, course: Course, address: String?, clock: any PracticeClock, studyDay: StudyDay
  ) -> Int32 {
    let format = invocation.reportFormat
    let toTerminal = invocation.outputFile == nil && stdoutIsTerminal
    let style = outputStyle(isTerminal: toTerminal, invocation, course: course)
    var runner = ReportRunner(course: course, user: learner(invocation).name, clock: clock, style: style)
    runner.studyDay = studyDay
    runner.messages = localizer(invocation, course: course)
    if toTerminal, format == .text { runner.width = reportWidth }
    let text: String
    if invocation.reportItems {
      do {
        text = try runner.itemAnalysis(
          dataDirectory: try dataDirectory(invocation, course: course), address: address,
          rule: invocation.itemAttempts ?? .first, format: format)
      } catch {
        errors.line(error.message.hasPrefix("practice: ") ? error.message : "practice: " + error.message)
        return 1
      }
    } else if invocation.reportClass {
      guard address == nil else {
        errors.line("practice: " + runner.messages.tr("report --class covers the whole course; leave out the address"))
        return 2
      }
      do {
        text = try runner.classReport(dataDirectory: try dataDirectory(invocation, course: course), format: format)
      } catch {
        // `dataDirectory` says "practice: " itself.
        errors.line(error.message.hasPrefix("practice: ") ? error.message : "practice: " + error.message)
        return 1
      }
    } else {
      guard let state = readProgress(invocation, course: course) else { return 1 }
      do {
        text = try runner.learner(state: state, address: address, format: format)
      } catch {
        errors.line("practice: " + runner.messages.tr("report: {error}", ["error": error.description(runner.messages)]))
        return 1
      }
    }
    return write(text, invocation, messages: runner.messages)
  }

  /// Writes a report to stdout, or with `--output` atomically to a file.
  func write(_ text: String, _ invocation: Invocation, messages: Localizer) -> Int32 {
    guard let path = invocation.outputFile else {
      output.write(text)
      return 0
    }
    do throws(FileSystemError) {
      try Self.writeReport(text, to: path, readingFrom: [coursePath(invocation)])
    } catch {
      errors.line("practice: " + messages.describe(output: error, command: "report"))
      return 1
    }
    return 0
  }

  /// The `-f` script's descriptor, opened through symbolic links and as a pipe too (`-f <(…)`), but not
  /// a folder; the caller closes it.
  static func openScript(_ file: String) throws(FileSystemError) -> Int32 {
    let fs = POSIXFileSystem()
    let fd = try fs.open(file, [.readOnly, .followingLinks], mode: 0)
    let isDirectory: Bool
    do throws(FileSystemError) {
      isDirectory = try FileSystemError.attributing(to: file, { () throws(FileSystemError) in try fs.fstat(fd) })
        .isDirectory
    } catch {
      fs.close(fd)
      throw error
    }
    guard isDirectory else { return fd }
    fs.close(fd)
    throw FileSystemError(
      operation: "open", path: file, code: FileSystemError.isAFolderCode, reason: trMark("it is a folder, not a file"))
  }

  /// Writes a report file atomically: a report replaced keeps its permissions (less any set-id
  /// bits); a new one is made as any document is (the umask applies). Never over the course read
  /// (`inputs`), by whatever name.
  static func writeReport(_ text: String, to path: String, readingFrom inputs: [String]) throws(FileSystemError) {
    // Refuses a link, a device, a FIFO or a folder; a regular file replaced keeps its permissions.
    let mode = try POSIXFileSystem().modeForReplacing(path, readingFrom: inputs)
    try AtomicFileWriter().replace(path, with: Array(text.utf8), mode: mode)
  }

  /// `$XDG_STATE_HOME/practice/USER/history`, else `~/.local/state/practice/USER/history`; nil
  /// with no home folder (history is then not kept).
  func historyPath(user: String) -> String? {
    if let state = Self.absolute(environment["XDG_STATE_HOME"]) { return "\(state)/practice/\(user)/history" }
    return HomeFolder.path(environment: environment).map { "\($0)/.local/state/practice/\(user)/history" }
  }

  /// `--user`, else `$USER`, else `default`, NFC-normalised.
  func learner(_ invocation: Invocation) -> LearnerName {
    for name in [invocation.user, environment["USER"]] {
      if let name, let learner = LearnerName(name) { return learner }
    }
    return LearnerName("default")!
  }

  /// The learner's folder name inside the data folder: the name, encoded where it could not be one.
  func user(_ invocation: Invocation) -> String { learner(invocation).folderName }

  /// `--data-dir`, else `$XDG_DATA_HOME/practice`, else `~/.local/share/practice`.
  ///
  /// Empty and relative `XDG_*` values and an empty `HOME` count as unset (the XDG rule); with
  /// `HOME` unset the password database names the home folder. Never the current folder or `/`.
  func dataDirectory(_ invocation: Invocation, course: Course? = nil) throws(CommandFailure) -> String {
    if let dir = invocation.dataDirectory { return dir }
    if let data = Self.absolute(environment["XDG_DATA_HOME"]) { return data + "/practice" }
    guard let home = HomeFolder.path(environment: environment) else {
      throw CommandFailure(
        "practice: "
          + localizer(invocation, course: course).tr(
            "no home folder to keep progress in (HOME is unset and the password database has none); give --data-dir DIR"
          ))
    }
    return home + "/.local/share/practice"
  }

  /// `DATA/USER/COURSE`: the one place a learner's progress folder is named.
  func progressDirectory(_ invocation: Invocation, course: Course) throws(CommandFailure) -> String {
    // The loader refuses such ids; a course built any other way is checked here too.
    guard Course.isFolderSafeID(course.id) else {
      throw CommandFailure(
        "practice: "
          + localizer(invocation, course: course).tr(
            "the course id \"{id}\" cannot name a progress folder; give the course another id", ["id": course.id]))
    }
    let data = try dataDirectory(invocation, course: course)
    guard SharedClassFolder.isClassFolder((try? POSIXFileSystem().stat(data)) ?? nil) else {
      return ProgressFolder.path(dataDirectory: data, user: user(invocation), courseID: course.id)
    }
    return ProgressFolder.path(
      dataDirectory: data, user: try classLearnerFolder(invocation, data: data, course: course), courseID: course.id)
  }

  /// In a class folder a learner studies as their login, in a folder named after it that is their
  /// own: `--user` naming anyone else is refused, and so is a folder of that name someone else made
  /// (a classmate squatting the name), which the teacher's report does not count either.
  func classLearnerFolder(_ invocation: Invocation, data: String, course: Course) throws(CommandFailure) -> String {
    let messages = localizer(invocation, course: course)
    guard let login = SystemUsers.currentLogin(), let name = LearnerName(login) else {
      throw CommandFailure(
        "practice: " + messages.tr("{folder} is a class folder, and your user id has no login name", ["folder": data]))
    }
    if let given = invocation.user, LearnerName(given)?.name != name.name {
      throw CommandFailure(
        "practice: "
          + messages.tr(
            "{folder} is a class folder: you study there as your login {login}; leave out --user (or give --user {login})",
            ["folder": data, "login": login]))
    }
    let folder = PathText.appending(data, name.folderName)
    if let status = (try? POSIXFileSystem().linkStatus(folder)) ?? nil,
      status.isSymbolicLink || !status.isDirectory || status.owner != SystemUsers.currentUserID
    {
      let owner = SystemUsers.login(ofUserID: status.owner) ?? "uid \(status.owner)"
      throw CommandFailure(
        "practice: "
          + messages.tr(
            "{path} is not your folder (it belongs to {owner}): someone took your name; ask your teacher to remove it (practice class check {folder})",
            ["path": folder, "owner": owner, "folder": data]))
    }
    return name.folderName
  }

  /// An XDG folder variable's value when it is an absolute path; the spec says to ignore others.
  static func absolute(_ value: String?) -> String? {
    guard let value, value.hasPrefix("/") else { return nil }
    return value
  }

  func openProgress(
    _ invocation: Invocation, course: Course, style: OutputStyle, clock: any PracticeClock
  ) throws -> LearnerProgress {
    let directory = try progressDirectory(invocation, course: course)
    var options = ProgressStoreOptions()
    if let timeout = lockTimeout { options.lockTimeout = timeout }
    let store = try ProgressStore(directory: directory, options: options)
    let messages = localizer(invocation, course: course)
    for warning in store.takeWarnings() { errors.line(warning.description(messages)) }
    return LearnerProgress(
      store: store, course: course, style: style, clock: clock, messages: messages, studyDay: studyDay(invocation))
  }
}
