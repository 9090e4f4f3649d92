import CourseImport
import CourseOutline
import Foundation
import Localization
import PracticeFiles
import PracticeJSON
import ProgressStorage
import QuizEngine
import Reports

/// `practice export --events`: every learner's records of a course as one JSON Lines stream.
///
/// Reads each `<data-dir>/<user>/<course>/` folder the way `report --class` does (read-only, a
/// shared lock, torn tails and damaged lines skipped) and writes its lines before reading the next
/// learner, so memory is bounded by the largest learner, not by the class. A learner who cannot be
/// read (locked past the timeout, a damaged snapshot) is named on stderr and left out, and the exit
/// status is 1; everyone else is exported. With `--output`, the file appears whole or not at all.
///
/// ```swift
/// let status = EventExport(app: app, invocation: try Invocation.parse(["export", "--events"])).run()
/// ```
struct EventExport {
  var app: PracticeApp
  var invocation: Invocation
  /// The reader's language: `--lang`, else the locale (no course is opened to ask it).
  var messages: Localizer { app.localizer(invocation, course: nil) }

  func run() -> Int32 {
    let dataDirectory: String
    let course: String?
    do {
      dataDirectory = try app.dataDirectory(invocation)
      course = try courseID()
    } catch {
      app.errors.line(messages.describe(error))
      return 1
    }
    let folders: [LearnerFolder]
    do {
      // The folders the class report reads, found the same way.
      folders = try LearnerFolder.all(in: dataDirectory, course: course)
    } catch {
      // Worded as the class report words it: the two commands read the same folders.
      let problem = ClassReport.problem(listing: dataDirectory, error)
      app.errors.line("practice: " + messages.tr("export: {problem}", ["problem": messages.tr(problem)]))
      return 1
    }
    if folders.isEmpty {
      // An empty stream and status 0 are right for a class that has not begun; said on stderr, so a
      // mistyped course id or data folder is not taken for one.
      app.errors.line(
        course.map {
          messages.tr(
            "Warning: nothing exported: no learner in {folder} has progress in the course {course} (check --course and --data-dir)",
            ["folder": dataDirectory, "course": $0])
        }
          ?? messages.tr(
            "Warning: nothing exported: no learner in {folder} has progress in any course (check --data-dir)",
            ["folder": dataDirectory]))
    }
    var failed = false
    // One deadline for the whole export: learners whose locks are held cost the wait once.
    let deadline = LockDeadline(seconds: lockTimeout)
    // In a class folder each learner's folder must be its login's (a squatter's is left out).
    let isClass = SharedClassFolder.isClassFolder((try? POSIXFileSystem().stat(dataDirectory)) ?? nil)
    /// Each readable learner's lines, handed over one learner at a time.
    func eachLearner(_ body: (LearnerFolder, [UInt8]) throws(FileSystemError) -> Void) throws(FileSystemError) {
      for folder in folders {
        let events: LearnerEvents
        do {
          events = try folder.read(checkingOwner: isClass) { (directory) throws(ProgressError) in
            try LearnerEvents.load(directory: directory, user: folder.learner, course: folder.courseID, until: deadline)
          }
        } catch {
          failed = true
          app.errors.line(
            "practice: "
              + messages.tr(
                "export: {learner} left out: {error}",
                ["learner": folder.folderName, "error": messages.describe(error)]))
          continue
        }
        if !events.damagedLines.isEmpty {
          app.errors.line(
            messages.trn(
              "Warning: {path}: {count} damaged journal line skipped, as the class report skips it",
              "Warning: {path}: {count} damaged journal lines skipped, as the class report skips them",
              count: events.damagedLines.count, ["path": folder.path]))
        }
        if let warning = events.unknownRecords.warning(directory: folder.path) {
          app.errors.line(warning.description(messages))
        }
        if events.tornTailBytes > 0 {
          app.errors.line(
            messages.tr(
              "Warning: {path}: a half-written last journal record ({bytes} bytes) skipped",
              ["path": folder.path, "bytes": events.tornTailBytes]))
        }
        var bytes: [UInt8] = []
        for line in events.lines {
          bytes += line.utf8
          bytes.append(UInt8(ascii: "\n"))
        }
        try body(folder, bytes)
      }
    }
    do throws(FileSystemError) {
      let writer = AtomicFileWriter()
      switch (invocation.split ? invocation.reportOutput : invocation.outputFile, invocation.split) {
      case (nil, _):
        try eachLearner { (_, bytes) throws(FileSystemError) in
          app.output.write(String(decoding: bytes, as: UTF8.self))
          app.output.flush()
        }
        if app.output.writeFailed { return 1 }
      case (let path?, false):
        // Kept as the old file was (less set-id bits), else made as any document is (as `report --output`).
        let mode = try POSIXFileSystem().modeForReplacing(path, readingFrom: invocation.coursePath.map { [$0] } ?? [])
        try writer.replace(path, mode: mode) { append throws(FileSystemError) in
          try eachLearner { (_, bytes) throws(FileSystemError) in try append(bytes) }
        }
      case (let folder?, true):
        // Everything below the folder named is made through its held descriptor, never through a
        // link planted at `DIR/<course>` or `DIR/<course>/<learner>.jsonl` (the umask applies).
        let out = try HeldFolder(path: folder)
        var courseFolders: [String: HeldFolder] = [:]
        try eachLearner { (learner, bytes) throws(FileSystemError) in
          let courseFolder: HeldFolder
          if let held = courseFolders[learner.courseID] {
            courseFolder = held
          } else {
            courseFolder = try out.subfolder(learner.courseID)
            courseFolders[learner.courseID] = courseFolder
          }
          // Named by the folder's name, not the learner's: a name may hold `/` (`a/b` is `a%2Fb.jsonl`).
          try courseFolder.replaceFile(learner.folderName + ".jsonl", with: bytes)
        }
      }
    } catch {
      app.errors.line("practice: " + messages.describe(output: error, command: "export", isFolder: invocation.split))
      return 1
    }
    return failed ? 1 : 0
  }

