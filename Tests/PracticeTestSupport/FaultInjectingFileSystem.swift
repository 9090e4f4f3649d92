import Foundation
package import PracticeFiles

/// A file system for tests that passes calls through to another one and fails the Nth of them.
///
/// Every call except `close` and `processID` counts as one operation. After
/// `arm(failingOperation:with:)`, the Nth operation from then on throws the
/// chosen fault instead of running (a failing `write` first writes half of its
/// bytes, as a full disk does). With `persistent`, every later operation fails too.
///
/// ```swift
/// let faulty = FaultInjectingFileSystem()
/// faulty.arm(failingOperation: 3, with: .noSpace)
/// let store = try ProgressStore(directory: dir, fileSystem: faulty)
/// ```
package final class FaultInjectingFileSystem: FileSystem, @unchecked Sendable {
  /// The error an injected fault throws.
  package enum Fault: Sendable, Hashable {
    case noSpace
    case ioError
    case readOnly
    case permissionDenied

    var code: Int32 {
      switch self {
      case .noSpace: FileSystemError.noSpaceCode
      case .ioError: FileSystemError.ioErrorCode
      case .readOnly: FileSystemError.readOnlyFileSystemCode
      case .permissionDenied: FileSystemError.permissionDeniedCode
      }
    }

    var reason: String {
      switch self {
      case .noSpace: "No space left on device"
      case .ioError: "Input/output error"
      case .readOnly: "Read-only file system"
      case .permissionDenied: "Permission denied"
      }
    }
  }

  private let base: any FileSystem
  // Guards every field below: tests drive the store from several threads.
  private let lock = NSLock()
  private var count = 0
  private var failAt: Int?
  private var failName: String?
  private var failNameRemaining = 0
  private var fault = Fault.noSpace
  private var persistent = false
  private var operations: [String] = []
  private var bytesRead = 0

  package init(wrapping base: any FileSystem = POSIXFileSystem()) {
    self.base = base
  }

  /// Makes the `n`th operation from now (1 = the next one) fail with `fault`.
  package func arm(failingOperation n: Int, with fault: Fault, persistent: Bool = false) {
    lock.withLock {
      failAt = count + n
      self.fault = fault
      self.persistent = persistent
    }
  }

  /// Makes the `occurrence`th operation named `name` from now (e.g. `"fsync"`) fail with `fault`.
  package func arm(failing name: String, occurrence: Int = 1, with fault: Fault) {
    lock.withLock {
      failAt = nil
      failName = name
      failNameRemaining = occurrence
      self.fault = fault
      persistent = false
    }
  }

  /// Stops injecting faults.
  package func disarm() {
    lock.withLock {
      failAt = nil
      failName = nil
    }
  }

  /// How many operations ran (or failed) so far.
  package var operationCount: Int { lock.withLock { count } }

  /// Whether an armed fault has been thrown.
  package var hasFired: Bool { lock.withLock { failAt.map { count >= $0 } ?? false } }

  /// The names of the operations so far, oldest first, e.g. `["fstat", "write", "fsync"]`.
  package var operationLog: [String] { lock.withLock { operations } }

  /// The bytes returned by `pread` so far.
  package var totalBytesRead: Int { lock.withLock { bytesRead } }

  /// Forgets the log and byte counter (not the operation count, so an armed fault stays put).
  package func resetLog() {
    lock.withLock {
      operations = []
      bytesRead = 0
    }
  }

  /// Counts one operation and returns the fault to throw, if this is the one.
  private func step(_ name: String) -> Fault? {
    lock.withLock {
      count += 1
      operations.append(name)
      if let failName, failName == name {
        failNameRemaining -= 1
        if failNameRemaining == 0 {
          failAt = count
          self.failName = nil
          return fault
        }
      }
      guard let failAt else { return nil }
      if count == failAt || (persistent && count > failAt) { return fault }
      return nil
    }
  }

  private func error(_ fault: Fault, _ operation: String, _ path: String) -> FileSystemError {
    FileSystemError(operation: operation, path: path, code: fault.code, reason: fault.reason)
  }

  package func open(_ path: String, _ flags: OpenFlags, mode: UInt32) throws(FileSystemError)
    -> Int32
  {
    if let fault = step("open") { throw error(fault, "open", path) }
    return try base.open(path, flags, mode: mode)
  }

  package func close(_ fd: Int32) { base.close(fd) }

  package func write(_ fd: Int32, _ bytes: [UInt8]) throws(FileSystemError) -> Int {
    if let fault = step("write") {
      // A full disk often takes part of a write before refusing the rest.
      if bytes.count > 1 { _ = try? base.write(fd, Array(bytes.prefix(bytes.count / 2))) }
      throw error(fault, "write", "")
    }
    return try base.write(fd, bytes)
  }

  package func pwrite(_ fd: Int32, _ bytes: [UInt8], at offset: Int64) throws(FileSystemError) -> Int {
    if let fault = step("pwrite") { throw error(fault, "write", "") }
    return try base.pwrite(fd, bytes, at: offset)
  }

  package func read(_ fd: Int32, count: Int) throws(FileSystemError) -> [UInt8] {
    if let fault = step("read") { throw error(fault, "read", "") }
    let bytes = try base.read(fd, count: count)
    lock.withLock { bytesRead += bytes.count }
    return bytes
  }

  package func pread(_ fd: Int32, count: Int, at offset: Int64) throws(FileSystemError) -> [UInt8] {
    if let fault = step("pread") { throw error(fault, "read", "") }
    let bytes = try base.pread(fd, count: count, at: offset)
    lock.withLock { bytesRead += bytes.count }
    return bytes
  }

  package func fsync(_ fd: Int32) throws(FileSystemError) {
    if let fault = step("fsync") { throw error(fault, "fsync", "") }
    try base.fsync(fd)
  }

  package func ftruncate(_ fd: Int32, length: Int64) throws(FileSystemError) {
    if let fault = step("ftruncate") { throw error(fault, "truncate", "") }
    try base.ftruncate(fd, length: length)
  }

  package func fchmod(_ fd: Int32, mode: UInt32) throws(FileSystemError) {
    if let fault = step("fchmod") { throw error(fault, "chmod", "") }
    try base.fchmod(fd, mode: mode)
  }

  package func fstat(_ fd: Int32) throws(FileSystemError) -> FileStatus {
    if let fault = step("fstat") { throw error(fault, "stat", "") }
    return try base.fstat(fd)
  }

  package func stat(_ path: String) throws(FileSystemError) -> FileStatus? {
    if let fault = step("stat") { throw error(fault, "stat", path) }
    return try base.stat(path)
  }

  package func rename(_ from: String, to: String) throws(FileSystemError) {
    if let fault = step("rename") { throw error(fault, "rename", from) }
    try base.rename(from, to: to)
  }

  package func link(_ from: String, to: String) throws(FileSystemError) {
    if let fault = step("link") { throw error(fault, "link", to) }
    try base.link(from, to: to)
  }

  package func unlink(_ path: String) throws(FileSystemError) {
    if let fault = step("unlink") { throw error(fault, "unlink", path) }
    try base.unlink(path)
  }

  package func mkdir(_ path: String, mode: UInt32) throws(FileSystemError) {
    if let fault = step("mkdir") { throw error(fault, "mkdir", path) }
    try base.mkdir(path, mode: mode)
  }

  package func readdir(_ path: String) throws(FileSystemError) -> [String] {
    if let fault = step("readdir") { throw error(fault, "opendir", path) }
    return try base.readdir(path)
  }

  package func flock(_ fd: Int32, _ operation: LockOperation) throws(FileSystemError) -> Bool {
    if let fault = step("flock") { throw error(fault, "lock", "") }
    return try base.flock(fd, operation)
  }

  /// Not counted, like `processID`: only a timed-out wait asks, to word its message.
  package func lockHolder(_ fd: Int32, conflictingWith operation: LockOperation) -> Int32? {
    base.lockHolder(fd, conflictingWith: operation)
  }

  package func processID() -> Int32 { base.processID() }

  /// Counted as `"lease"`; an injected fault answers `false` (unknown), as a file system without leases does.
  package func isOpenOnlyThrough(_ fd: Int32) -> Bool {
    if step("lease") != nil { return false }
    return base.isOpenOnlyThrough(fd)
  }
}
