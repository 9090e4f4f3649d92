/// Why a course could not be opened, in one line a user can act on.
public enum CourseLoadError: Error, Sendable, Equatable {
  case notFound(path: String)
  case folderWithoutCourse(path: String)
  case unreadable(path: String, reason: String)
  case tooLarge(path: String, bytes: Int, limit: Int)
  /// The file parsed as JSON or not; the problems say where and what.
  case invalid(problems: [CourseProblem])
}

extension CourseLoadError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .notFound(let path):
      return "\(path): no such file or folder; give a course file or folder with --course PATH"
    case .folderWithoutCourse(let path):
      return "\(path): folder has no course.json; put the course in \(path)/course.json or name the file"
    case .unreadable(let path, let reason):
      return "\(path): cannot read: \(reason)"
    case .tooLarge(let path, let bytes, let limit):
      return
        "\(path): \(bytes / 1_048_576) MB is over the \(limit / 1_048_576) MB course size limit; split the course or raise PRACTICE_MAX_COURSE_MB"
    case .invalid(let problems):
      guard let first = problems.first else { return "invalid course" }
      if problems.count == 1 { return first.description }
      let more = problems.count > ProblemCollector.limit ? "over \(ProblemCollector.limit)" : "\(problems.count - 1)"
      return "\(first) (and \(more) more; run 'practice validate \(first.file)')"
    }
  }
}
