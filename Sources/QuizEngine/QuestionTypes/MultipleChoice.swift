import Foundation
package import Localization

/// `multiple`: a set of right options, all of which (and no other) must be chosen; with
/// `fractions`, each option chosen earns its share (Moodle's multichoice with several answers).
///
/// ```swift
/// let kind = Question.Kind.multiple(options: ["Cat", "Dog", "Rose"], answers: [0, 1])
/// kind.model.randomGuessScore  // 1/7: one of the 2³ − 1 non-empty choices
/// ```
package struct MultipleChoice: QuestionTypeModel {
  package var options: [String]
  /// The right options' indices, ascending.
  package var answers: [Int]

  package init(options: [String], answers: [Int]) {
    self.options = options
    self.answers = answers
  }

  package static let type = QuestionType.multiple
  package static let label = trMark("multiple answers")
  /// Reading every option and choosing several takes longer than one.
  package static let quickRecallSeconds = 25.0
  package static let alwaysShuffled = false
  /// As the learner typed it (as the grader read it).
  package static func shownResponse(_ text: String, messages: Localizer) -> String { text }

  package var creditedAnswerCount: Int? { options.count }

  /// All or nothing: one of the 2ⁿ − 1 non-empty combinations of options.
  package var randomGuessScore: Double? { options.isEmpty ? nil : 1 / (pow(2, Double(options.count)) - 1) }

  package var choiceTally: (options: [String], right: Set<Int>, lettered: Bool)? { (options, Set(answers), true) }

  package func grade(_ input: String, as shown: PresentedQuestion) -> AnswerOutcome {
    ChoiceGrading.gradeMultiple(input, question: shown, answers: answers)
  }

  package func blankMessage(_ shown: PresentedQuestion) -> String {
    shown.messages.tr("type the letters or numbers of the right options, for example \"A C\" or \"1,3\"")
  }

  package func answerNote(_ shown: PresentedQuestion) -> String? {
    shown.messages.tr("(choose every right option, e.g. A C)")
  }

  package func response(to input: String, as shown: PresentedQuestion) -> QuestionResponse? {
    QuestionResponse.readChoice(input, question: shown)
  }
}

extension Question.Kind {
  /// A ``MultipleChoice`` question.
  package static func multiple(options: [String], answers: [Int]) -> Self {
    .multiple(MultipleChoice(options: options, answers: answers))
  }
}
