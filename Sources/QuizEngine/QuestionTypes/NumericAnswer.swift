package import Localization

/// `numeric`: a number in `unit` (or a bare number when `unit` is nil); `tolerance` is absolute, in
/// `unit`; with neither it nor `rules.relativeTolerance`, 0.5% of the answer (``NumericGrading``).
///
/// ```swift
/// let kind = Question.Kind.numeric(answer: 100, unit: .named("℃"), tolerance: 1)
/// PresentedQuestion(Question(id: "q", prompt: "?", explanation: "", kind: kind)).grade("373 K")  // right
/// ```
package struct NumericAnswer: QuestionTypeModel {
  package var answer: Double
  package var unit: MeasurementUnit?
  package var tolerance: Double?
  package var rules: NumericRules

  package init(answer: Double, unit: MeasurementUnit?, tolerance: Double?, rules: NumericRules = NumericRules()) {
    self.answer = answer
    self.unit = unit
    self.tolerance = tolerance
    self.rules = rules
  }

  package static let type = QuestionType.numeric
  package static let label = trMark("numeric")
  /// Working out a number takes longest.
  package static let quickRecallSeconds = 60.0
  package static let alwaysShuffled = false
  /// As the learner typed it (as the grader read it).
  package static func shownResponse(_ text: String, messages: Localizer) -> String { text }

  package var options: [String] { [] }
  /// One answer: its feedback and fraction; others are `otherAnswers`.
  package var creditedAnswerCount: Int? { 1 }
  package var randomGuessScore: Double? { nil }
  package var choiceTally: (options: [String], right: Set<Int>, lettered: Bool)? { nil }

  /// The unit the answer is expected in (`answerUnit`, else `unit`), nil for a bare number.
  package var expectedUnit: MeasurementUnit? { rules.answerUnit ?? unit }

  package func grade(_ input: String, as shown: PresentedQuestion) -> AnswerOutcome {
    NumericGrading.grade(
      input, question: shown.question, answer: answer, unit: unit, tolerance: tolerance, rules: rules,
      messages: shown.messages)
  }

  package func blankMessage(_ shown: PresentedQuestion) -> String {
    NumericGrading.expectation(unit: expectedUnit, messages: shown.messages)
  }

  package func answerNote(_ shown: PresentedQuestion) -> String? {
    guard let unit = expectedUnit else { return nil }
    return rules.unitRequired
      ? shown.messages.tr("(a number with its unit, e.g. in {unit})", ["unit": unit.symbol])
      : shown.messages.tr("(a number in {unit}; the unit may be left out)", ["unit": unit.symbol])
  }

  /// The number as the grader read it.
  package func response(to input: String, as shown: PresentedQuestion) -> QuestionResponse? {
    guard let feedback = shown.grade(input).feedback else { return nil }
    return .text(feedback.given, right: feedback.isCorrect, fraction: feedback.fraction)
  }
}

extension Question.Kind {
  /// A ``NumericAnswer`` question.
  package static func numeric(
    answer: Double, unit: MeasurementUnit?, tolerance: Double?, rules: NumericRules = NumericRules()
  ) -> Self {
    .numeric(NumericAnswer(answer: answer, unit: unit, tolerance: tolerance, rules: rules))
  }
}
