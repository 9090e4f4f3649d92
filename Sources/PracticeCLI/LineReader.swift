/// A source of input lines: libedit on a terminal, plain reads on a pipe or file.
public protocol LineReader: AnyObject {
  /// Reads the next line, showing `prompt` where the reader shows prompts.
  func readLine(prompt: String) -> LineInput
}

/// What a read produced.
public enum LineInput: Sendable, Equatable {
  case line(String)
  /// A line that cannot be used (too long, not UTF-8); the reason is for the user.
  case rejected(String)
  /// Ctrl-C at the prompt.
  case interrupt
  /// Ctrl-D or the end of the input.
  case end
}
