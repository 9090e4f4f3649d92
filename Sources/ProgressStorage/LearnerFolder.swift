import PracticeFiles

/// One learner's progress folder for one course, as found in a data folder: the folders
/// `report --class` and `export --events` read, found the one same way.
///
/// ```swift
/// for folder in try LearnerFolder.all(in: "/srv/practice", course: "physics") {
///   print(folder.learner, folder.path)  // "ann /srv/practice/ann/physics"
/// }
/// ```
public struct LearnerFolder: Sendable, Hashable {
  /// The folder's name in the data folder (`LearnerName.folderName`, or a plain name from before names were encoded).
  public var folderName: String
  /// The course id: the folder's name in the learner's folder.
  public var courseID: String
  /// `DATA/USER/COURSE`.
  public var path: String

  public init(folderName: String, courseID: String, path: String) {
    self.folderName = folderName
    self.courseID = courseID
    self.path = path
  }

  /// The learner's name, decoded from the folder name; a folder from before names were encoded is
  /// shown by its folder name.
  public var learner: String { LearnerName(folderName: folderName)?.name ?? folderName }

  /// Every `DATA/USER/COURSE` folder of `course` (of every course when nil), learners and then
  /// courses in name order. Names starting with a dot are skipped: `LearnerName` encodes a leading
  /// dot and course ids never start with one, so such a folder is nobody's progress.
  ///
  /// Throws only when `dataDirectory` itself cannot be listed; an unreadable learner folder is skipped.
  public static func all(
    in dataDirectory: String, course: String?, fileSystem fs: any FileSystem = POSIXFileSystem()
  ) throws(FileSystemError) -> [LearnerFolder] {
    var folders: [LearnerFolder] = []
    for user in try fs.readdir(dataDirectory).sorted() where !user.hasPrefix(".") {
      let userFolder = PathText.appending(dataDirectory, user)
      guard (try? fs.stat(userFolder))??.isDirectory == true else { continue }
      let courses = course.map { [$0] } ?? ((try? fs.readdir(userFolder)) ?? []).sorted()
      for name in courses where !name.hasPrefix(".") {
        let path = PathText.appending(userFolder, name)
        guard (try? fs.stat(path))??.isDirectory == true else { continue }
        folders.append(LearnerFolder(folderName: user, courseID: name, path: path))
      }
    }
    return folders
  }
}
