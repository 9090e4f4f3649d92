import CourseImport
import CourseOutline
import Localization
import PracticeFiles
import ProgressStorage

/// `practice import FILE… [--output COURSE.json] [--title T] [--id ID]`: question banks to one native course.
///
/// Counts per type go to stdout, every warning and error to stderr; with an error nothing is written.
/// An existing output file is replaced only when it is itself a course, so a mistyped `--output`
/// never destroys something else.
struct ImportCommand {
  let output: any TextOutput
  let errors: any TextOutput
  let reader: CourseReader
  /// The reader's language: `--lang`, the locale, else the language of the course practice opens.
  let messages: Localizer

  func run(_ paths: [String], outputPath: String?, title: String?, id: String?) -> Int32 {
    if let id, id.isEmpty || !id.unicodeScalars.allSatisfy(Self.isIDScalar) {
      errors.line("practice: " + messages.tr("import --id '{id}': use letters, digits, '-', '_' or '.'", ["id": id]))
      return 2
    }
    let result: CourseReader.Result
    // What the import writes into the course (partial credit, an essay's label) in the teacher's words.
    var reader = reader
    reader.messages = messages
    do {
      result = try reader.read(paths, id: id, title: title)
    } catch {
      errors.line(messages.describe(argument: error))
      return 1
    }
    for problem in result.problems { errors.line(problem.localized(by: messages)) }
    guard result.errors.isEmpty, var course = result.course else {
      errors.line(
        "practice: "
          + messages.trn(
            "import: {count} error; nothing written", "import: {count} errors; nothing written",
            count: result.errors.count))
      // As Moodle's "Stop on error" does; its "No" is --skip-broken.
      if !reader.skipBroken, result.errors.contains(where: { $0.questionLine != nil }) {
        errors.line(
          "practice: "
            + messages.tr(
              "import: give --skip-broken to import the good questions without the broken ones (Moodle's \"Stop on error: No\")"
            ))
      }
      return 1
    }
    // A name with other characters than ASCII letters and digits is kept apart by a hash
    // (`密度.gift` and `温度.gift` were both `--`); a bank opened with `--course` keeps the name's
    // default id, under which its progress was recorded.
    if id == nil, course.id == CourseLoader.defaultID(for: paths[0]) { course.id = StableID.course(file: paths[0]) }
    let target = outputPath ?? PathText.deletingExtension(paths[0]) + ".json"
    if paths.contains(target) {
      errors.line(
        "practice: " + messages.tr("import: the output {path} is one of the inputs; give --output", ["path": target]))
      return 2
    }
    let mode: UInt32?
    do throws(FileSystemError) {
      // A link, a device, a FIFO or a folder is refused (the rename would put a file in its place);
      // a path that cannot be followed (a symlink loop, a name too long) is named as what it is.
      // An input under another name (`./bank.json`, a hard link) is refused too, by device and inode.
      mode = try POSIXFileSystem().modeForReplacing(target, readingFrom: paths)
    } catch {
      errors.line("practice: " + messages.describe(output: error, command: "import"))
      return 1
    }
    if PathText.kind(of: target) != .missing {
      let existing = reader.loader.inspectResult(path: target)
      if case .success(let (course, problems)) = existing, course == nil || !problems.isEmpty {
        errors.line(
          "practice: "
            + messages.tr(
              "import: {path} exists and is not a course; not replaced (give another --output)", ["path": target]))
        return 1
      }
      if case .failure = existing {
        errors.line(
          "practice: "
            + messages.tr("import: {path} exists and cannot be read as a course; not replaced", ["path": target]))
        return 1
      }
      // Importing again after an edit keeps the course's id, and with it the learners' progress
      // (a course imported before ids were kept apart is named `--`); `--id` renames.
      if id == nil, case .success(let (replaced?, _)) = existing { course.id = replaced.id }
    }
    let size: Int
    switch Self.write(course, to: target, mode: mode) {
    case .success(let written): size = written
    case .failure(let failure):
      errors.line("practice: " + failure.localized(by: messages, path: target))
      return 1
    }
    // A large bank (30 MB of GIFT) makes a course over the size practice opens: said now, not when
    // the course is first opened.
    if size > reader.loader.maximumBytes {
      let problem = CourseLoadError.tooLarge(path: target, bytes: size, limit: reader.loader.maximumBytes)
      errors.line(
        "practice: "
          + messages.tr(
            "import: warning: the course will not open as it is: {problem}",
            ["problem": problem.localized(by: messages)]
          ))
    }
    let questions = course.questionCount
    output.line(
      messages.trn(
        "Imported {count} question into {path} (nodes: {nodes}):",
        "Imported {count} questions into {path} (nodes: {nodes}):", count: questions,
        ["path": target, "nodes": course.count]))
    for (label, count) in result.counts {
      output.line("  " + messages.tr("{label}: {count}", ["label": messages.tr(label), "count": count]))
    }
    if !result.warnings.isEmpty {
      output.line(
        messages.trn("{count} warning (on stderr).", "{count} warnings (on stderr).", count: result.warnings.count))
    }
    return 0
  }

  /// Why writing the course failed: the output's error, or what would not read back.
  enum WriteFailure: Error {
    case output(FileSystemError)
    case readBack(Message)

    func localized(by messages: Localizer, path: String) -> String {
      switch self {
      case .output(let error): return messages.describe(output: error, command: "import")
      case .readBack(let problem):
        return messages.tr(
          "import: the course made would not load ({problem}); nothing written, {path} is as it was: please report this with the files imported",
          ["problem": messages.tr(problem), "path": path])
      }
    }
  }

  /// Writes `course` to `target` a piece at a time, each piece read back as it is written
  /// (`NativeCourseWriter.write`); on any failure the temp file is removed and `target` is as it was.
  /// Whole, the text and its read-back took 20 times a GIFT bank's size; a piece at a time, one question's.
  /// Returns the number of bytes written.
  static func write(_ course: Course, to target: String, mode: UInt32?, fileSystem: any FileSystem = POSIXFileSystem())
    -> Result<Int, WriteFailure>
  {
    var readBack: Message?
    var size = 0
    do throws(FileSystemError) {
      try AtomicFileWriter(fileSystem: fileSystem).replace(target, mode: mode) { (append) throws(FileSystemError) in
        var buffer: [UInt8] = []
        do throws(CourseWriteError<FileSystemError>) {
          try NativeCourseWriter.write(course) { (piece) throws(FileSystemError) in
            buffer += piece.utf8
            if buffer.count >= 1 << 16 {
              try append(buffer)
              size += buffer.count
              buffer.removeAll(keepingCapacity: true)
            }
          }
        } catch {
          switch error {
          case .output(let failure): throw failure
          case .readBack(let problem):
            readBack = problem
            // Stops the replacement: the temp file is removed, nothing renamed.
            throw FileSystemError(
              operation: "write", path: target, code: FileSystemError.cancelledCode, reason: .verbatim(""))
          }
        }
        try append(buffer)
        size += buffer.count
      }
    } catch {
      return .failure(readBack.map(WriteFailure.readBack) ?? .output(error))
    }
    return .success(size)
  }

  static func isIDScalar(_ s: Unicode.Scalar) -> Bool {
    s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == "_" || s == ".")
  }
}

extension CourseLoader {
  /// `inspect` as a result, for a check that must not throw.
  func inspectResult(path: String) -> Result<(Course?, [CourseProblem]), CourseLoadError> {
    do throws(CourseLoadError) {
      return .success(try inspect(path: path))
    } catch {
      return .failure(error)
    }
  }
}
