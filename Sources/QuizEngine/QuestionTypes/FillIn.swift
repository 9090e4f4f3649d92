package import Localization

/// `fill`: any of the accepted answers, compared after NFKC, case folding and white-space clean-up
/// (``FillGrading``); with `caseSensitive`, capital and small letters must match too (Moodle's
/// `usecase`).
///
/// ```swift
/// let kind = Question.Kind.fill(answers: ["Paris"], caseSensitive: true)
/// PresentedQuestion(Question(id: "q", prompt: "?", explanation: "", kind: kind)).grade("paris")  // wrong
/// ```
package struct FillIn: QuestionTypeModel {
  package var answers: [String]
  package var caseSensitive: Bool

  package init(answers: [String], caseSensitive: Bool = false) {
    self.answers = answers
    self.caseSensitive = caseSensitive
  }

  package static let type = QuestionType.fill
  package static let label = trMark("fill in the blank")
  /// Typing a word takes longer than choosing one.
  package static let quickRecallSeconds = 30.0
  package static let alwaysShuffled = false
  /// As the learner typed it (as the grader read it).
  package static func shownResponse(_ text: String, messages: Localizer) -> String { text }

  package var options: [String] { [] }
  package var creditedAnswerCount: Int? { answers.count }
  package var randomGuessScore: Double? { nil }
  package var choiceTally: (options: [String], right: Set<Int>, lettered: Bool)? { nil }

  package func grade(_ input: String, as shown: PresentedQuestion) -> AnswerOutcome {
    FillGrading.grade(
      input, question: shown.question, answers: answers, caseSensitive: caseSensitive, messages: shown.messages)
  }

  package func blankMessage(_ shown: PresentedQuestion) -> String { shown.messages.tr("type your answer") }

  package func answerNote(_ shown: PresentedQuestion) -> String? {
    caseSensitive ? shown.messages.tr("(capital and small letters count)") : nil
  }

  /// The answer as compared, so that spellings alike count as one.
  package func response(to input: String, as shown: PresentedQuestion) -> QuestionResponse? {
    guard let feedback = shown.grade(input).feedback else { return nil }
    return .text(
      AnswerText.comparisonKey(input, foldingCase: !caseSensitive), right: feedback.isCorrect,
      fraction: feedback.fraction)
  }
}

extension Question.Kind {
  /// A ``FillIn`` question.
  package static func fill(answers: [String], caseSensitive: Bool = false) -> Self {
    .fill(FillIn(answers: answers, caseSensitive: caseSensitive))
  }
}
