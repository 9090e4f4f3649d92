import Localization

/// Something wrong with a question in a course file, at a byte offset the course loader turns into
/// `file:line:column`; the message is kept for translation where it is shown.
///
/// ```swift
/// let (_, problems) = Question.decode(json)
/// problems.first?.message  // question "ch1.1-q03": answer 4 is not among its 4 options (0...3)
/// ```
public struct QuestionProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// Byte offset into the parsed text of the value (or key) that is wrong.
  public var offset: Int?
  public var text: Message

  public init(_ text: Message, at offset: Int?) {
    self.text = text
    self.offset = offset
  }

  /// The message in English.
  public var message: String { text.description }

  public var description: String { message }
}
