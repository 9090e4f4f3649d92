import QuizEngine

/// One question of an item analysis: where it is, its figures and what the class answered.
///
/// ```swift
/// for item in analysis.items where !item.statistics.flags.isEmpty { print(item.label, item.statistics.flags) }
/// ```
public struct ItemRow: Sendable, Hashable {
  public var questionID: String
  /// The node that holds the question.
  public var node: ReportNode
  /// 1-based position among its node's questions.
  public var number: Int
  public var type: QuestionType
  /// The prompt as text, pictures named in English (`[image: …]`): what JSON and CSV carry.
  public var prompt: String
  /// The prompt as text, pictures named in the report's language (`[图片：…]`): what text, Markdown
  /// and HTML show.
  public var shownPrompt: String
  public var statistics = QuestionStatistics()
  /// Choice questions: every option in course order with how often it was chosen. Others: the most
  /// frequent answers as the grader reads them (at most ``ItemRow/answersShown``), most frequent first.
  public var responses: [ItemResponse] = []
  /// Attempts that skipped it (mark 0).
  public var skipped = 0
  /// Attempts whose answer is not among `responses`: rarer answers, or ones the grader cannot read any more.
  public var otherAnswers = 0
  /// Marks overruled with `!!` (counted as right).
  public var overruled = 0
  /// Marks between 0 and 1: attempts whose answer was partly right.
  public var partlyRight = 0

  /// How many answers a fill-in, numeric or matching question lists.
  public static let answersShown = 10

  public init(
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
  public var label: String { "\(node.address) Q\(number)" }
}

/// One answer (or option) of a response analysis and how many attempts gave it.
public struct ItemResponse: Sendable, Hashable {
  /// The option (`B. 0 ℃`), the answer as the grader reads it, or a flashcard rating (`yes`, `no`, `1`–`4`).
  public var text: String
  public var count: Int
  /// The right option, a right answer, or "knew it" for a flashcard.
  public var right: Bool
  /// The credit it earns, 0…1 (Moodle's partial credit column): 1 when right, between 0 and 1 for a
  /// partly right answer or an option worth part of the credit (`~%50%`).
  public var fraction: Double

  public init(text: String, count: Int, right: Bool, fraction: Double? = nil) {
    self.text = text
    self.count = count
    self.right = right
    self.fraction = fraction ?? (right ? 1 : 0)
  }

  /// Worth part of the credit: neither right nor nothing.
  public var isPartlyRight: Bool { !right && fraction > 0 }
}
