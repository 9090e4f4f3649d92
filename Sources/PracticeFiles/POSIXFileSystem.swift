import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real file system, through the POSIX calls (the only place that touches Glibc).
///
/// Errors from calls on a descriptor carry an empty `path`; the store fills it in,
/// because only it knows which file a descriptor belongs to.
///
/// ```swift
/// let store = try ProgressStore(directory: dir, fileSystem: POSIXFileSystem())
/// ```
package struct POSIXFileSystem: FileSystem {
  package init() {}

  func failure(_ operation: String, _ path: String, _ code: Int32 = errno)
    -> FileSystemError
  {
    FileSystemError.system(operation, path, code: code)
  }

  package func open(_ path: String, _ flags: OpenFlags, mode: UInt32) throws(FileSystemError)
    -> Int32
  {
    var raw: Int32 = O_CLOEXEC
    if flags.contains(.readWrite) {
      raw |= O_RDWR
    } else if flags.contains(.writeOnly) {
      raw |= O_WRONLY
    } else {
      raw |= O_RDONLY
    }
    if flags.contains(.create) { raw |= O_CREAT }
    if flags.contains(.exclusive) { raw |= O_EXCL }
    if flags.contains(.append) { raw |= O_APPEND }
    if flags.contains(.directory) {
      raw |= O_DIRECTORY
    } else if !flags.contains(.followingLinks) {
      // A progress file is opened as what it must be: never through a symbolic link (another user
      // could point the journal at a file of ours to be "repaired"), never blocking on a FIFO.
      raw |= O_NOFOLLOW | O_NONBLOCK
    } else {
      // A file the user named may be a FIFO: `open` would wait for a writer that may never come
      // (`--course FIFO`, `validate FIFO`). Opened without waiting, then read as usual: a pipe
      // with a writer (`-f <(…)`) is read to its end, one with none reads as empty.
      raw |= O_NONBLOCK
    }
    var fd: Int32
    while true {
      fd = Glibc.open(path, raw, mode_t(mode))
      if fd >= 0 { break }
      let code = errno
      if code == EINTR { continue }
      if code == ELOOP && !flags.contains(.directory) && !flags.contains(.followingLinks) && isSymbolicLink(path) {
        throw FileSystemError(
          operation: "open", path: path, code: ELOOP,
          reason: .tr(SystemReason.symbolicLinkRefused))
      }
      throw failure("open", path, code)
    }
    if flags.contains(.directory) { return fd }
    if flags.contains(.followingLinks) {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
      return fd
    }
    // Owned until it passes the check: a refusal closes it.
    guard let owned = OwnedDescriptor(fd) else { return fd }
    try checkRegularFile(owned.fd, path, writable: flags.contains(.readWrite) || flags.contains(.writeOnly))
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return owned.release()
  }

  /// Whether `path` itself is a symbolic link (so O_NOFOLLOW's ELOOP is the link, not a loop on the way).
  private func isSymbolicLink(_ path: String) -> Bool {
    var status = Glibc.stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
  }

  /// Refuses anything but a regular file, and a file to be written that belongs to another user:
  /// in a shared data folder, their file is not ours to change.
  private func checkRegularFile(_ fd: Int32, _ path: String, writable: Bool) throws(FileSystemError) {
    var status = Glibc.stat()
    guard Glibc.fstat(fd, &status) == 0 else { throw failure("stat", path) }
    var reason: Message?
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      if writable && status.st_uid != geteuid() {
        reason = .tr(
          "it belongs to another user (uid {uid}); progress files must be the learner's own", ["uid": status.st_uid])
      }
    case S_IFIFO: reason = .tr("it is a FIFO (named pipe), not a regular file")
    case S_IFCHR, S_IFBLK: reason = .tr("it is a device, not a regular file")
    case S_IFSOCK: reason = .tr("it is a socket, not a regular file")
    case S_IFDIR: reason = .tr("it is a folder, not a regular file")
    default: reason = .tr("it is not a regular file")
    }
    guard let reason else { return }
    throw FileSystemError(operation: "open", path: path, code: EINVAL, reason: reason)
  }

  package func close(_ fd: Int32) {
    _ = Glibc.close(fd)
  }

  package func write(_ fd: Int32, _ bytes: [UInt8]) throws(FileSystemError) -> Int {
    while true {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if n >= 0 { return n }
      if errno != EINTR { throw failure("write", "") }
    }
  }

  package func pwrite(_ fd: Int32, _ bytes: [UInt8], at offset: Int64) throws(FileSystemError) -> Int {
    while true {
      let n = bytes.withUnsafeBytes { Glibc.pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
      if n >= 0 { return n }
      if errno != EINTR { throw failure("write", "") }
    }
  }

  package func read(_ fd: Int32, count: Int) throws(FileSystemError) -> [UInt8] {
    try readFully(count) { buffer, filled in Glibc.read(fd, buffer, count - filled) }
  }

  package func pread(_ fd: Int32, count: Int, at offset: Int64) throws(FileSystemError) -> [UInt8] {
    try readFully(count) { buffer, filled in Glibc.pread(fd, buffer, count - filled, off_t(offset) + off_t(filled)) }
  }

  /// Calls `readOnce` (into the buffer's free part, given how much is filled) until `count` bytes
  /// are read or it reports the end; retries an interrupted call.
  private func readFully(_ count: Int, _ readOnce: (UnsafeMutableRawPointer, Int) -> Int) throws(FileSystemError)
    -> [UInt8]
  {
    // Uninitialized: the read fills it, so zeroing a large course's buffer first would only cost
    // time (and touch every page twice).
    var failedErrno: Int32 = 0
    let buffer = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var filled = 0
      while filled < count {
        let n = readOnce(UnsafeMutableRawPointer(buffer.baseAddress! + filled), filled)
        if n < 0 {
          if errno == EINTR { continue }
          failedErrno = errno
          break
        }
        if n == 0 { break }
        filled += n
      }
      initialized = filled
    }
    if failedErrno != 0 { throw failure("read", "", failedErrno) }
    return buffer
  }

  package func fsync(_ fd: Int32) throws(FileSystemError) {
    if Glibc.fsync(fd) != 0 { throw failure("fsync", "") }
  }

  package func ftruncate(_ fd: Int32, length: Int64) throws(FileSystemError) {
    while Glibc.ftruncate(fd, off_t(length)) != 0 {
      if errno != EINTR { throw failure("truncate", "") }
    }
  }

  package func fchmod(_ fd: Int32, mode: UInt32) throws(FileSystemError) {
    if Glibc.fchmod(fd, mode_t(mode)) != 0 { throw failure("chmod", "") }
  }

  func status(_ st: stat) -> FileStatus {
    var result = FileStatus(
      size: Int64(st.st_size), permissions: UInt32(st.st_mode) & 0o7777, inode: UInt64(st.st_ino),
      isDirectory: (st.st_mode & S_IFMT) == S_IFDIR, device: UInt64(st.st_dev), owner: UInt32(st.st_uid),
      allocatedBytes: Int64(st.st_blocks) * 512)
    result.isSymbolicLink = (st.st_mode & S_IFMT) == S_IFLNK
    result.group = UInt32(st.st_gid)
    result.modified = Int64(st.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(st.st_mtim.tv_nsec)
    return result
  }

  package func fstat(_ fd: Int32) throws(FileSystemError) -> FileStatus {
    var st = Glibc.stat()
    if Glibc.fstat(fd, &st) != 0 { throw failure("stat", "") }
    return status(st)
  }

  package func linkStatus(_ path: String) throws(FileSystemError) -> FileStatus? {
    var st = Glibc.stat()
    if lstat(path, &st) != 0 {
      if errno == ENOENT { return nil }
      throw failure("stat", path)
    }
    return status(st)
  }

  package func stat(_ path: String) throws(FileSystemError) -> FileStatus? {
    var st = Glibc.stat()
    if cStat(path, &st) != 0 {
      if errno == ENOENT { return nil }
      throw failure("stat", path)
    }
    return status(st)
  }

  package func rename(_ from: String, to: String) throws(FileSystemError) {
    if Glibc.rename(from, to) != 0 { throw failure("rename", from) }
  }

  package func link(_ from: String, to: String) throws(FileSystemError) {
    if Glibc.link(from, to) != 0 { throw failure("link", to) }
  }

  package func unlink(_ path: String) throws(FileSystemError) {
    if Glibc.unlink(path) != 0 { throw failure("unlink", path) }
  }

  package func mkdir(_ path: String, mode: UInt32) throws(FileSystemError) {
    if Glibc.mkdir(path, mode_t(mode)) != 0 {
      let code = errno
      var st = Glibc.stat()
      if code == EEXIST, cStat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { return }
      throw failure("mkdir", path, code)
    }
  }

  package func mkdirExactly(_ path: String, mode: UInt32) throws(FileSystemError) {
    // The umask lifted for this one call (the program makes its folders before any thread starts):
    // the kernel then sets the permission bits, and the setgid bit comes from the parent.
    let saved = umask(0)
    try? mkdir(path, mode: mode & 0o1777)
    umask(saved)
    try mkdir(path, mode: mode & 0o1777)  // there now, or the reason it is not
    // A setgid bit asked for and not inherited is set (by the owner, in the group); one inherited
    // is never touched, as a `chmod` by a learner outside the group would clear it.
    guard let made = try stat(path), made.permissions != mode else { return }
    let folder = try openFile(path, [.readOnly, .directory], mode: 0)
    try FileSystemError.attributing(to: path) { () throws(FileSystemError) in try fchmod(folder.fd, mode: mode) }
  }

  package func readdir(_ path: String) throws(FileSystemError) -> [String] {
    guard let dir = opendir(path) else { throw failure("opendir", path) }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = Glibc.readdir(dir) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  package func flock(_ fd: Int32, _ operation: LockOperation) throws(FileSystemError) -> Bool {
    let op: Int32
    switch operation {
    case .exclusive: op = LOCK_EX | LOCK_NB
    case .shared: op = LOCK_SH | LOCK_NB
    case .unlock: op = LOCK_UN
    }
    while cFlock(fd, op) != 0 {
      if errno == EWOULDBLOCK { return false }
      if errno != EINTR { throw failure("lock", "") }
    }
    return true
  }

  package func processID() -> Int32 { getpid() }

  /// Linux: a write lease (`F_SETLEASE`) is granted only while no other open file description refers
  /// to the file. It is given back at once: a lease held while another process opens the file would
  /// make that open wait, and signal us (`SIGURG` set here, ignored by default, instead of `SIGIO`,
  /// which would end the program). Elsewhere, or where leases are off, `false`.
  package func isOpenOnlyThrough(_ fd: Int32) -> Bool {
    #if os(Linux)
      let setLease: Int32 = 1024  // F_SETLEASE, not exported by Glibc's Swift overlay
      let setSignal: Int32 = 10  // F_SETSIG
      guard fcntl(fd, setSignal, SIGURG) == 0, fcntl(fd, setLease, Int32(F_WRLCK)) == 0 else { return false }
      _ = fcntl(fd, setLease, Int32(F_UNLCK))
      return true
    #else
      return false
    #endif
  }

  /// Linux: the `flock` lines of `/proc/locks` name the process that took a lock; it is believed
  /// when its own descriptors (`/proc/<pid>/fdinfo`) still hold the lock, else every process's are
  /// searched (the taker may have exited and left the lock to a child, as `flock(1)` does).
  package func lockHolder(_ fd: Int32, conflictingWith operation: LockOperation) -> Int32? {
    var st = Glibc.stat()
    guard Glibc.fstat(fd, &st) == 0 else { return nil }
    let id = LockTable.fileID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    func holds(_ pid: Int32) -> Bool {
      let folder = "/proc/\(pid)/fdinfo"
      for name in (try? readdir(folder)) ?? [] {
        guard let text = readProcText(folder + "/" + name) else { continue }
        if !LockTable.holders(in: text, fileID: id, conflictingWith: operation).isEmpty { return true }
      }
      return false
    }
    let listed = readProcText("/proc/locks").map { LockTable.holders(in: $0, fileID: id, conflictingWith: operation) }
    if let pid = listed?.first(where: holds) { return pid }
    guard listed?.isEmpty == false else { return nil }
    let pids = ((try? readdir("/proc")) ?? []).compactMap { Int32($0) }.sorted()
    return pids.first(where: holds)
  }

  /// A small file under `/proc` (reported as 0 bytes long, so read to the end), or nil.
  private func readProcText(_ path: String) -> String? {
    guard let file = OwnedDescriptor(Glibc.open(path, O_RDONLY | O_CLOEXEC)) else { return nil }
    let fd = file.fd
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while bytes.count < 16 << 20 {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      bytes += chunk[..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

// File-scope wrappers: inside the struct, `stat` and `flock` name its own methods, not the C functions.
private func cStat(_ path: String, _ st: inout stat) -> Int32 { stat(path, &st) }
private func cFlock(_ fd: Int32, _ op: Int32) -> Int32 { flock(fd, op) }
