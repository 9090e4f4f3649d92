package import Localization

/// Why ``NativeCourseWriter/write(_:emit:)`` stopped: what it was writing to failed, or what it
/// wrote would not read back as the course it was written from.
///
/// ```swift
/// do throws(CourseWriteError<FileSystemError>) { try NativeCourseWriter.write(course) { … } }
/// catch .readBack(let problem) { print(problem) }  // question "q3": "answer" 4 is not an option…
/// ```
package enum CourseWriteError<Output: Error>: Error {
  case output(Output)
  /// The text written so far is not a course that loads as the one written: nothing of it should
  /// be kept.
  case readBack(Message)
}
