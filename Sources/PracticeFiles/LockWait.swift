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
package enum LockWait: Sendable, Hashable {
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
  package func waitForLock(_ fd: Int32, _ operation: LockOperation, path: String, timeout: Double)
    throws(FileSystemError) -> LockWait
  {
    try waitForLock(fd, operation, path: path, until: LockDeadline(seconds: timeout))
  }

  /// The same, until a deadline shared by many waits: once it has passed, each lock is tried once.
  ///
  /// ```swift
  /// let deadline = LockDeadline(seconds: 2)  // for the whole class report, not per learner
  /// for fd in locks { _ = try fs.waitForLock(fd, .shared, path: "lock", until: deadline) }
  /// ```
  package func waitForLock(_ fd: Int32, _ operation: LockOperation, path: String, until deadline: LockDeadline)
    throws(FileSystemError) -> LockWait
  {
    while try !FileSystemError.attributing(to: path, { () throws(FileSystemError) in try flock(fd, operation) }) {
      if deadline.hasPassed { return .timedOut(holder: lockHolder(fd, conflictingWith: operation)) }
      usleep(5_000)
    }
    return .acquired
  }
}

/// A moment on the monotonic clock by which lock waits give up: one for a whole class report or
/// export, so learners whose locks are held cost the time once, not each in turn (twenty fake
/// learners with held locks would otherwise cost twenty waits).
///
/// ```swift
/// let deadline = LockDeadline(seconds: 2)
/// deadline.hasPassed  // false for two seconds
/// ```
package struct LockDeadline: Sendable, Hashable {
  /// Seconds on the monotonic clock.
  let moment: Double
  /// How long the wait was given in all, for messages ("waited 2 s").
  package let seconds: Double

  package init(seconds: Double) {
    self.seconds = seconds
    self.moment = monotonicSeconds() + seconds
  }

  package var hasPassed: Bool { monotonicSeconds() >= moment }
}

private func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
