import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a written file may replace what is at its path: only a regular file, never one of the
/// files being read, and with the old file's permissions less its set-id bits.
extension POSIXFileSystem {
  /// The mode a file written over `path` (write-temp and rename) should get: the old file's
  /// permissions without its setuid, setgid and sticky bits (a decoy `6777` file must not turn a
  /// report into a set-id program), or nil for a new file, which `AtomicFileWriter` then creates
  /// as any program does (`0o666` less the umask: `umask 077` keeps a class's answers private).
  /// Anything but a regular file is refused, symbolic links included: the rename would put a plain
  /// file where a device, a FIFO or a link was.
  ///
  /// ```swift
  /// try POSIXFileSystem().modeForReplacing("report.txt")  // nil (new), or the old file's 0o640
  /// try POSIXFileSystem().modeForReplacing("/dev/null")   // throws: "it is a device, …"
  /// ```
  package func modeForReplacing(_ path: String) throws(FileSystemError) -> UInt32? {
    var st = Glibc.stat()
    if lstat(path, &st) != 0 {
      if errno == ENOENT { return nil }
      throw failure("stat", path)
    }
    if let reason = Self.refusalToReplace(fileType: st.st_mode & S_IFMT) {
      throw FileSystemError(operation: "write", path: path, code: EINVAL, reason: reason)
    }
    return UInt32(st.st_mode & 0o777)
  }

  /// Why a file of this type (`st_mode & S_IFMT`) is not replaced by a written one; nil for a regular file.
  static func refusalToReplace(fileType: mode_t) -> Message? {
    // Whole sentences, so a translation can say each its own way.
    let reason: Message
    switch fileType {
    case S_IFREG: return nil
    case S_IFLNK:
      reason = .tr(
        "it is a symbolic link, and only a regular file is replaced; name a file, or '-' for standard output")
    case S_IFIFO:
      reason = .tr(
        "it is a FIFO (named pipe), and only a regular file is replaced; name a file, or '-' for standard output")
    case S_IFCHR, S_IFBLK:
      reason = .tr("it is a device, and only a regular file is replaced; name a file, or '-' for standard output")
    case S_IFDIR:
      reason = .tr("it is a folder, and only a regular file is replaced; name a file, or '-' for standard output")
    default:
      reason = .tr(
        "it is not a regular file, and only a regular file is replaced; name a file, or '-' for standard output")
    }
    return reason
  }

  /// `modeForReplacing(path)`, refusing too an output that is one of `inputs` (see `isSameFile`):
  /// `report --output c.json` must not replace the course `c.json` it reads.
  package func modeForReplacing(_ path: String, readingFrom inputs: [String]) throws(FileSystemError) -> UInt32? {
    let mode = try modeForReplacing(path)
    if isSameFile(path, asAnyOf: inputs) {
      throw FileSystemError(operation: "write", path: path, code: EINVAL, reason: .tr(SystemReason.outputIsAnInput))
    }
    return mode
  }

  /// Whether `output` is one of `inputs` (the same device and inode, through links and whatever
  /// the names): replacing it would destroy what is being read (`export c.json --output ./c.json`,
  /// a hard link). A folder among `inputs` stands for its `course.json` too. False when `output`
  /// does not exist yet.
  ///
  /// ```swift
  /// POSIXFileSystem().isSameFile("./c.json", asAnyOf: ["c.json"])  // true
  /// ```
  package func isSameFile(_ output: String, asAnyOf inputs: [String]) -> Bool {
    guard let target = try? stat(output) else { return false }
    for input in inputs {
      guard let read = try? stat(input) else { continue }
      if read.isSameFile(as: target) { return true }
      if read.isDirectory, let file = try? stat(PathText.appending(input, "course.json")),
        file.isSameFile(as: target)
      {
        return true
      }
    }
    return false
  }
}
