/// Where a learner's progress in a course lives: `DATA/USER/COURSE`, the one layout every reader
/// and writer of progress folders follows.
///
/// ```swift
/// ProgressFolder.path(dataDirectory: "/home/ann/.local/share/practice", user: "ann", courseID: "physics")
/// // "/home/ann/.local/share/practice/ann/physics"
/// ```
package enum ProgressFolder {
  /// `user` is the learner's folder name (see `LearnerName`), `courseID` a folder-safe course id.
  package static func path(dataDirectory: String, user: String, courseID: String) -> String {
    dataDirectory + "/" + user + "/" + courseID
  }
}
