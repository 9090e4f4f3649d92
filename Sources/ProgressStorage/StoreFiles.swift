import Foundation
import PracticeFiles
import PracticeTime

/// One progress folder's files as the store writes them: the permissions new ones get (private, or
/// group-readable in a class folder), atomic replacement with an optional backup, the folder's
/// `fsync`, and the names of copies set aside.
///
/// ```swift
/// var files = StoreFiles(directory: dir, fs: POSIXFileSystem(), privateMode: 0o600)
/// try files.prepareFolder()  // mkdir -p; group-readable modes inside a class folder
/// try files.writeAtomically(ProgressStore.viewStateName, bytes, keepBackup: false)
/// ```
struct StoreFiles: Sendable {
  let directory: String
  let fs: any FileSystem
  /// The mode of the learner's own files (`ProgressStoreOptions.fileMode`); the lock keeps it everywhere.
  let privateMode: UInt32
  /// Permissions of files the store creates: `privateMode`, or group-readable in a class folder.
  private(set) var fileMode: UInt32

  init(directory: String, fs: any FileSystem, privateMode: UInt32) {
    self.directory = directory
    self.fs = fs
    self.privateMode = privateMode
    self.fileMode = privateMode
  }

  /// Makes the folder (`mkdir -p`) and decides `fileMode` from it.
  mutating func prepareFolder() throws(FileSystemError) {
    try makeDirectories(directory)
    fileMode = SharedClassFolder.fileMode(creatingIn: try fs.stat(directory), privateMode: privateMode)
  }

  /// Whether files are shared with the class's group (the folder is inside a class folder).
  var isShared: Bool { fileMode != privateMode }

  /// In a class folder, makes the file group-readable whatever the umask (best effort: only its owner can).
  func shareInClassFolder(_ file: borrowing OpenFile) {
    guard isShared else { return }
    _ = try? fs.fchmod(file.fd, mode: fileMode)
  }

  /// `mkdir -p`, each folder private, or group-readable inside a class folder (exactly, whatever the umask).
  private func makeDirectories(_ path: String) throws(FileSystemError) {
    try fs.makeDirectories(path) { parent in
      let mode = SharedClassFolder.folderMode(creatingIn: parent)
      return mode == 0o700 ? .masked(mode) : .exact(mode)
    }
  }

  /// Replaces `name` with `bytes` through `AtomicFileWriter`, keeping the old file's permissions
  /// (or those of `modeSource`). With `keepBackup`, the replaced file stays reachable as `<name>.bak`.
  func writeAtomically(
    _ name: String, _ bytes: [UInt8], keepBackup: Bool, modeOf modeSource: String? = nil
  ) throws {
    let path = directory + "/" + name
    let existing = try fs.stat(path)
    let mode: UInt32
    if let modeSource, let source = try fs.stat(modeSource) {
      mode = source.permissions
    } else {
      mode = existing?.permissions ?? fileMode
    }
    let fs = self.fs
    try AtomicFileWriter(fileSystem: fs).replace(path, with: bytes, mode: mode) { () throws(FileSystemError) in
      guard keepBackup, existing != nil else { return }
      // A hard link renamed into place: `<name>.bak` is never missing or half-written.
      let backupTemp = AtomicFileWriter.temporaryPath(for: path + ".bak", processID: fs.processID())
      try fs.link(path, to: backupTemp)
      do throws(FileSystemError) {
        try fs.rename(backupTemp, to: path + ".bak")
      } catch {
        try? fs.unlink(backupTemp)
        throw error
      }
    }
  }

  /// `fsync` on the folder, so that names just made or renamed in it survive a power cut.
  func syncDirectory() throws {
    let folder = try fs.openFile(directory, [.readOnly, .directory], mode: 0)
    try FileSystemError.attributing(to: directory) { () throws(FileSystemError) in try fs.fsync(folder.fd) }
  }

  /// Temp files are only made under the lock, so any found while holding it are from a dead writer.
  func removeStrayTemporaryFiles() throws {
    for name in try fs.readdir(directory) where name.contains(".tmp-") {
      try? fs.unlink(directory + "/" + name)
    }
  }

  /// `<name>.corrupt-<time>`, with `-2`, `-3`… when that is taken.
  func uniqueCorruptCopyName(for name: String, at now: Date) throws -> String {
    let base = "\(name).corrupt-\(UTCTime.compact(now))"
    var name = base
    var n = 1
    while try fs.stat(directory + "/" + name) != nil {
      n += 1
      name = "\(base)-\(n)"
    }
    return name
  }
}
