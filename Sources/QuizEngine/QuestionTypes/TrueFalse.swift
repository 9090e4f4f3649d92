package import Localization

/// `truefalse`: a statement the learner says is true or false, in the spellings
/// ``TrueFalseGrading`` reads (`t`, `yes`, `对`, `√`, …).
///
/// ```swift
/// Question.Kind.trueFalse(answer: true).model.randomGuessScore  // 0.5
/// ```
package struct TrueFalse: QuestionTypeModel {
  package var answer: Bool

  package init(answer: Bool) { self.answer = answer }

  package static let type = QuestionType.trueFalse
  package static let label = trMark("true or false")
  /// As quick as a choice of two.
  package static let quickRecallSeconds = 15.0
  package static let alwaysShuffled = false
  /// `true`/`false` in the reader's language.
  package static func shownResponse(_ text: String, messages: Localizer) -> String {
    switch text {
    case "true": messages.tr("true")
    case "false": messages.tr("false")
    default: text
    }
  }

  package var options: [String] { [] }
  /// Moodle's true/false feedback is the chosen answer's: true's, then false's.
  package var creditedAnswerCount: Int? { 2 }
  package var randomGuessScore: Double? { 0.5 }
  /// Counted as two options, true and false, without letters.
  package var choiceTally: (options: [String], right: Set<Int>, lettered: Bool)? {
    (["true", "false"], [answer ? 0 : 1], false)
  }

  package func grade(_ input: String, as shown: PresentedQuestion) -> AnswerOutcome {
    TrueFalseGrading.grade(input, question: shown.question, answer: answer, messages: shown.messages)
  }

  package func blankMessage(_ shown: PresentedQuestion) -> String { shown.messages.tr(TrueFalseGrading.expectation) }

  package func answerNote(_ shown: PresentedQuestion) -> String? { shown.messages.tr("(true or false: t/f)") }

  /// `[0]` for true, `[1]` for false, whatever the spelling.
  package func response(to input: String, as shown: PresentedQuestion) -> QuestionResponse? {
    guard let feedback = shown.grade(input).feedback else { return nil }
    let saidTrue = feedback.isCorrect == answer
    return .options([saidTrue ? 0 : 1])
  }
}

extension Question.Kind {
  /// A ``TrueFalse`` question.
  package static func trueFalse(answer: Bool) -> Self { .trueFalse(TrueFalse(answer: answer)) }
}
