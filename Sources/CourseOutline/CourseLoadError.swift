package import Localization

/// Why a course could not be opened, in one line a user can act on.
package enum CourseLoadError: Error, Sendable, Equatable {
  case notFound(path: String)
  case folderWithoutCourse(path: String)
  case unreadable(path: String, reason: Message)
  case tooLarge(path: String, bytes: Int, limit: Int)
  /// The file parsed as JSON or not; the problems say where and what.
  case invalid(problems: [CourseProblem])
}

extension CourseLoadError: CustomStringConvertible {
  package var description: String { localized(by: .english) }

  /// The error in `localizer`'s language; paths and `file:line:column:` stay as they are.
  ///
  /// ```swift
  /// CourseLoadError.notFound(path: "c.json").localized(by: Localizer(language: .chinese))
  /// // c.json：找不到这个文件或文件夹；请用 --course PATH 指定课程文件或文件夹
  /// ```
  package func localized(by l: Localizer) -> String {
    switch self {
    case .notFound(let path):
      return l.tr("{path}: no such file or folder; give a course file or folder with --course PATH", ["path": path])
    case .folderWithoutCourse(let path):
      return l.tr(
        "{path}: folder has no course.json; put the course in {path}/course.json or name the file", ["path": path])
    case .unreadable(let path, let reason):
      // The reason in the catalog's words where it has them (a symlink loop, a name too long).
      return l.tr("{path}: cannot read: {reason}", ["path": path, "reason": l.tr(reason)])
    case .tooLarge(let path, let bytes, let limit):
      return l.tr(
        "{path}: {size} MB is over the {limit} MB course size limit; split the course or raise PRACTICE_MAX_COURSE_MB",
        ["path": path, "size": bytes / 1_048_576, "limit": limit / 1_048_576])
    case .invalid(let problems):
      guard let first = problems.first else { return l.tr("invalid course") }
      if problems.count == 1 { return first.localized(by: l) }
      let values: KeyValuePairs<String, Any> = [
        "problem": first.localized(by: l), "more": problems.count - 1, "limit": ProblemCollector.limit,
        "file": first.file,
      ]
      return problems.count > ProblemCollector.limit
        ? l.tr("{problem} (and over {limit} more; run 'practice validate {file}')", values)
        : l.tr("{problem} (and {more} more; run 'practice validate {file}')", values)
    }
  }
}
