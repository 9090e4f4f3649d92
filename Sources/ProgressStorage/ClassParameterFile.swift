package import Foundation
package import Localization
package import PracticeFiles
import PracticeJSON
package import Scheduling

/// The FSRS parameters a teacher fitted to a class (`practice optimize --class --apply`), in the
/// data folder beside the learners' folders: `DATA/.fsrs-parameters-COURSE.json`.
///
/// Each learner's program takes the latest up when it opens the course (a `parameters` record in
/// the learner's own journal, from that moment on), unless the learner chose their own. The file
/// is the teacher's: it is read only when it is a regular file owned by the data folder's owner,
/// so a learner cannot plant parameters for the class (in a class folder's drop-box everyone may
/// create names, and the name starts with a dot so no learner folder can take it). Written whole
/// (temp, fsync, rename), readable by everyone (`0644`); each `--apply` adds an entry, so the file
/// tells when which parameters were proposed.
///
/// ```json
/// {"format": "practice-class-parameters", "version": 1, "course": "physics",
///  "entries": [{"time": 1796000000000, "parameters": [0.21, …], "reviews": 5329, "learners": 40}]}
/// ```
package struct ClassParameterFile: Sendable, Hashable {
  package struct Entry: Sendable, Hashable {
    package var time: Date
    package var parameters: [Double]
    /// The reviews (a day or more after the previous) and learners they were fitted on.
    package var reviews: Int
    package var learners: Int

    /// The entry as a choice the learners' programs record.
    package var choice: ParameterTimeline.Choice {
      ParameterTimeline.Choice(time: time, parameters: parameters, source: .class, reviews: reviews)
    }

    package init(time: Date, parameters: [Double], reviews: Int, learners: Int) {
      self.time = time
      self.parameters = parameters
      self.reviews = reviews
      self.learners = learners
    }
  }

  package static let formatName = "practice-class-parameters"
  /// Far beyond any real file (an entry is under 1 KB).
  static let sizeLimit = 4 << 20

  package var course: String
  package var entries: [Entry] = []

  package init(course: String, entries: [Entry] = []) {
    self.course = course
    self.entries = entries
  }

  /// The latest entry: the parameters the class schedules with.
  package var latest: Entry? { entries.last }

  /// `DATA/.fsrs-parameters-COURSE.json`.
  package static func path(dataDirectory: String, course: String) -> String {
    PathText.appending(dataDirectory, ".fsrs-parameters-\(course).json")
  }

  /// The teacher's file, or nil when there is none. Throws when it cannot be read, does not parse,
  /// or is not a regular file of the data folder's owner (never followed through a link).
  package static func read(
    dataDirectory: String, course: String, fileSystem fs: any FileSystem = POSIXFileSystem()
  ) throws(ClassParameterFileError) -> ClassParameterFile? {
    let path = path(dataDirectory: dataDirectory, course: course)
    var bytes: [UInt8]?
    var foreign = false
    do throws(FileSystemError) {
      guard let folder = try fs.stat(dataDirectory) else { return nil }
      let file: OpenFile
      do {
        file = try fs.openFile(path, .readOnly, mode: 0)
      } catch {
        if error.code == FileSystemError.noSuchFileCode { return nil }
        throw error
      }
      foreign = try fs.fstat(file.fd).owner != folder.owner
      if !foreign { bytes = try fs.readToEnd(file.fd, path: path, limit: sizeLimit) }
    } catch {
      throw ClassParameterFileError(path: path, problem: .verbatim(error.description))
    }
    guard let bytes, !foreign else {
      throw ClassParameterFileError(
        path: path, problem: .tr("it belongs to someone other than the data folder's owner, so it was not used"))
    }
    do throws(JSONProblem) {
      let json: JSONValue
      do {
        json = try JSONParser.parse(bytes)
      } catch {
        throw JSONProblem(.tr("not JSON: {error}", ["error": "\(error)"]), at: nil)
      }
      guard try json.string("format") == formatName else {
        throw JSONProblem(.tr("\"format\" must be \"{name}\"", ["name": formatName]), at: nil)
      }
      var file = ClassParameterFile(course: try json.string("course"))
      for item in try json.array("entries") {
        let choice = try JournalRecord.choice(in: item, at: try item.time("time"), fittedTo: .class)
        file.entries.append(
          Entry(
            time: choice.time, parameters: choice.parameters, reviews: choice.reviews,
            learners: try item.storedCount("learners")))
      }
      return file
    } catch {
      throw ClassParameterFileError(path: path, problem: error.text)
    }
  }

  /// Writes the file whole, readable by everyone.
  package func write(dataDirectory: String, fileSystem fs: any FileSystem = POSIXFileSystem())
    throws(ClassParameterFileError)
  {
    let entries: [JSONValue] = entries.map { entry in
      .object([
        ("time", .ms(entry.time)), ("parameters", .array(entry.parameters.map { .double($0) })),
        ("reviews", .int(entry.reviews)), ("learners", .int(entry.learners)),
      ])
    }
    let json: JSONValue = .object([
      ("format", .string(Self.formatName)), ("version", .int(1)), ("course", .string(course)),
      ("entries", .array(entries)),
    ])
    do throws(FileSystemError) {
      try AtomicFileWriter(fileSystem: fs).replace(
        Self.path(dataDirectory: dataDirectory, course: course), with: Array((JSONWriter.pretty(json) + "\n").utf8),
        mode: 0o644)
    } catch {
      throw ClassParameterFileError(
        path: Self.path(dataDirectory: dataDirectory, course: course), problem: .verbatim(error.description))
    }
  }
}

/// Why the class's parameter file could not be read or written: one line with the file and what to do.
package struct ClassParameterFileError: Error, Sendable, Hashable {
  package var path: String
  package var problem: Message

  package func description(_ messages: Localizer) -> String {
    messages.tr(
      "{path}: {problem}; the teacher writes it with 'practice optimize --class --apply'",
      ["path": path, "problem": messages.tr(problem)])
  }
}
