import CourseOutline
import PracticeFiles

/// The `course-checked` note a learner's progress folder keeps (`ProgressStore.courseCheck`): this
/// very program read these very course bytes without a problem, so a later start may leave the
/// questions undecoded until they are needed (`DeferredQuestions`).
///
/// ```swift
/// CourseCheckNote.text(for: digest)
/// // "practice-course-check 1 99274-3f0c… 2049:1311:91972952:1765051680123456789\n"
/// ```
enum CourseCheckNote {
  /// The note for `digest`; nil when the program cannot tell its own file (no `/proc`), so that
  /// every start checks the course in full.
  static func text(for digest: CourseDigest) -> String? {
    guard let program = programIdentity else { return nil }
    return "practice-course-check 1 \(digest.text) \(program)\n"
  }

  /// The program's file as `device:inode:size:modified`: a rebuilt or reinstalled program, which
  /// may read courses differently, checks each course in full once more.
  static let programIdentity: String? = {
    guard let status = (try? POSIXFileSystem().stat("/proc/self/exe")) ?? nil else { return nil }
    return "\(status.device):\(status.inode):\(status.size):\(status.modified)"
  }()
}
