import Localization
import PracticeJSON

/// Gathers a course file's `JSONProblem`s as `CourseProblem`s, their byte offsets turned into
/// `file:line:column` by the one `SourceLocator`.
///
/// A broken course may have a problem per node, so only the first `limit` problems are kept:
/// the rest are counted.
///
/// ```swift
/// var problems = ProblemCollector(file: "c.json", bytes: bytes)
/// let title = problems.reading { () throws(JSONProblem) in try chapter.string("chapterName") { … } } ?? "?"
/// problems.reported  // [c.json:3:18: chapter needs "chapterName" as a string, found a number]
/// ```
struct ProblemCollector {
  static let limit = 1_000

  let file: String
  let bytes: [UInt8]
  /// Added to every offset: a seed fragment is parsed wrapped in braces.
  var offsetShift = 0
  private(set) var problems: [CourseProblem] = []
  private(set) var omitted = 0
  private var locator: SourceLocator?

  init(file: String, bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
  }

  /// Whether nothing was found wrong.
  var isEmpty: Bool { problems.isEmpty && omitted == 0 }

  /// Adds `problem`; one without an offset concerns the whole text and is placed at its start.
  mutating func add(_ problem: JSONProblem) {
    guard problems.count < Self.limit else {
      omitted += 1
      return
    }
    let location = self.location(of: (problem.offset ?? 0) + offsetShift)
    problems.append(CourseProblem(file: file, line: location.line, column: location.column, text: problem.text))
  }

  /// The value `read` returns, or nil after adding its problem: how a format reads a field and goes on.
  mutating func reading<T>(_ read: () throws(JSONProblem) -> T) -> T? {
    do { return try read() } catch {
      add(error)
      return nil
    }
  }

  /// All problems in file order, with a last line counting those left out.
  var reported: [CourseProblem] {
    let sorted = CourseLoader.inFileOrder(problems)
    guard omitted > 0, let last = sorted.last else { return sorted }
    return sorted + [
      CourseProblem(
        file: file, line: last.line, column: last.column,
        text: .trn(
          "and {count} more problem like these, not listed; fix these first",
          "and {count} more problems like these, not listed; fix these first", count: omitted))
    ]
  }

  mutating func location(of offset: Int) -> SourceLocation {
    if locator == nil { locator = SourceLocator(bytes) }
    return locator!.location(of: offset)
  }

  /// A readable `line:column` of an offset, for "first at" notes.
  mutating func position(of offset: Int) -> String { location(of: offset + offsetShift).description }
}
