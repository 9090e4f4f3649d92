package import PracticeFiles

/// The permissions of progress created in a folder: private by default, group-readable in a class folder.
///
/// A learner's folders are `0700` and files `0600`, so nobody else can read them. A class on a
/// shared server puts `--data-dir` in a folder owned by the class's Unix group with the setgid bit
/// (`install -d -m 3770 -g physics8 /srv/practice/physics8`): every folder made in it inherits the
/// group and the setgid bit, and there progress is made group-readable, folders `2750` and files
/// `0640`, whatever the umask, so the teacher (in the group) can run `report --class` and
/// `export --events`. Nothing is ever group- or world-writable, so a learner cannot write into
/// another's folder. This is the one place these modes are decided.
///
/// ```swift
/// let mode = SharedClassFolder.folderMode(creatingIn: try fs.stat(parent))  // 0o2750 in a class folder
/// ```
package enum SharedClassFolder {
  /// The setgid bit, which marks a class folder (and which Linux passes on to folders made in it).
  package static let setGroupID: UInt32 = 0o2000

  /// The sticky bit: in a class folder nobody renames or removes another's folder.
  package static let sticky: UInt32 = 0o1000

  /// Whether `folder` is a class's data folder: setgid and sticky (`practice class create` makes it
  /// `3753`; the layout before it was `3770`). There `--user` must be the login, learners' folders
  /// are named after their logins and must belong to them.
  package static func isClassFolder(_ folder: FileStatus?) -> Bool {
    guard let folder, folder.isDirectory else { return false }
    return folder.permissions & (setGroupID | sticky) == setGroupID | sticky
  }

  /// Whether a folder with these permissions is (inside) a class folder.
  package static func isShared(_ folder: FileStatus?) -> Bool {
    guard let folder, folder.isDirectory else { return false }
    return folder.permissions & setGroupID != 0
  }

  /// The mode for a new folder made inside `parent`.
  package static func folderMode(creatingIn parent: FileStatus?) -> UInt32 {
    isShared(parent) ? 0o2750 : 0o700
  }

  /// The mode for a new file made inside `folder`; `privateMode` outside class folders.
  package static func fileMode(creatingIn folder: FileStatus?, privateMode: UInt32) -> UInt32 {
    isShared(folder) ? 0o640 : privateMode
  }
}
