package import Localization

/// `single`: one option is chosen; `answer` is right, and so is each of `alsoRight` (a Moodle
/// question with several `=` answers: any one of them earns full credit). Indices are 0-based into
/// `options` as written in the course.
///
/// ```swift
/// let kind = Question.Kind.single(options: ["0 ℃", "100 ℃"], answer: 0)
/// kind.model.randomGuessScore  // 0.5
/// ```
package struct SingleChoice: QuestionTypeModel {
  package var options: [String]
  package var answer: Int
  package var alsoRight: [Int]

  package init(options: [String], answer: Int, alsoRight: [Int] = []) {
    self.options = options
    self.answer = answer
    self.alsoRight = alsoRight
  }

  package static let type = QuestionType.single
  package static let label = trMark("single choice")
  /// Reading the options takes a moment.
  package static let quickRecallSeconds = 15.0
  package static let alwaysShuffled = false
  /// As the learner typed it (as the grader read it).
  package static func shownResponse(_ text: String, messages: Localizer) -> String { text }

  package var creditedAnswerCount: Int? { options.count }

  /// Moodle: the mean of the options' fractions; every right option scores 1.
  package var randomGuessScore: Double? {
    options.isEmpty ? nil : Double(Set([answer] + alsoRight).count) / Double(options.count)
  }

  package var choiceTally: (options: [String], right: Set<Int>, lettered: Bool)? {
    (options, Set([answer] + alsoRight), true)
  }

  package func grade(_ input: String, as shown: PresentedQuestion) -> AnswerOutcome {
    ChoiceGrading.gradeSingle(input, question: shown, answer: answer, alsoRight: alsoRight)
  }

  package func blankMessage(_ shown: PresentedQuestion) -> String {
    shown.messages.tr("type the letter or number of one option, for example \"A\" or \"1\"")
  }

  /// None: the lettered options say it.
  package func answerNote(_ shown: PresentedQuestion) -> String? { nil }

  package func response(to input: String, as shown: PresentedQuestion) -> QuestionResponse? {
    QuestionResponse.readChoice(input, question: shown)
  }
}

extension Question.Kind {
  /// A ``SingleChoice`` question.
  package static func single(options: [String], answer: Int, alsoRight: [Int] = []) -> Self {
    .single(SingleChoice(options: options, answer: answer, alsoRight: alsoRight))
  }
}
