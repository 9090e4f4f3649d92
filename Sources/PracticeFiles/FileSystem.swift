/// The file operations the progress store needs, behind a seam so tests can inject faults.
///
/// Handles are plain file descriptors. Every call that can fail throws a
/// `FileSystemError` carrying the operation, the path and the error code.
///
/// ```swift
/// let fs: any FileSystem = POSIXFileSystem()
/// let fd = try fs.open("/tmp/x", [.readWrite, .create], mode: 0o600)
/// defer { fs.close(fd) }
/// _ = try fs.write(fd, Array("hello\n".utf8))
/// ```
package protocol FileSystem: Sendable {
  /// Opens `path`; `mode` is used only when the file is created.
  func open(_ path: String, _ flags: OpenFlags, mode: UInt32) throws(FileSystemError) -> Int32
  /// Closes `fd`; errors are ignored because nothing useful can be done about them.
  func close(_ fd: Int32)
  /// One `write(2)` call; returns how many bytes were written (possibly fewer than asked).
  func write(_ fd: Int32, _ bytes: [UInt8]) throws(FileSystemError) -> Int
  /// One `pwrite(2)` at `offset` (do not use on descriptors opened with `.append`).
  func pwrite(_ fd: Int32, _ bytes: [UInt8], at offset: Int64) throws(FileSystemError) -> Int
  /// Reads up to `count` bytes from the current position (a pipe has no other); fewer at the end.
  func read(_ fd: Int32, count: Int) throws(FileSystemError) -> [UInt8]
  /// Reads up to `count` bytes at `offset`; fewer at the end of the file.
  func pread(_ fd: Int32, count: Int, at offset: Int64) throws(FileSystemError) -> [UInt8]
  func fsync(_ fd: Int32) throws(FileSystemError)
  func ftruncate(_ fd: Int32, length: Int64) throws(FileSystemError)
  func fchmod(_ fd: Int32, mode: UInt32) throws(FileSystemError)
  func fstat(_ fd: Int32) throws(FileSystemError) -> FileStatus
  /// The status of `path`, or `nil` when it does not exist.
  func stat(_ path: String) throws(FileSystemError) -> FileStatus?
  /// The status of `path` itself, a symbolic link not followed (`lstat`), or `nil` when it does not exist.
  func linkStatus(_ path: String) throws(FileSystemError) -> FileStatus?
  func rename(_ from: String, to: String) throws(FileSystemError)
  /// Makes a hard link `to` for the file `from`.
  func link(_ from: String, to: String) throws(FileSystemError)
  func unlink(_ path: String) throws(FileSystemError)
  /// Creates a directory; succeeds when it already exists.
  func mkdir(_ path: String, mode: UInt32) throws(FileSystemError)
  /// Creates a directory with exactly `mode`'s permission bits, whatever the umask, keeping the
  /// setgid bit a class folder passes on (a `chmod` afterwards would drop it for a learner who is
  /// not in the folder's group); succeeds when it already exists.
  func mkdirExactly(_ path: String, mode: UInt32) throws(FileSystemError)
  /// The names in a directory, without `.` and `..`.
  func readdir(_ path: String) throws(FileSystemError) -> [String]
  /// Tries once, without waiting; returns `false` when another open file description holds a conflicting lock.
  func flock(_ fd: Int32, _ operation: LockOperation) throws(FileSystemError) -> Bool
  /// The id of a process holding a lock on `fd`'s file that conflicts with `operation`, or nil when
  /// none is known: what a lock-timeout message names (not a pid written in the file, which can be stale).
  func lockHolder(_ fd: Int32, conflictingWith operation: LockOperation) -> Int32?
  /// The id of the calling process (temporary file names carry it).
  func processID() -> Int32
  /// Whether `fd`'s file is open through `fd` alone: no other open file description refers to it,
  /// in this process or any other, so renaming it strands no other reader or writer. `false` when
  /// that cannot be known.
  func isOpenOnlyThrough(_ fd: Int32) -> Bool
}

extension FileSystem {
  /// Unknown unless a file system can tell: callers then take the path that is safe either way.
  package func isOpenOnlyThrough(_ fd: Int32) -> Bool { false }

