import CourseImport
import CourseOutline
import ProgressStorage

/// Opens the course a learner studies with its questions left undecoded (`DeferredQuestions`):
/// the greeting, the outline and the progress need none, and decoding is most of a start.
///
/// They are decoded at once (each question checked) unless the learner's progress folder notes
/// that this program read these very bytes without a problem before (`CourseCheckNote`): a broken
/// question still stops the course at the start, with its `file:line:column`.
///
/// ```swift
/// let (course, warnings, note) = try StudyCourseLoader(reader: reader).load(path, progressFolder: folder)
/// // …once the progress folder is open: if let note { store.recordCourseCheck(note) }
/// ```
struct StudyCourseLoader {
  var reader: CourseReader

  /// The course, its warnings, and the note to write once the progress folder is open (nil when
  /// the folder has it already, or the course was read in full).
  func load(_ path: String, progressFolder: (Course) -> String?) throws(CourseLoadError) -> (
    Course, [ImportProblem], String?
  ) {
    let (course, warnings) = try reader.load(path: path, deferringQuestions: true)
    guard let deferred = course.deferredQuestions else { return (course, warnings, nil) }
    let note = CourseCheckNote.text(for: deferred.digest)
    if let note, let folder = progressFolder(course), ProgressStore.courseCheck(in: folder) == note {
      return (course, warnings, nil)
    }
    guard course.checkDeferredQuestions() else {
      // Read again in full, for every problem with its place.
      let (full, fullWarnings) = try reader.load(path: path)
      return (full, fullWarnings, nil)
    }
    return (course, warnings, note)
  }
}
