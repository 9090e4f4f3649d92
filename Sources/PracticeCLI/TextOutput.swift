/// Where the shell writes: standard output, standard error, or a string in tests.
///
/// Injected, so tests capture exactly what a user would see.
public protocol TextOutput: AnyObject {
  func write(_ text: String)
  /// Pushes buffered text out; called before waiting for input.
  func flush()
  /// True once a write has failed (a closed pipe, a full disk): the run stops reading commands,
  /// since nobody sees their output, and the program exits non-zero.
  var writeFailed: Bool { get }
}

extension TextOutput {
  public func line(_ text: String = "") { write(text + "\n") }
  public func flush() {}
  public var writeFailed: Bool { false }
}

/// Collects output in memory.
public final class StringOutput: TextOutput {
  public private(set) var text = ""
  public init() {}
  public func write(_ text: String) { self.text += text }
}
