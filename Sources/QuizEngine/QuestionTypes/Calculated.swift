package import Calculation
package import Localization

/// `calculated`: a numeric question whose values are drawn anew for each session (issue 33): the
/// prompt shows them (`{m}`, `{=m/V}`), the answer is a formula of them, graded with Moodle's
/// tolerance and, as `numeric`, in any unit of the answer's quantity. In its choice form
/// (``CalculatedDefinition/choices``, Moodle's calculatedmulti) the choices show the drawn values and
/// the answer is chosen, graded as `single` or `multiple`.
///
/// A question as the course holds it has no values (``values`` is nil); a session draws them
/// (``Question/drawingValues(seed:)``) and grades against the formula's value for them.
///
/// ```swift
/// let shown = question.drawingValues(seed: 7)   // "m = 47.3 g, V = 20 cm³. ρ?"
/// PresentedQuestion(shown).grade("2.37 g/cm³")   // right within 1 %
/// ```
package struct CalculatedQuestion: QuestionTypeModel {
  package var definition: CalculatedDefinition
  /// The values this attempt shows; nil in the course, before a session draws them.
  package var values: [String: DrawnValue]?

  package init(definition: CalculatedDefinition, values: [String: DrawnValue]? = nil) {
    self.definition = definition
    self.values = values
  }

  package static let type = QuestionType.calculated
  package static let label = trMark("calculated")
  /// Working out a number takes longest, as for `numeric`.
  package static let quickRecallSeconds = 60.0
  package static func shownResponse(_ text: String, messages: Localizer) -> String { text }
  package static let alwaysShuffled = false

  /// The choice form's choices, with the drawn values shown once there are values (as written
  /// before, in the course); empty for a typed answer.
  package var options: [String] {
    guard let choices = definition.choices else { return [] }
    guard let values, let shown = choices.shown(values, format: definition.answer.format) else { return choices.texts }
    return shown
  }

  /// The choice form as the choice type it is graded as: its grading, notes, guessing score and
  /// tallies are that type's own, not copies of them.
  var choiceModel: (any QuestionTypeModel)? {
    guard let choices = definition.choices, let first = choices.right.first else { return nil }
    return choices.multiple
      ? MultipleChoice(options: options, answers: choices.right)
      : SingleChoice(options: options, answer: first, alsoRight: Array(choices.right.dropFirst()))
  }

  package var creditedAnswerCount: Int? { definition.choices.map(\.texts.count) ?? 1 }
  package var randomGuessScore: Double? { choiceModel?.randomGuessScore }
  package var choiceTally: (options: [String], right: Set<Int>, lettered: Bool)? { choiceModel?.choiceTally }

  /// The unit the answer is in, nil for a bare number.
  package var unit: MeasurementUnit? { definition.unit.flatMap { MeasurementUnit.named($0) } }

  /// The answer for the drawn values: its value, how it is shown and the responses accepted; nil
  /// before values are drawn or when the formula fails for them.
  package var result: CalculatedAnswerResult? {
    guard let values else { return nil }
    return try? definition.answer.evaluate(values.mapValues(\.value))
  }

  /// The drawn values as `m = 54.0, V = 20`, in the question's order: what a journal, report and
  /// export show beside the answer.
  package var valuesText: String? {
    guard let values else { return nil }
    return definition.names.compactMap { name in values[name].map { "\(name) = \($0.text)" } }
      .joined(separator: ", ")
  }

  package func grade(_ input: String, as shown: PresentedQuestion) -> AnswerOutcome {
    if let choiceModel { return choiceModel.grade(input, as: shown) }
    guard let result else {
      return .invalid(shown.messages.tr("this question's values could not be drawn; skip it (type s)"))
    }
    let (middle, halfWidth) = Self.gradedInterval(result, definition.answer.tolerance)
    let outcome = NumericGrading.grade(
      input, question: shown.question, answer: middle, unit: unit, tolerance: halfWidth,
      rules: NumericRules(quantity: definition.quantity), messages: shown.messages)
    guard case .graded(var feedback) = outcome else { return outcome }
    feedback.expected = result.shown + (unit.map { " \($0.symbol)" } ?? "")
    return .graded(feedback)
  }

  /// The middle and half-width a response is graded within: Moodle's interval without its 10⁻¹⁴
  /// (the numeric grader's own slack keeps the ends in), so the tolerance shown reads `±0.027`. A
  /// relative or nominal interval is centred on the answer; a geometric one (answer ÷ q to × q) is
  /// graded around its middle, the answer still shown as computed.
  static func gradedInterval(
    _ result: CalculatedAnswerResult, _ tolerance: AnswerTolerance
  ) -> (middle: Double, halfWidth: Double) {
    let amount = abs(tolerance.value)
    switch tolerance.kind {
    case .relative: return (result.value, abs(result.value) * amount)
    case .nominal: return (result.value, amount)
    case .geometric:
      let interval = result.accepted
      return ((interval.lowerBound + interval.upperBound) / 2, (interval.upperBound - interval.lowerBound) / 2)
    }
  }

  package func blankMessage(_ shown: PresentedQuestion) -> String {
    if let choiceModel { return choiceModel.blankMessage(shown) }
    return NumericGrading.expectation(unit: unit, messages: shown.messages)
  }

  package func answerNote(_ shown: PresentedQuestion) -> String? {
    if let choiceModel { return choiceModel.answerNote(shown) }
    guard let unit else { return nil }
    return shown.messages.tr("(a number in {unit}; the unit may be left out)", ["unit": unit.symbol])
  }

  package func response(to input: String, as shown: PresentedQuestion) -> QuestionResponse? {
    if let choiceModel { return choiceModel.response(to: input, as: shown) }
    guard let feedback = shown.grade(input).feedback else { return nil }
    return .text(feedback.given, right: feedback.isCorrect, fraction: feedback.fraction)
  }
}
