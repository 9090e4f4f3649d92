import Foundation
import Localization
import PracticeFiles
import PracticeJSON

#if canImport(Glibc)
  import Glibc
#endif

/// Opens a course from a JSON file or a course folder, in any of the three shapes.
///
/// The file's size is checked before it is read, and every problem found is
/// reported with `file:line:column`.
///
/// ```swift
/// let course = try CourseLoader().load(path: "Data/courses/physics-grade8")
/// ```
package struct CourseLoader: Sendable {
  /// Files larger than this are refused before reading: parsing costs several times the file's size in memory.
  package var maximumBytes: Int

  package static let defaultMaximumBytes = 64 * 1_048_576

  package init(maximumBytes: Int = CourseLoader.defaultMaximumBytes) {
    self.maximumBytes = maximumBytes
  }

  /// Loads a course, throwing the problems found if there are any.
  package func load(path: String) throws(CourseLoadError) -> Course {
    let (course, problems) = try inspect(path: path)
    guard problems.isEmpty, let course else { throw .invalid(problems: problems) }
    return course
  }

  /// Reads a course and lists every problem in it (for `validate`); the course is `nil` only when
  /// nothing could be built.
  package func inspect(path: String) throws(CourseLoadError) -> (course: Course?, problems: [CourseProblem]) {
    let file = try resolve(path)
    let heap = LoadHeap.grow(forFileAt: file)
    defer { heap?.end() }
    let bytes = try read(file)
    return parse(bytes, file: file)
  }

  /// Parses course text already in memory; `file` names it in messages.
  package func parse(_ bytes: [UInt8], file: String) -> (course: Course?, problems: [CourseProblem]) {
    parse(bytes, file: file, allowingFastPath: true)
  }

  /// Parses a course to study: a native course's questions are left as bytes, each node's decoded
  /// when first asked for (`DeferredQuestions`). The caller must then either know these bytes were
  /// read without a problem before (the `course-checked` note, `CourseCheckNote`) or call
  /// `Course.checkDeferredQuestions()`, and when that fails, parse again without deferring, for
  /// every problem with its place.
  package func parse(_ bytes: [UInt8], file: String, deferringQuestions: Bool) -> (
    course: Course?, problems: [CourseProblem]
  ) {
    parse(bytes, file: file, allowingFastPath: true, deferringQuestions: deferringQuestions)
  }

  func parse(_ bytes: [UInt8], file: String, allowingFastPath: Bool, deferringQuestions: Bool = false) -> (
    course: Course?, problems: [CourseProblem]
  ) {
    // The file's real path, found once: each lookup is a `readlink` per component of the path.
    let realFile = PathText.resolved(file) ?? file
    // The common large case, read without building a tree; anything unusual falls through.
    if allowingFastPath, Course.isFolderSafeID(Self.defaultID(forReal: realFile)),
      let (nodes, idIndex) = ChapterDTOFastPath.build(bytes)
    {
      let course = Course(
        id: Self.defaultID(forReal: realFile), title: Self.defaultTitle(forReal: realFile), format: .chapterDTO,
        nodes: nodes, idIndex: idIndex, source: file)
      return (course, [])
    }
    if allowingFastPath,
      let (header, nodes, deferred) = NativeCourseFastPath.build(
        bytes, file: file, deferringQuestions: deferringQuestions),
      let idIndex = header.idIndex, header.id != nil || Course.isFolderSafeID(Self.defaultID(forReal: realFile))
    {
      var course = Course(
        id: header.id ?? Self.defaultID(forReal: realFile), title: header.title ?? Self.defaultTitle(forReal: realFile),
        format: .native, nodes: nodes, idIndex: idIndex, requiresQuestionsOnLeaves: header.requiresQuestionsOnLeaves,
        source: file)
      course.language = header.language
      course.allowsOverride = header.allowsOverride
      course.deferredQuestions = deferred
      return (course, [])
    }
    var problems = ProblemCollector(file: file, bytes: bytes)
    var text = bytes
    // Seed 002 shows the list as a bare `"chapterDtoList": [...]` member; accept it as written.
    if startsWithChapterListMember(bytes) {
      text = [UInt8(ascii: "{")] + bytes + [UInt8(ascii: "}")]
      problems.offsetShift = -1
    }
    let root: JSONValue
    do {
      root = try JSONParser.parse(text)
    } catch {
      // Looked for only here: a file that parses is UTF-8, and a large course is not scanned twice.
      if let guess = TextEncodingGuess.of(bytes), guess.encoding != nil {
        return (nil, [CourseProblem.notUTF8(guess, file: file, bytes: bytes)])
      }
      problems.add(JSONProblem(error.text, at: error.offset))
      return (nil, problems.reported)
    }
    var builder = CourseBuilder()
    var format: CourseFormat
    var id = Self.defaultID(forReal: realFile)
    var title = Self.defaultTitle(forReal: realFile)
    var requiresQuestions = false
    var idIndex: NodeIDIndex?
    var language: String?
    var allowsOverride = true
    if root.array != nil {
      format = .chapterParts
      ChapterPartsFormat.build(root, into: &builder, problems: &problems)
    } else if root["format"] != nil || root["nodes"] != nil {
      format = .native
      if let declared = root["format"], declared.string != CourseFormat.native.rawValue {
        problems.add(
          declared.problem(
            .tr(
              "unknown course format {format}; expected \"practice-course\"", ["format": JSONWriter.compact(declared)]))
        )
      }
      let header = NativeCourseFormat.build(root, into: &builder, problems: &problems)
      id = header.id ?? id
      title = header.title ?? title
      requiresQuestions = header.requiresQuestionsOnLeaves
      idIndex = header.idIndex
      language = header.language
      allowsOverride = header.allowsOverride
    } else if let list = ChapterDTOFormat.chapterList(in: root) {
      format = .chapterDTO
      ChapterDTOFormat.build(list, into: &builder, problems: &problems)
    } else {
      problems.add(
        root.problem(
          .tr(
            "not a course: expected an array of chapters, an object with \"chapterDtoList\", or a practice-course object, found {found}",
            ["found": root.typeName])))
      return (nil, problems.reported)
    }
    if builder.nodes.isEmpty {
      problems.add(root.problem(.tr("the course has no chapters")))
    }
    if root["id"] == nil, !Course.isFolderSafeID(id) {
      problems.add(
        root.problem(
          .tr(
            "the course id {id}, taken from the file's name, cannot name a progress folder (it is empty or starts with a dot); rename the file or give the course an \"id\"",
            ["id": JSONWriter.quoted(id)])))
    }
    var course = Course(
      id: id, title: title, format: format, nodes: builder.nodes,
      idIndex: idIndex ?? NodeIDIndex(ids: builder.nodes.lazy.map(\.id)), requiresQuestionsOnLeaves: requiresQuestions,
      source: file)
    course.language = language
    course.allowsOverride = allowsOverride
    DeferredRelease.hold(root, ofBytes: text.count)
    return (course, problems.reported)
  }

  /// Problems sorted by position (stable, so related problems at one place keep their order).
  static func inFileOrder(_ problems: [CourseProblem]) -> [CourseProblem] {
    problems.enumerated().sorted {
      ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
    }
    .map(\.element)
  }

  func startsWithChapterListMember(_ bytes: [UInt8]) -> Bool {
    let key = Array("\"chapterDtoList\"".utf8)
    guard let first = bytes.firstIndex(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else { return false }
    return bytes[first...].starts(with: key)
  }

  /// A folder means its `course.json`.
  package func resolve(_ path: String) throws(CourseLoadError) -> String {
    switch PathText.kind(of: path) {
    case .missing: throw .notFound(path: path)
    case .unreachable(let error): throw .unreadable(path: path, reason: error.reason)
    case .file: return path
    case .folder:
      let file = PathText.appending(path, "course.json")
      guard PathText.kind(of: file) != .missing else { throw .folderWithoutCourse(path: path) }
      return file
    }
  }

  /// The file's bytes, its size checked before anything is read (and again while reading, as the
  /// file may grow). Through the file layer's plain POSIX calls: Foundation's file handles cost more
  /// than the read itself for a small course, and startup time matters.
  package func read(_ file: String) throws(CourseLoadError) -> [UInt8] {
    let fs = POSIXFileSystem()
    do throws(FileSystemError) {
      return try fs.readWholeFile(file, flags: [.readOnly, .followingLinks], limit: maximumBytes)
    } catch  where error.code == FileSystemError.fileTooLargeCode {
      let size = (try? fs.stat(file))??.size ?? Int64(maximumBytes) + 1
      throw .tooLarge(path: file, bytes: Int(size), limit: maximumBytes)
    } catch {
      throw .unreadable(path: file, reason: error.reason)
    }
  }

  /// A course without an id is named after its file, or its folder when the file is `course.json`.
  package static func defaultID(for file: String) -> String {
    // The real path, so `--course .` and `--course a/b/..` are named after the folder they mean.
    defaultID(forReal: PathText.resolved(file) ?? file)
  }

  /// `defaultID(for:)` of a path already resolved.
  static func defaultID(forReal file: String) -> String {
    var name = PathText.deletingExtension(PathText.lastComponent(file))
    if name == "course" { name = PathText.lastComponent(PathText.deletingLastComponent(file)) }
    let cleaned = String(
      name.unicodeScalars.map { NativeCourseFormat.isIDScalar($0) ? Character($0) : "-" })
    return cleaned.isEmpty ? "course" : cleaned
  }

  package static func defaultTitle(for file: String) -> String {
    defaultTitle(forReal: PathText.resolved(file) ?? file)
  }

  /// `defaultTitle(for:)` of a path already resolved.
  static func defaultTitle(forReal file: String) -> String {
    let name = PathText.deletingExtension(PathText.lastComponent(file))
    return name == "course" ? PathText.lastComponent(PathText.deletingLastComponent(file)) : name
  }
}
