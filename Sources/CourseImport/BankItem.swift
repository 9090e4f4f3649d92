package import QuizEngine

/// One entry of an imported bank, whatever its format: a question for practice, or text kept on
/// its node (a description, or an essay nobody can grade automatically).
///
/// ```swift
/// BankItem(category: ["Unit 1"], content: .question(q), line: 3, column: 1)
/// ```
package struct BankItem: Sendable, Equatable {
  package enum Content: Sendable, Equatable {
    case question(Question)
    /// Text shown with the node; `isEssay` marks a question that needs a person to grade it.
    case note(String, isEssay: Bool)
  }

  /// The category path below the file's node.
  package var category: [String]
  package var content: Content
  /// Where the item starts in its file.
  package var line: Int
  package var column: Int

  package init(category: [String], content: Content, line: Int, column: Int) {
    self.category = category
    self.content = content
    self.line = line
    self.column = column
  }

  package var question: Question? {
    if case .question(let q) = content { return q }
    return nil
  }
}
