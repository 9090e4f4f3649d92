import Foundation
package import Localization

/// `essay`: answered in writing and graded by no one (Moodle's essay): the answer is kept and the
/// explanation shown after it; it counts in no score, report or schedule.
///
/// ```swift
/// Question(id: "e", prompt: "Why is the sky blue?", explanation: "Scattering.", kind: .essay)
/// ```
package struct Essay: QuestionTypeModel {
  package init() {}

  package static let type = QuestionType.essay
  package static let label = trMark("essay (not graded)")
  /// Never rated.
  package static let quickRecallSeconds = 0.0
  package static let alwaysShuffled = false
  /// As the learner typed it (as the grader read it).
  package static func shownResponse(_ text: String, messages: Localizer) -> String { text }

  package var options: [String] { [] }
  package var creditedAnswerCount: Int? { nil }
  package var randomGuessScore: Double? { nil }
  package var choiceTally: (options: [String], right: Set<Int>, lettered: Bool)? { nil }

  /// Taken as written, graded by no one: a caller keeps it as a response, not an answer.
  package func grade(_ input: String, as shown: PresentedQuestion) -> AnswerOutcome {
    shown.question.feedback(isCorrect: false, given: input.trimmingCharacters(in: .whitespaces), expected: "")
  }

  package func blankMessage(_ shown: PresentedQuestion) -> String {
    shown.messages.tr("write your answer; it is kept, not graded")
  }

  package func answerNote(_ shown: PresentedQuestion) -> String? {
    shown.messages.tr("(write your answer on one line; it is kept, not graded)")
  }

  /// Kept as written, never an answer to analyse.
  package func response(to input: String, as shown: PresentedQuestion) -> QuestionResponse? { nil }
}

extension Question.Kind {
  /// An ``Essay``.
  package static var essay: Self { .essay(Essay()) }
}
