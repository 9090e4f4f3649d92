package import Localization
package import PracticeCLI

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output, buffered: one `write` per 64 KB rather than per line.
///
/// The buffer goes out when it fills, on `flush()`, and, on a terminal, whenever a piece of
/// text ends a line, so a person never waits for a line that is already done. When a write fails
/// (the reader has gone, `practice … | head`; a full disk) later text is dropped and `failure`
/// says why, so the caller can stop and exit non-zero; this needs SIGPIPE ignored
/// (`TerminalSupport.ignoreSIGPIPE()`), or the kernel kills the process before answers are saved.
package final class StandardOutput: TextOutput {
  /// Bytes held before a write is forced.
  package static let capacity = 64 * 1024

  private let descriptor: Int32
  private let flushesLines: Bool
  private var buffer: [UInt8] = []
  /// The `errno` of the first failed write (`EPIPE` when the reader has gone); nil while all is well.
  package private(set) var failure: Int32?

  /// - Parameter descriptor: where to write; standard output unless a test says otherwise.
  package init(descriptor: Int32 = 1) {
    self.descriptor = descriptor
    self.flushesLines = TerminalSupport.isTerminal(descriptor)
    buffer.reserveCapacity(Self.capacity)
  }

  deinit { flush() }

  package var writeFailed: Bool { failure != nil }

  package func write(_ text: String) {
    guard failure == nil else { return }
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.capacity || (flushesLines && text.utf8.last == UInt8(ascii: "\n")) {
      flush()
    }
  }

  package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard failure == nil else { return }
    if bytes.count >= Self.capacity {
      // A listing's chunk: written as it is rather than copied into the buffer first.
      flush()
      guard failure == nil else { return }
      record(TerminalSupport.writeAll(descriptor, UnsafeRawBufferPointer(bytes)))
      return
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.capacity || (flushesLines && bytes.last == UInt8(ascii: "\n")) {
      flush()
    }
  }

  package func flush() {
    guard failure == nil, !buffer.isEmpty else { return }
    let result = buffer.withUnsafeBytes { TerminalSupport.writeAll(descriptor, $0) }
    buffer.removeAll(keepingCapacity: true)
    record(result)
  }

  private func record(_ result: TerminalSupport.WriteResult) {
    switch result {
    case .written: break
    case .brokenPipe: failure = EPIPE
    case .failed(let code): failure = code
    }
  }

  /// The exit status for a run whose output failed, after saying why on `errors` (nothing for a
  /// closed pipe: `| head` is not an error to report). Nil when every write succeeded.
  ///
  /// 141 is what a shell shows for a process ended by SIGPIPE, as `cat` and `grep` are. `messages`
  /// is asked for only when there is something to say: choosing the language may read the course.
  package func exitStatus(reportingTo errors: any TextOutput, messages: @autoclosure () -> Localizer = .english)
    -> Int32?
  {
    guard let failure else { return nil }
    if failure == EPIPE { return 141 }
    errors.line(
      "practice: "
        + messages().tr("cannot write to standard output: {reason}", ["reason": String(cString: strerror(failure))]))
    return 1
  }
}

/// Standard error, unbuffered: messages must come out even if the process dies next.
package final class StandardError: TextOutput {
  private let descriptor: Int32

  package init(descriptor: Int32 = 2) {
    self.descriptor = descriptor
  }

  package func write(_ text: String) {
    var text = text
    // Errors writing to standard error have nowhere to go.
    _ = text.withUTF8 { TerminalSupport.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
  }
}
