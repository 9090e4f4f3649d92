import PracticeCLI

/// Standard output, buffered: one `write` per 64 KB rather than per line.
///
/// The buffer goes out when it fills, on `flush()`, and, on a terminal, whenever a piece of
/// text ends a line, so a person never waits for a line that is already done. When the reader
/// has gone (`practice … | head`), `onBrokenPipe` runs once and later text is dropped; this
/// needs SIGPIPE ignored (`TerminalSupport.ignoreSIGPIPE()`), or the kernel kills the process
/// first.
public final class StandardOutput: TextOutput {
  /// Bytes held before a write is forced.
  public static let capacity = 64 * 1024

  private let descriptor: Int32
  private let flushesLines: Bool
  private let onBrokenPipe: () -> Void
  private var buffer: [UInt8] = []
  private var closed = false

  /// - Parameters:
  ///   - descriptor: where to write; standard output unless a test says otherwise.
  ///   - onBrokenPipe: called once when the reader has closed the pipe; the caller exits.
  public init(descriptor: Int32 = 1, onBrokenPipe: @escaping () -> Void) {
    self.descriptor = descriptor
    self.flushesLines = TerminalSupport.isTerminal(descriptor)
    self.onBrokenPipe = onBrokenPipe
    buffer.reserveCapacity(Self.capacity)
  }

  deinit { flush() }

  public func write(_ text: String) {
    guard !closed else { return }
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.capacity || (flushesLines && text.utf8.last == UInt8(ascii: "\n")) {
      flush()
    }
  }

  public func flush() {
    guard !closed, !buffer.isEmpty else { return }
    let result = buffer.withUnsafeBytes { TerminalSupport.writeAll(descriptor, $0) }
    buffer.removeAll(keepingCapacity: true)
    switch result {
    case .written:
      break
    case .brokenPipe:
      closed = true
      onBrokenPipe()
    case .failed:
      // Nowhere left to report to (a full disk or a revoked terminal): stop writing
      // rather than retry forever.
      closed = true
    }
  }
}

/// Standard error, unbuffered: messages must come out even if the process dies next.
public final class StandardError: TextOutput {
  private let descriptor: Int32

  public init(descriptor: Int32 = 2) {
    self.descriptor = descriptor
  }

  public func write(_ text: String) {
    var text = text
    // Errors writing to standard error have nowhere to go.
    _ = text.withUTF8 { TerminalSupport.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
  }
}
