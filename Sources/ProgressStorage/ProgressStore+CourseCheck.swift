package import PracticeFiles

/// The note that this program already read a course's exact bytes without a problem (`course-checked`,
/// one line: `practice-course-check 1 DIGEST PROGRAM`), which lets a later start leave the course's
/// questions undecoded until they are needed (see `CourseOutline.DeferredQuestions`). A cache: a
/// note missing, unreadable or naming other bytes or another build only means the course is checked
/// in full again; failing to write one is not an error.
extension ProgressStore {
  package static let courseCheckName = "course-checked"

  /// The note in `directory`, nil when there is none or it cannot be read (never through a link,
  /// never a FIFO or device: `.readOnly` opens regular files only).
  package static func courseCheck(in directory: String, fs: any FileSystem = POSIXFileSystem()) -> String? {
    guard let bytes = try? fs.readWholeFileIfPresent(directory + "/" + courseCheckName, limit: 1024) else {
      return nil
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// Writes the note (write-temp, fsync, rename, as every file here); best effort.
  package func recordCourseCheck(_ note: String) {
    try? files.writeAtomically(Self.courseCheckName, Array(note.utf8), keepBackup: false)
  }
}
