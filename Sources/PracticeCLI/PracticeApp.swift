import CourseImport
import CourseOutline
import Foundation
package import Localization
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
package struct PracticeApp {
  package var arguments: [String]
  package var environment: [String: String]
  package var output: any TextOutput
  package var errors: any TextOutput
  package var stdinIsTerminal: Bool
  package var stdoutIsTerminal: Bool
  /// Builds the libedit reader for the REPL; given the completer and the history file.
  package var makeTerminalReader: ((@escaping (String) -> [String], String?) -> any LineReader)?
  /// The plain reader for a pipe or file on stdin.
  package var makePlainReader: () -> any LineReader
  /// Folders searched for the shipped `Data/` when no course is given.
  package var searchRoots: [String]
  /// The width of the terminal on stdout, asked when a text report is about to be shown; nil when
  /// stdout is not a terminal. `COLUMNS`, when set to a number, takes its place.
  package var terminalColumns: () -> Int?
  /// Whether the process ends right after ``run()`` (the executable; not a test): the session's
  /// course and progress are then left to the system, which takes the memory back at once, instead
  /// of being freed object by object (a quarter of a million instructions at every quit). Files are
  /// closed as always.
  package var exitsAfterRun = false

  package static let version = "0.1.0"
  package static let defaultCourse = "Data/courses/physics-grade8"

  package init(
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
  package func run() -> Int32 {
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
        path, format: invocation.exportFormat ?? "gift", outputPath: invocation.outputFile, seed: invocation.seed ?? 0)
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
  package func startupLocalizer() -> Localizer {
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
    // To study, a course's questions are decoded when first needed: see `StudyCourseLoader`.
    var courseCheckNote: String?
    do {
      let reader = CourseReader(loader: loader, columns: invocation.columns)
      let (loaded, warnings): (Course, [ImportProblem])
      if case .shell = invocation.mode {
        (loaded, warnings, courseCheckNote) = try StudyCourseLoader(reader: reader).load(path) { course in
          try? progressDirectory(invocation, course: course)
        }
      } else {
        (loaded, warnings) = try reader.load(path: path)
      }
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
      return ReportCommand(app: self, invocation: invocation, course: course, clock: clock)
        .run(address: address, studyDay: studyDay)
    }
    if case .schedule(let address) = invocation.mode {
      return ScheduleCommand(app: self, invocation: invocation, course: course, clock: clock).run(address: address)
    }
    if case .optimize = invocation.mode {
      return OptimizeCommand(app: self, invocation: invocation, course: course, clock: clock).run()
    }
    return StudyCommand(
      app: self, invocation: invocation, course: course, clock: clock, courseCheckNote: courseCheckNote
    )
    .run(style: style, studyDay: studyDay)
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

  /// Writes a report file atomically: a report replaced keeps its permissions (less any set-id
  /// bits); a new one is made as any document is (the umask applies). Never over the course read
  /// (`inputs`), by whatever name.
  static func writeReport(_ text: String, to path: String, readingFrom inputs: [String]) throws(FileSystemError) {
    // Refuses a link, a device, a FIFO or a folder; a regular file replaced keeps its permissions.
    let mode = try POSIXFileSystem().modeForReplacing(path, readingFrom: inputs)
    try AtomicFileWriter().replace(path, with: Array(text.utf8), mode: mode)
  }
}
