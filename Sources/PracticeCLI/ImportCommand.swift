import CourseImport
import CourseOutline
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

  func run(_ paths: [String], outputPath: String?, title: String?, id: String?) -> Int32 {
    if let id, id.isEmpty || !id.unicodeScalars.allSatisfy(Self.isIDScalar) {
      errors.line("practice: import --id '\(id)': use letters, digits, '-', '_' or '.'")
      return 2
    }
    let result: CourseReader.Result
    do {
      result = try reader.read(paths, id: id, title: title)
    } catch {
      errors.line("\(error)")
      return 1
    }
    for problem in result.problems { errors.line(problem.description) }
    guard result.errors.isEmpty, let course = result.course else {
      errors.line(
        "practice: import: \(result.errors.count) error\(result.errors.count == 1 ? "" : "s"); nothing written")
      return 1
    }
    let target = outputPath ?? PathText.deletingExtension(paths[0]) + ".json"
    if paths.contains(target) {
      errors.line("practice: import: the output \(target) is one of the inputs; give --output")
      return 2
    }
    if PathText.kind(of: target) != .missing {
      let existing = reader.loader.inspectResult(path: target)
      if case .success(let (course, problems)) = existing, course == nil || !problems.isEmpty {
        errors.line("practice: import: \(target) exists and is not a course; not replaced (give another --output)")
        return 1
      }
      if case .failure = existing {
        errors.line("practice: import: \(target) exists and cannot be read as a course; not replaced")
        return 1
      }
    }
    // What is written must load: checked before anything is replaced.
    let text = NativeCourseWriter.text(course)
    let (_, written) = reader.loader.parse(Array(text.utf8), file: target)
    if let problem = written.first {
      errors.line("practice: import: the course made would not load (\(problem)); nothing written")
      return 1
    }
    do throws(FileSystemError) {
      try AtomicFileWriter().replace(target, with: Array(text.utf8), mode: 0o644)
    } catch {
      errors.line("practice: import: \(error)")
      return 1
    }
    let questions = course.allQuestions.count
    output.line("Imported \(questions) question\(questions == 1 ? "" : "s") into \(target) (\(course.count) nodes):")
    for (label, count) in result.counts { output.line("  \(label): \(count)") }
    if !result.warnings.isEmpty {
      output.line("\(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s") (on stderr).")
    }
    return 0
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
