import QuizEngine
import TextLayout

/// What a question type writes its Moodle XML body with: the question, its texts in the format
/// Moodle had them, and the `practice:` tags a type adds for what Moodle's types cannot say.
struct MoodleXMLWriter {
  /// The question being written.
  let question: Question
  /// Tags `practice:key=value` (without the prefix), ``MoodleXMLReader`` reading them back.
  var tags: [String] = []
  /// The export's seed (`export --seed`): what a calculated question's stored value sets are drawn with.
  let seed: UInt64

  init(_ question: Question, seed: UInt64 = 0) {
    self.question = question
    self.seed = seed
  }

  /// `s`, the question's text at `field`, in its format as Moodle had it (`format="html"`).
  func text(_ s: String, _ field: String) -> MarkedText { question.exportText(s, at: field) }

  /// An answer's `<feedback>` element, nothing when it has none.
  func feedback(_ shown: String?, _ field: String) -> String {
    shown.map { text($0, field) }.map { MoodleXMLExporter.textElement("feedback", $0.text, markup: $0.markup) } ?? ""
  }

  /// The `<feedback>` of the answer at `index`.
  func feedback(_ index: Int) -> String { feedback(question.credit.feedback(at: index), "feedback.\(index)") }

  /// The `<feedback>` of the `k`th other answer.
  func otherFeedback(_ k: Int, _ other: AnswerCredit.OtherAnswer) -> String {
    feedback(other.feedback.isEmpty ? nil : other.feedback, "otherAnswers.\(k).feedback")
  }
}
