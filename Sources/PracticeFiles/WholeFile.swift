/// Whole-file reads and folders made with their parents, on any `FileSystem`.
///
/// ```swift
/// let fs = POSIXFileSystem()
/// try fs.makeDirectories("/tmp/a/b/c")                        // mkdir -p
/// let bytes = try fs.readWholeFile("/tmp/a/course.json", limit: 1 << 20)
/// ```
extension FileSystem {
  /// Every byte of the file at `path`, refusing one longer than `limit` bytes with a one-line
  /// error naming the path (checked before reading, and again while reading, as the file may grow).
  /// Both the apparent size and the bytes on disk count: see `readToEnd`.
  ///
  /// Opened with `flags` (`.readOnly`: a regular file, never through a link; add `.followingLinks`
  /// for a file the user named, such as a course).
  package func readWholeFile(_ path: String, flags: OpenFlags = .readOnly, limit: Int = .max)
    throws(FileSystemError) -> [UInt8]
  {
    let file = try openFile(path, flags, mode: 0)
    return try readToEnd(file.fd, path: path, limit: limit)
  }

  /// `readWholeFile`, or nil when `path` does not exist.
  package func readWholeFileIfPresent(_ path: String, flags: OpenFlags = .readOnly, limit: Int = .max)
    throws(FileSystemError) -> [UInt8]?
  {
    let fd: Int32
    do {
      fd = try open(path, flags, mode: 0)
    } catch {
      if error.code == FileSystemError.noSuchFileCode { return nil }
      throw error
    }
    let file = OpenFile(fd, in: self)
    return try readToEnd(file.fd, path: path, limit: limit)
  }

  /// The bytes of the open file `fd` (the file `path`) from its start, refusing more than `limit`:
  /// one `pread` for a regular file whose size holds still, more when it grows, `read` for a pipe.
  /// A file over `limit` in its apparent size (`st_size`, which a sparse file inflates for free) or
  /// in its blocks on disk (`st_blocks`) is refused before anything is allocated or read.
  package func readToEnd(_ fd: Int32, path: String, limit: Int = .max) throws(FileSystemError) -> [UInt8] {
    try FileSystemError.attributing(to: path) { () throws(FileSystemError) in
      let status = try fstat(fd)
      let size = status.size
      guard status.isWithin(limit) else {
        throw FileSystemError.tooLarge(path, size: status.measuredSize, limit: limit)
      }
      var bytes: [UInt8] = []
      var isPipe = false
      while true {
        // First one byte more than the size, to see the end; after that (the file grew, or it is a
        // `/proc` file or a pipe, which report no size) in chunks.
        let wanted = bytes.isEmpty ? Int(size) + 1 : 65_536
        let chunk: [UInt8]
        if isPipe {
          chunk = try read(fd, count: wanted)
        } else {
          do throws(FileSystemError) {
            chunk = try pread(fd, count: wanted, at: Int64(bytes.count))
          } catch  where error.code == FileSystemError.illegalSeekCode {
            isPipe = true
            continue
          }
        }
        // The first chunk is taken as it is: appending it to the empty array would copy it, and a
        // large course would be held twice at the peak.
        if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
        guard bytes.count <= limit else { throw FileSystemError.tooLarge(path, size: Int64(bytes.count), limit: limit) }
        if chunk.count < wanted { return bytes }
      }
    }
  }

  /// Creates `path` and any missing parents (`mkdir -p`), each with the mode `mode` gives for the
  /// folder it is made in (`nil` when that is not known, as for a relative path's first component).
  ///
  /// ```swift
  /// try fs.makeDirectories(dir + "/ann/physics") { _ in .masked(0o700) }
  /// ```
  package func makeDirectories(_ path: String, mode: (_ parent: FileStatus?) -> FolderMode) throws(FileSystemError) {
    if let status = try stat(path), status.isDirectory { return }
    let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    if !parent.isEmpty && parent != path { try makeDirectories(parent, mode: mode) }
    switch mode(parent.isEmpty ? nil : try stat(parent)) {
    case .masked(let bits):
      try mkdir(path, mode: bits)
    case .exact(let bits):
      try mkdirExactly(path, mode: bits)
    }
  }

  /// `mkdir -p path`, every folder made with `mode` less the umask.
  package func makeDirectories(_ path: String, mode: UInt32 = 0o700) throws(FileSystemError) {
    try makeDirectories(path) { _ in .masked(mode) }
  }
}

/// The permissions a folder is made with.
///
/// ```swift
/// try fs.makeDirectories(classFolder) { _ in .exact(0o2770) }
/// ```
package enum FolderMode: Sendable, Hashable {
  /// `mkdir`'s mode, less the umask: a private folder.
  case masked(UInt32)
  /// Exactly these bits, whatever the umask: a class folder its group must read.
  case exact(UInt32)
}
