import TextLayout

/// An output that shows control and invisible characters visibly before passing text on.
///
/// `PracticeApp` wraps both of its streams in one, so no path (a REPL line, an error message, a
/// report) can put a course file's escape sequence on the learner's terminal.
///
/// ```swift
/// let out = SanitizedOutput(StringOutput())
/// out.line("\u{1B}[2J")  // the wrapped output receives "\\u{1B}[2J\n"
/// ```
package final class SanitizedOutput: TextOutput {
  package let wrapped: any TextOutput
  /// Lets the program's own color sequences through: true only when the stream is a color terminal.
  package let keepingColor: Bool

  package init(_ wrapped: any TextOutput, keepingColor: Bool = false) {
    self.wrapped = wrapped
    self.keepingColor = keepingColor
  }

  package func write(_ text: String) { wrapped.write(OutputSanitizer.clean(text, keepingColor: keepingColor)) }

  /// Passes the bytes on as they are when nothing in them needs showing visibly; else as `write(_:)`.
  package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    if OutputSanitizer.mayNeedCleaning(utf8: bytes) {
      write(String(decoding: bytes, as: UTF8.self))
    } else {
      wrapped.write(utf8: bytes)
    }
  }
  /// Passes the bytes on unscanned: the caller checked each part (a listing checks each title once).
  package func write(cleanUTF8 bytes: UnsafeBufferPointer<UInt8>) { wrapped.write(utf8: bytes) }
  package func flush() { wrapped.flush() }
  package var writeFailed: Bool { wrapped.writeFailed }
}
