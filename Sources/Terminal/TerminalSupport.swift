import PracticeFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The module's Glibc calls live in this file, so the rest of the target stays plain Swift.

/// Small process-level helpers for the terminal edge: terminal checks, signals, raw writes.
package enum TerminalSupport {
  /// Whether `descriptor` is a terminal.
  package static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// Makes a closed reader (`practice … | head`) show up as `EPIPE` on write instead of killing
  /// the process with status 141 before any cleanup runs.
  package static func ignoreSIGPIPE() {
    _ = signal(SIGPIPE, SIG_IGN)
  }

  /// Saves the terminal settings of `descriptor` now, and makes SIGTERM, SIGHUP and SIGINT put
  /// them back before the process dies of the signal.
  ///
  /// Call once at start, before any raw mode. Returns false when `descriptor` is not a terminal
  /// (nothing to restore; no handler is installed). Signals the process started with ignored
  /// (for example SIGHUP under `nohup`) stay ignored.
  @discardableResult
  package static func restoreTerminalOnSignals(descriptor: Int32 = 0) -> Bool {
    let saved = savedTerminal  // initialises the global here, never first inside a handler
    guard isTerminal(descriptor), tcgetattr(descriptor, &saved.pointee.settings) == 0 else {
      return false
    }
    saved.pointee.descriptor = descriptor
    saved.pointee.isSaved = 1
    for signalNumber in [SIGTERM, SIGHUP, SIGINT] {
      let previous = signal(signalNumber, restoreTerminalAndReraise)
      if isIgnore(previous) { _ = signal(signalNumber, SIG_IGN) }
    }
    return true
  }

  private static func isIgnore(_ handler: sighandler_t?) -> Bool {
    guard let handler else { return false }
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Stops the process as Ctrl-Z would (SIGTSTP); returns once it is continued.
  static func stopProcess() {
    _ = raise(SIGTSTP)
  }

  /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed (`practice >&- 2>&-`).
  ///
  /// `open` returns the lowest free descriptor, so without this the first file opened (a journal,
  /// a lock) would become standard output and receive whatever the program prints.
  package static func reopenClosedStandardDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
      if opened >= 0 && opened != descriptor {
        // Another lower descriptor was closed too and took this one; move it into place.
        _ = dup2(opened, descriptor)
        close(opened)
      }
    }
  }

  /// How `write` to a descriptor ended.
  enum WriteResult: Equatable {
    case written
    case brokenPipe
    case failed(Int32)
  }

  /// Writes all of `bytes`, retrying short writes and `EINTR`.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> WriteResult {
    guard var next = bytes.baseAddress else { return .written }
    var remaining = bytes.count
    while remaining > 0 {
      let count = Glibc.write(descriptor, next, remaining)
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        return code == EPIPE ? .brokenPipe : .failed(code)
      }
      next += count
      remaining -= count
    }
    return .written
  }

  /// The process's environment variables, read from `environ`.
  ///
  /// Plain libc, like the two calls below: `ProcessInfo` and `Bundle.main` do much more on first use
  /// (a scan of the executable's folder, for one) and the time to first prompt pays for it.
  package static func environment() -> [String: String] {
    var count = 0
    while environ[count] != nil { count += 1 }
    var variables: [String: String] = [:]
    variables.reserveCapacity(count)
    // Split at the first `=` byte (names never hold one) and decoded once: through `Character`s,
    // each variable cost thousands of instructions at every start.
    for entry in UnsafeBufferPointer(start: environ, count: count) {
      guard let entry else { continue }
      let bytes = UnsafeRawBufferPointer(start: entry, count: strlen(entry))
      guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
      variables[String(decoding: bytes[..<equals], as: UTF8.self)] = String(
        decoding: bytes[(equals + 1)...], as: UTF8.self)
    }
    return variables
  }

  /// The width in columns of the terminal `descriptor` is, or nil when it is not a terminal.
  package static func columns(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// The running executable's path (`/proc/self/exe`), or nil where there is none.
  package static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The current working folder, or nil when it cannot be named (removed, say).
  package static func currentDirectory() -> String? {
    guard let path = CAllocatedString(getcwd(nil, 0)) else { return nil }
    return path.string
  }

}

/// The terminal settings to put back from a signal handler.
private struct SavedTerminal {
  var descriptor: Int32 = 0
  var isSaved: Int32 = 0
  var settings = termios()
}

/// Storage a signal handler can reach: handlers get no context, so it must be global.
///
/// `nonisolated(unsafe)` because it is written only by `restoreTerminalOnSignals`, before the
/// handlers that read it are installed; the pointer itself never changes.
nonisolated(unsafe) private let savedTerminal: UnsafeMutablePointer<SavedTerminal> = {
  let pointer = UnsafeMutablePointer<SavedTerminal>.allocate(capacity: 1)
  pointer.initialize(to: SavedTerminal())
  return pointer
}()

/// Restores the saved terminal settings, then dies of `signalNumber` as if never caught.
///
/// Async-signal-safe calls only: `tcsetattr`, `signal` and `raise`. The signal stays blocked
/// while the handler runs, so the re-raised one is delivered, with the default action, on return.
private func restoreTerminalAndReraise(_ signalNumber: Int32) {
  let saved = savedTerminal
  if saved.pointee.isSaved == 1 {
    _ = tcsetattr(saved.pointee.descriptor, TCSANOW, &saved.pointee.settings)
  }
  _ = signal(signalNumber, SIG_DFL)
  _ = raise(signalNumber)
}
