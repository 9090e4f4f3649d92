import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder held open by its descriptor, so that everything made below it is made relative to
/// that descriptor (`mkdirat`, `openat`, `renameat`) and never through a symbolic link: a link
/// planted at `DIR/physics` while `export --events --split --output DIR` runs cannot send the
/// export's files anywhere else.
///
/// A class, not a value: it owns the descriptor and closes it once, when the last use ends.
///
/// ```swift
/// let out = try HeldFolder(path: "exports")                 // the folder the user named
/// let course = try out.subfolder("physics")                 // exports/physics, never a link
/// try course.replaceFile("ann.jsonl", with: Array("{}\n".utf8))
/// ```
package final class HeldFolder {
  /// The folder's path, for messages.
  package let path: String
  private let fd: Int32

  /// Opens the folder `path` names (through links: the user named it), making it and its parents
  /// first when missing (`0o777` less the umask, like any folder a user makes).
  package init(path: String) throws(FileSystemError) {
    let fs = POSIXFileSystem()
    try fs.makeDirectories(path, mode: 0o777)
    self.path = path
    self.fd = try fs.open(path, [.readOnly, .directory], mode: 0)
  }

  private init(path: String, fd: Int32) {
    self.path = path
    self.fd = fd
  }

  /// Opens the folder `path` as it is, making nothing; a symbolic link there (the last component)
  /// is refused, as `readingSubfolder` refuses one, unless `followingLinks` (a folder the user named).
  package init(reading path: String, followingLinks: Bool = false) throws(FileSystemError) {
    let fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
    guard fd >= 0 else { throw Self.openFailure(path, code: errno) }
    self.path = path
    self.fd = fd
  }

  /// The folder `name` inside this one as it is, making nothing; a symbolic link is refused.
  package func readingSubfolder(_ name: String) throws(FileSystemError) -> HeldFolder {
    let full = PathText.appending(path, name)
    let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard child >= 0 else { throw Self.openFailure(full, code: errno) }
    return HeldFolder(path: full, fd: child)
  }

  /// A failed `open` of a folder not to be followed through a link: the link named as such.
  private static func openFailure(_ path: String, code: Int32) -> FileSystemError {
    var st = Glibc.stat()
    if code == ELOOP || code == ENOTDIR, lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK {
      return FileSystemError(
        operation: "open", path: path, code: ELOOP, reason: .tr(SystemReason.learnerFolderIsALink))
    }
    return .system("open", path, code: code)
  }

  /// The folder's status, through its descriptor: the folder held, whatever its name now leads to.
  package func status() throws(FileSystemError) -> FileStatus {
    var st = Glibc.stat()
    guard fstat(fd, &st) == 0 else { throw .system("stat", path, code: errno) }
    return POSIXFileSystem().status(st)
  }

  /// A path that reaches the held folder itself (`/proc/self/fd/N`), for code that takes paths:
  /// files opened below it are in this folder even if its name is moved or replaced by a link.
  package var heldPath: String { "/proc/self/fd/\(fd)" }

  deinit { Glibc.close(fd) }

  /// The folder `name` inside this one, made when missing (`0o777` less the umask); a symbolic
  /// link or anything but a folder there is refused.
  package func subfolder(_ name: String) throws(FileSystemError) -> HeldFolder {
    let full = PathText.appending(path, name)
    if mkdirat(fd, name, 0o777) != 0 && errno != EEXIST { throw .system("mkdir", full, code: errno) }
    let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard child >= 0 else {
      let code = errno
      if let refusal = refusal(name, full) { throw refusal }
      throw .system("open", full, code: code)
    }
    return HeldFolder(path: full, fd: child)
  }

  /// Replaces the file `name` in this folder with `bytes` as `AtomicFileWriter` does (a temp file
  /// made `O_EXCL | O_NOFOLLOW`, written, `fsync`, `renameat`, the folder's `fsync`), all relative to
  /// the held descriptor. A file replaced keeps its permissions less any set-id bits; a new one is
  /// `0o666` less the umask. A link, a FIFO, a device or a folder at `name` is refused.
  package func replaceFile(_ name: String, with bytes: [UInt8]) throws(FileSystemError) {
    let full = PathText.appending(path, name)
    var st = Glibc.stat()
    var mode: mode_t?
    if fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 {
      if let reason = POSIXFileSystem.refusalToReplace(fileType: st.st_mode & S_IFMT) {
        throw FileSystemError(operation: "write", path: full, code: EINVAL, reason: reason)
      }
      mode = st.st_mode & 0o777
    } else if errno != ENOENT {
      throw .system("stat", full, code: errno)
    }
    let temp = name + ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    guard
      let owned = OwnedDescriptor(openat(fd, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode ?? 0o666))
    else { throw .system("open", full, code: errno) }
    let file = owned.fd
    do throws(FileSystemError) {
      if let mode, fchmod(file, mode) != 0 { throw .system("chmod", full, code: errno) }
      var offset = 0
      while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { throw .system("write", full, code: n < 0 ? errno : ENOSPC) }
        offset += n
      }
      if Glibc.fsync(file) != 0 { throw .system("fsync", full, code: errno) }
      if renameat(fd, temp, fd, name) != 0 { throw .system("rename", full, code: errno) }
    } catch {
      unlinkat(fd, temp, 0)
      throw error
    }
    owned.close()
    if Glibc.fsync(fd) != 0 { throw .system("fsync", path, code: errno) }
  }

  /// The refusal for what stands at `name` when it is not a plain folder (a link, a file), or nil.
  private func refusal(_ name: String, _ full: String) -> FileSystemError? {
    var st = Glibc.stat()
    guard fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0, st.st_mode & S_IFMT != S_IFDIR else { return nil }
    let reason: Message =
      .tr(st.st_mode & S_IFMT == S_IFLNK ? SystemReason.linkInsteadOfFolder : SystemReason.notAFolderToWriteInto)
    return FileSystemError(operation: "mkdir", path: full, code: EINVAL, reason: reason)
  }
}
