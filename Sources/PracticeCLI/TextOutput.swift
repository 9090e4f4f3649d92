/// Where the shell writes: standard output, standard error, or a string in tests.
///
/// Injected, so tests capture exactly what a user would see.
package protocol TextOutput: AnyObject {
  func write(_ text: String)
  /// Writes valid UTF-8 as `write(_:)` writes text; an output may take the bytes without making a
  /// `String` of them (a listing of a million rows is written this way, 64 KB at a time).
  func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
  /// Writes UTF-8 whose every part the caller has found clean (`OutputSanitizer.needsCleaning` is
  /// false for each): a sanitizing output passes it on without scanning it again.
  func write(cleanUTF8 bytes: UnsafeBufferPointer<UInt8>)
  /// Pushes buffered text out; called before waiting for input.
  func flush()
  /// True once a write has failed (a closed pipe, a full disk): the run stops reading commands,
  /// since nobody sees their output, and the program exits non-zero.
  var writeFailed: Bool { get }
}

extension TextOutput {
  package func line(_ text: String = "") { write(text + "\n") }
  package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { write(String(decoding: bytes, as: UTF8.self)) }
  package func write(cleanUTF8 bytes: UnsafeBufferPointer<UInt8>) { write(utf8: bytes) }
  package func flush() {}
  package var writeFailed: Bool { false }
}

/// Collects output in memory.
package final class StringOutput: TextOutput {
  package private(set) var text = ""
  package init() {}
  package func write(_ text: String) { self.text += text }
}
