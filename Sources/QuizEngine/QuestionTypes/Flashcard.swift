import Foundation
package import Localization

/// `card`: a flashcard; the prompt is the front, `back` is revealed, and the learner says whether
/// they knew it (``CardGrading``).
///
/// ```swift
/// let card = Question(id: "c", prompt: "der Hund", explanation: "", kind: .card(back: "the dog"))
/// PresentedQuestion(card).grade("3").feedback?.isCorrect  // true: rated good
/// ```
package struct Flashcard: QuestionTypeModel {
  package var back: String

  package init(back: String) { self.back = back }

  package static let type = QuestionType.card
  package static let label = trMark("flashcard")
  /// Known at sight.
  package static let quickRecallSeconds = 10.0
  package static let alwaysShuffled = false
  /// `yes`/`no`, or a rating with its name: `3 (good)`.
  package static func shownResponse(_ text: String, messages: Localizer) -> String {
    switch text {
    case "yes": messages.tr("yes")
    case "no": messages.tr("no")
    case "1": messages.tr("1 (again)")
    case "2": messages.tr("2 (hard)")
    case "3": messages.tr("3 (good)")
    case "4": messages.tr("4 (easy)")
    default: text
    }
  }

  package var options: [String] { [] }
  package var creditedAnswerCount: Int? { nil }
  package var randomGuessScore: Double? { nil }
  package var choiceTally: (options: [String], right: Set<Int>, lettered: Bool)? { nil }

  package func grade(_ input: String, as shown: PresentedQuestion) -> AnswerOutcome {
    CardGrading.grade(input, question: shown.question, back: back, messages: shown.messages)
  }

  package func blankMessage(_ shown: PresentedQuestion) -> String { shown.messages.tr(CardGrading.expectation) }

  /// Before the back is shown; after, the practice screen asks whether it was known.
  package func answerNote(_ shown: PresentedQuestion) -> String? {
    shown.messages.tr("(press Enter to see the back)")
  }

  /// The self-rating: 1–4 with `--rate`, else yes or no.
  package func response(to input: String, as shown: PresentedQuestion) -> QuestionResponse? {
    guard let feedback = shown.grade(input).feedback else { return nil }
    let trimmed = input.trimmingCharacters(in: .whitespaces)
    if let rating = Int(trimmed), (1...4).contains(rating) {
      return .rating(String(rating), knew: feedback.isCorrect)
    }
    return .rating(feedback.isCorrect ? "yes" : "no", knew: feedback.isCorrect)
  }
}

extension Question.Kind {
  /// A ``Flashcard``.
  package static func card(back: String) -> Self { .card(Flashcard(back: back)) }
}