  /// `mkdir`, then `chmod` (a test's file system has no umask to lift).
  package func mkdirExactly(_ path: String, mode: UInt32) throws(FileSystemError) {
    try mkdir(path, mode: mode)
    let folder = try openFile(path, [.readOnly, .directory], mode: 0)
    try FileSystemError.attributing(to: path) { () throws(FileSystemError) in try fchmod(folder.fd, mode: mode) }
  }

  /// `stat`, for a file system without links (a test's).
  package func linkStatus(_ path: String) throws(FileSystemError) -> FileStatus? { try stat(path) }
}

/// How `FileSystem.open` opens a file.
///
/// ```swift
/// let flags: OpenFlags = [.readWrite, .append, .create]
/// ```
package struct OpenFlags: OptionSet, Sendable, Hashable {
  package let rawValue: Int
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// `[.readWrite, .create]` without `SetAlgebra`'s generic initializer: its metadata, built from
  /// mangled names at the first open, was 260,000 of `practice -c quit`'s 7.6 million instructions.
  package init(arrayLiteral flags: OpenFlags...) {
    var rawValue = 0
    for flag in flags { rawValue |= flag.rawValue }
    self.rawValue = rawValue
  }

  package static let readOnly = OpenFlags(rawValue: 0)
  package static let writeOnly = OpenFlags(rawValue: 1 << 0)
  package static let readWrite = OpenFlags(rawValue: 1 << 1)
  package static let create = OpenFlags(rawValue: 1 << 2)
  package static let exclusive = OpenFlags(rawValue: 1 << 3)
  package static let append = OpenFlags(rawValue: 1 << 4)
  package static let directory = OpenFlags(rawValue: 1 << 5)
  /// Through symbolic links and whatever the file is (a FIFO waits for its writer): for a file the
  /// user named, such as a course. Without it a file is opened as a progress file must be: a
  /// regular file, never through a link, never waiting on a FIFO.
  package static let followingLinks = OpenFlags(rawValue: 1 << 6)
}

/// What `FileSystem.flock` does.
///
/// ```swift
/// let got = try fs.flock(fd, .exclusive)
/// ```
package enum LockOperation: Sendable, Hashable {
  case exclusive
  case shared
  case unlock
}

/// The parts of `stat(2)` the store uses.
///
/// ```swift
/// let size = try fs.fstat(fd).size
/// ```
package struct FileStatus: Sendable, Hashable {
  /// The apparent size (`st_size`): a sparse file's may be far larger than what it holds.
  package var size: Int64
  /// Permission bits only (`0o600`), without the file type.
  package var permissions: UInt32
  package var inode: UInt64
  package var isDirectory: Bool
  /// The file system the file is on (`st_dev`): with `inode`, what tells one file from another.
  package var device: UInt64
  /// The owner's user id (`st_uid`).
  package var owner: UInt32
  /// The bytes the file takes on disk (`st_blocks` × 512): a sparse file's holes take none.
  package var allocatedBytes: Int64
  /// A symbolic link itself (only `linkStatus` tells).
  package var isSymbolicLink = false
  /// The group's id (`st_gid`).
  package var group: UInt32 = 0
  /// When the file's contents last changed (`st_mtim`), in nanoseconds since 1970.
  package var modified: Int64 = 0

  package init(
    size: Int64, permissions: UInt32, inode: UInt64, isDirectory: Bool, device: UInt64 = 0, owner: UInt32 = 0,
    allocatedBytes: Int64? = nil
  ) {
    self.size = size
    self.permissions = permissions
    self.inode = inode
    self.isDirectory = isDirectory
    self.device = device
    self.owner = owner
    self.allocatedBytes = allocatedBytes ?? size
  }

  /// Whether a whole-file read of at most `limit` bytes may take this file: its apparent size
  /// (which a sparse file inflates for free) and its blocks on disk (less a block allocation's
  /// rounding, 1 MiB) both within it. Checked before anything is allocated or read.
  package func isWithin(_ limit: Int) -> Bool {
    size <= Int64(limit) && allocatedBytes - (1 << 20) <= Int64(limit)
  }

  /// The larger of the two sizes `isWithin` checks, for its message.
  package var measuredSize: Int64 { max(size, allocatedBytes - (1 << 20)) }

  /// Whether this and `other` are one file (device and inode), whatever names reach them.
  package func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
}
