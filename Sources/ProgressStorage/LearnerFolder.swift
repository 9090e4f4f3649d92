package import Localization
package import PracticeFiles

/// One learner's progress folder for one course, as found in a data folder: the folders
/// `report --class` and `export --events` read, found and read the one same way.
///
/// No link is ever followed for a learner's or a course folder: `ln -s ../ann/physics bob/physics`
/// would credit bob with ann's answers. A link is listed with its problem, and `read` opens both
/// folders with `O_NOFOLLOW`, holds them by descriptor and reads through that, so a folder swapped
/// for a link between the listing and the read is refused too. In a class folder (see
/// `SharedClassFolder`) a learner's folder must belong to the login it is named after, and its
/// course folder too; one that does not (a classmate squatting the name) is refused, not counted.
///
/// ```swift
/// for folder in try LearnerFolder.all(in: "/srv/practice", course: "physics") {
///   let progress = try folder.read(checkingOwner: false) { try ReadOnlyProgress.load(directory: $0) }
/// }
/// ```
package struct LearnerFolder: Sendable, Hashable {
  /// The folder's name in the data folder (`LearnerName.folderName`, or a plain name from before names were encoded).
  package var folderName: String
  /// The course id: the folder's name in the learner's folder.
  package var courseID: String
  /// `DATA/USER/COURSE`.
  package var path: String

  package init(folderName: String, courseID: String, path: String) {
    self.folderName = folderName
    self.courseID = courseID
    self.path = path
  }

  /// The learner's name, decoded from the folder name; a folder from before names were encoded is
  /// shown by its folder name.
  package var learner: String { LearnerName(folderName: folderName)?.name ?? folderName }

  /// `DATA`: the data folder (a linked learner folder's entry has no course, and `path` is `DATA/USER`).
  var dataDirectory: String {
    let user = courseID.isEmpty ? path : PathText.deletingLastComponent(path)
    return PathText.deletingLastComponent(user)
  }

  /// Every `DATA/USER/COURSE` folder of `course` (of every course when nil), learners and then
  /// courses in name order; a symbolic link in either place is listed too (`read` refuses it), so
  /// the report names it. Names starting with a dot are skipped: `LearnerName` encodes a leading
  /// dot and course ids never start with one, so such a folder is nobody's progress.
  ///
  /// Throws only when `dataDirectory` itself cannot be listed; an unreadable learner folder is skipped.
  package static func all(
    in dataDirectory: String, course: String?, fileSystem fs: any FileSystem = POSIXFileSystem()
  ) throws(FileSystemError) -> [LearnerFolder] {
    var folders: [LearnerFolder] = []
    func isFolderOrLink(_ path: String) -> Bool {
      guard let status = (try? fs.linkStatus(path)) ?? nil else { return false }
      return status.isDirectory || status.isSymbolicLink
    }
    for user in try fs.readdir(dataDirectory).sorted() where !user.hasPrefix(".") {
      let userFolder = PathText.appending(dataDirectory, user)
      guard isFolderOrLink(userFolder) else { continue }
      let isLink = (try? fs.linkStatus(userFolder))??.isSymbolicLink == true
      // A linked learner folder is never listed into: its one line names the link.
      let courses =
        course.map { [$0] } ?? (isLink ? ["."] : ((try? fs.readdir(userFolder)) ?? []).sorted())
      for name in courses where !name.hasPrefix(".") || (isLink && name == ".") {
        let path = name == "." ? userFolder : PathText.appending(userFolder, name)
        guard isLink || isFolderOrLink(path) else { continue }
        folders.append(LearnerFolder(folderName: user, courseID: name == "." ? "" : name, path: path))
      }
    }
    return folders
  }

  /// Runs `body` with a path that reaches this course folder as it was opened, never through a
  /// link (`/proc/self/fd/N`); an error it throws names the folder's real path. With
  /// `checkingOwner` (in a class folder) the learner's folder and the course folder must belong to
  /// the login the learner folder is named after.
  package func read<T>(checkingOwner: Bool, _ body: (String) throws(ProgressError) -> T) throws(ProgressError) -> T {
    let course: HeldFolder
    do throws(FileSystemError) {
      // The data folder as named (through links: the teacher named it), then never a link below it.
      let user = try HeldFolder(reading: dataDirectory, followingLinks: true).readingSubfolder(folderName)
      course = courseID.isEmpty ? user : try user.readingSubfolder(courseID)
      if checkingOwner {
        for held in [user, course] {
          let owner = try held.status().owner
          if let problem = Self.ownerProblem(owner: owner, learner: learner, userID: SystemUsers.userID(ofLogin:)) {
            throw FileSystemError(
              operation: "open", path: held.path, code: FileSystemError.notPermittedCode, reason: problem)
          }
        }
      }
    } catch {
      throw .fileSystem(error, action: ProgressError.reading)
    }
    do {
      return try body(course.heldPath)
    } catch {
      throw error.relocated(from: course.heldPath, to: path)
    }
  }

  /// Why a folder owned by `owner` is not the learner's, or nil when it is: in a class folder a
  /// learner's folder is named after its owner's login (`userID` looks a login up).
  ///
  /// ```swift
  /// LearnerFolder.ownerProblem(owner: 1002, learner: "att1", userID: { _ in 1001 })  // "it belongs to …"
  /// ```
  package static func ownerProblem(owner: UInt32, learner: String, userID: (String) -> UInt32?) -> Message? {
    let ownerName = SystemUsers.login(ofUserID: owner).map { "\($0), uid \(owner)" } ?? "uid \(owner)"
    guard let expected = userID(learner) else {
      return .tr(SystemReason.namedAfterNoLogin, ["owner": ownerName])
    }
    guard expected != owner else { return nil }
    return .tr(SystemReason.ownedByAnother, ["owner": ownerName, "learner": learner])
  }
}