  /// `export --outline`: the course as the SQL reads it, one JSON line per node (`kind` "node"), per
  /// question of a node ("question") and per node and each of its ancestors and itself ("within"),
  /// so a subtree is a join, without recursive queries.
  func runOutline() -> Int32 {
    let course: Course
    do {
      course = try CourseReader(loader: app.loader, columns: invocation.columns).load(path: app.coursePath(invocation))
        .0
    } catch {
      app.errors.line(messages.describe(error))
      return 1
    }
    var lines: [String] = []
    func line(_ kind: String, _ key: String, _ rest: [(String, JSONValue)]) {
      lines.append(
        JSONWriter.compact(
          .object([("course", .string(course.id)), ("kind", .string(kind)), ("key", .string(key))] + rest)))
    }
    for index in course.nodes.indices {
      let node = ReportNode(course: course, index: index)
      let data = course.nodes[index]
      // An essay is graded by no one: the SQL counts it nowhere, as the program does not.
      let graded = data.questions.filter { $0.kind.type != .essay }
      line(
        "node", node.key,
        [
          ("address", .string(node.address)), ("title", .string(node.title)), ("position", .int(index)),
          ("depth", .int(node.depth)), ("leaf", .bool(node.isLeaf)), ("questions", .int(graded.count)),
          ("hadRead", .bool(data.details?.hadRead ?? false)), ("browseCount", .int(data.details?.browseCount ?? 0)),
          ("parent", data.parent.map { .string(course.key(of: $0)) } ?? .null),
        ])
      for question in graded { line("question", node.key, [("question", .string(question.id))]) }
      var ancestor: Int? = index
      while let above = ancestor {
        line("within", node.key, [("ancestor", .string(course.key(of: above)))])
        ancestor = course.nodes[above].parent
      }
    }
    let text = lines.map { $0 + "\n" }.joined()
    guard let path = invocation.outputFile else {
      app.output.write(text)
      return app.output.writeFailed ? 1 : 0
    }
    do throws(FileSystemError) {
      try AtomicFileWriter().replace(
        path, with: Array(text.utf8),
        mode: try POSIXFileSystem().modeForReplacing(path, readingFrom: [app.coursePath(invocation)]))
    } catch {
      app.errors.line("practice: " + messages.describe(output: error, command: "export"))
      return 1
    }
    return 0
  }

  var lockTimeout: Double { app.lockTimeout ?? 2 }

  /// `--course`: a course file or folder (its id), else the id itself; nil exports every course.
  func courseID() throws -> String? {
    guard let value = invocation.coursePath else { return nil }
    if PathText.kind(of: value) != .missing { return try app.loader.load(path: value).id }
    guard !value.isEmpty, !value.contains("/"), !value.hasPrefix(".") else {
      throw UsageError(
        messages.tr("export: --course needs a course id or an existing course file, not '{value}'", ["value": value]))
    }
    return value
  }

}
