import QuizEngine

/// What a question type writes its GIFT answer block with: the question, its texts in the format
/// Moodle had them, and the `//` comment before it, to which a type adds what GIFT cannot say.
struct GiftAnswerWriter {
  /// The question being written.
  let question: Question
  /// The comment line before the question (`// [id:…] [tag:…]`), ``extra(_:_:)`` adding to it.
  var comment: String

  init(_ question: Question, comment: String) {
    self.question = question
    self.comment = comment
  }

  /// `[key:value]` in the comment, which ``GiftParser`` reads back and Moodle ignores.
  mutating func extra(_ key: String, _ value: String) {
    comment += " [\(key):\(GiftExporter.bracketed(GiftExporter.oneLine(value)))]"
  }

  /// `s`, the question's text at `field`, escaped in its format for Moodle.
  func text(_ s: String, _ field: String) -> String {
    GiftExporter.written(question.exportText(s, at: field), in: question.exportFormat)
  }

  /// `#feedback` for the answer at `index`, nothing when it has none.
  func feedback(_ index: Int) -> String {
    question.credit.feedback(at: index).map { "#" + text($0, "feedback.\(index)") } ?? ""
  }

  /// `#feedback` for the `k`th other answer, nothing when it has none.
  func otherFeedback(_ k: Int, _ other: AnswerCredit.OtherAnswer) -> String {
    other.feedback.isEmpty ? "" : "#" + text(other.feedback, "otherAnswers.\(k).feedback")
  }
}
