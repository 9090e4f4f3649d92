package import QuizEngine

/// One question of an item analysis: where it is, its figures and what the class answered.
///
/// ```swift
/// for item in analysis.items where !item.statistics.flags.isEmpty { print(item.label, item.statistics.flags) }
/// ```
package struct ItemRow: Sendable, Hashable {
  package var questionID: String
  /// The node that holds the question.
  package var node: ReportNode
  /// 1-based position among its node's questions.
  package var number: Int
  package var type: QuestionType
  /// The prompt as text, pictures named in English (`[image: …]`): what JSON and CSV carry.
  package var prompt: String
  /// The prompt as text, pictures named in the report's language (`[图片：…]`): what text, Markdown
  /// and HTML show.
  package var shownPrompt: String
  package var statistics = QuestionStatistics()
  /// Choice questions: every option in course order with how often it was chosen. Others: the most
  /// frequent answers as the grader reads them (at most ``ItemRow/answersShown``), most frequent first.
  package var responses: [ItemResponse] = []
  /// Attempts that skipped it (mark 0).
  package var skipped = 0
  /// Attempts whose answer is not among `responses`: rarer answers, or ones the grader cannot read any more.
  package var otherAnswers = 0
  /// Marks overruled with `!!` (counted as right).
  package var overruled = 0
  /// Marks between 0 and 1: attempts whose answer was partly right.
  package var partlyRight = 0

  /// How many answers a fill-in, numeric or matching question lists.
  package static let answersShown = 10

  package init(
    questionID: String, node: ReportNode, number: Int, type: QuestionType, prompt: String, shownPrompt: String? = nil
  ) {
    self.shownPrompt = shownPrompt ?? prompt
    self.questionID = questionID
    self.node = node
    self.number = number
    self.type = type
    self.prompt = prompt
  }

  /// `2.3 Q5`: the question's node address and its number there.
  package var label: String { "\(node.address) Q\(number)" }
}

/// One answer (or option) of a response analysis and how many attempts gave it.
package struct ItemResponse: Sendable, Hashable {
  /// The option (`B. 0 ℃`), the answer as the grader reads it, or a flashcard rating (`yes`, `no`, `1`–`4`).
  package var text: String
  package var count: Int
  /// The right option, a right answer, or "knew it" for a flashcard.
  package var right: Bool
  /// The credit it earns, 0…1 (Moodle's partial credit column): 1 when right, between 0 and 1 for a
  /// partly right answer or an option worth part of the credit (`~%50%`).
  package var fraction: Double

  package init(text: String, count: Int, right: Bool, fraction: Double? = nil) {
    self.text = text
    self.count = count
    self.right = right
    self.fraction = fraction ?? (right ? 1 : 0)
  }

  /// Worth part of the credit: neither right nor nothing.
  package var isPartlyRight: Bool { !right && fraction > 0 }
}
