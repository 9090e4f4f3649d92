#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How waiting for a lock ended.
///
/// ```swift
/// if case .timedOut(let holder) = try fs.waitForLock(fd, .exclusive, path: lockPath, timeout: 2) {
///   print("held by \(holder.map { "process \($0)" } ?? "an unknown process")")
/// }
/// ```
public enum LockWait: Sendable, Hashable {
  case acquired
  /// The time ran out; `holder` is the process really holding a conflicting lock, when the system can say.
  case timedOut(holder: Int32?)
}

extension FileSystem {
  /// Takes `operation`'s lock on `fd` (the lock file `path`), trying again every 5 ms until
  /// `timeout` seconds have passed: the one lock-waiting loop, for writers and readers alike.
  ///
  /// ```swift
  /// guard try fs.waitForLock(fd, .shared, path: dir + "/lock", timeout: 2) == .acquired else { … }
  /// defer { _ = try? fs.flock(fd, .unlock) }
  /// ```
  public func waitForLock(_ fd: Int32, _ operation: LockOperation, path: String, timeout: Double)
    throws(FileSystemError) -> LockWait
  {
    let deadline = monotonicSeconds() + timeout
    while try !FileSystemError.attributing(to: path, { () throws(FileSystemError) in try flock(fd, operation) }) {
      if monotonicSeconds() >= deadline { return .timedOut(holder: lockHolder(fd, conflictingWith: operation)) }
      usleep(5_000)
    }
    return .acquired
  }
}

private func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
