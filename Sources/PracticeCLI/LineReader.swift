/// A source of input lines: libedit on a terminal, plain reads on a pipe or file.
public protocol LineReader: AnyObject {
  /// Reads the next line, showing `prompt` where the reader shows prompts.
  func readLine(prompt: String) -> LineInput
  /// Whether the next lines answer questions rather than being commands: a reader with history
  /// keeps the two apart (Up at `practice>` never brings back `acd`), and answers are not saved.
  func setAnswering(_ answering: Bool)
  /// Tab's list shows addresses with their titles: `describe` turns a candidate into its label.
  func setCandidateLabels(_ describe: @escaping (String) -> String)
}

extension LineReader {
  public func setAnswering(_ answering: Bool) {}
  public func setCandidateLabels(_ describe: @escaping (String) -> String) {}
}

/// What a read produced.
public enum LineInput: Sendable, Equatable {
  case line(String)
  /// A line that cannot be used (too long, not UTF-8); the reason is for the user.
  case rejected(String)
  /// Ctrl-C on an empty line (a line with text is only cleared, and reading goes on).
  case interrupt
  /// Ctrl-D or the end of the input.
  case end
}
