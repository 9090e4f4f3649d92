/// Something wrong with a question in a course file, and the byte offset of the value at fault.
///
/// The course loader turns `offset` into `file:line:column` with `SourceLocation`.
///
/// ```swift
/// let (_, problems) = Question.decode(json)
/// problems.first?.message  // question "ch1.1-q03": answer 4 is not among its 4 options (0...3)
/// ```
public struct QuestionProblem: Error, Sendable, Equatable {
  /// Byte offset into the parsed text of the value (or key) that is wrong.
  public var offset: Int
  /// What is wrong, naming the question id when it is known.
  public var message: String

  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }
}

extension QuestionProblem: CustomStringConvertible {
  public var description: String { message }
}
