import QuizEngine

/// One entry of an imported bank, whatever its format: a question for practice, or text kept on
/// its node (a description, or an essay nobody can grade automatically).
///
/// ```swift
/// BankItem(category: ["Unit 1"], content: .question(q), line: 3, column: 1)
/// ```
public struct BankItem: Sendable, Equatable {
  public enum Content: Sendable, Equatable {
    case question(Question)
    /// Text shown with the node; `isEssay` marks a question that needs a person to grade it.
    case note(String, isEssay: Bool)
  }

  /// The category path below the file's node.
  public var category: [String]
  public var content: Content
  /// Where the item starts in its file.
  public var line: Int
  public var column: Int

  public init(category: [String], content: Content, line: Int, column: Int) {
    self.category = category
    self.content = content
    self.line = line
    self.column = column
  }

  public var question: Question? {
    if case .question(let q) = content { return q }
    return nil
  }
}
