package import Localization

/// A source of input lines: libedit on a terminal, plain reads on a pipe or file.
package protocol LineReader: AnyObject {
  /// Reads the next line, showing `prompt` where the reader shows prompts.
  func readLine(prompt: String) -> LineInput
  /// Whether the next lines answer questions rather than being commands: a reader with history
  /// keeps the two apart (Up at `practice>` never brings back `acd`), and answers are not saved.
  func setAnswering(_ answering: Bool)
  /// Tab's list shows addresses with their titles: `describe` turns a candidate into its label.
  func setCandidateLabels(_ describe: @escaping (String) -> String)
}

extension LineReader {
  package func setAnswering(_ answering: Bool) {}
  package func setCandidateLabels(_ describe: @escaping (String) -> String) {}
}

/// Why a line read cannot be used.
package enum LineRejection: Sendable, Equatable {
  /// Longer than the reader keeps; skipped whole.
  case tooLong(maximumBytes: Int)
  /// Not valid UTF-8: reported rather than silently altered.
  case notUTF8

  /// The reason, for the learner.
  package func description(_ messages: Localizer) -> String {
    switch self {
    case .tooLong(let maximumBytes):
      return messages.tr("line longer than {size} KB ignored", ["size": maximumBytes / 1024])
    case .notUTF8:
      return messages.tr("line is not valid UTF-8; it was ignored")
    }
  }
}

/// What a read produced.
package enum LineInput: Sendable, Equatable {
  case line(String)
  /// A line that cannot be used (too long, not UTF-8); the shell says why, in the learner's language.
  case rejected(LineRejection)
  /// Ctrl-C on an empty line (a line with text is only cleared, and reading goes on).
  case interrupt
  /// Ctrl-D or the end of the input.
  case end
}
