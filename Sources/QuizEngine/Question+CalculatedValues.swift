import Calculation

extension Question {
  /// How many draws a session tries for values every formula of the question can be computed with,
  /// before it keeps the last (a question `validate` passes never needs a second).
  static let valueDrawAttempts = 20

  /// This question for one attempt: a calculated question with its values drawn from `seed` (the
  /// same seed, the same values: a resumed session shows what it showed) and its prompt, hint and
  /// explanation showing them; any other question as it is.
  ///
  /// - Parameter attempt: how many times `learner` met the question before (0 the first time): stored
  ///   sets are shown as Moodle shows them, the next one each attempt
  ///   (``CalculatedDefinition/draw(forAttempt:key:using:)``). Values drawn from ranges come from
  ///   `seed` alone: each session has its own seed (`--seed` gives each session of a run the next one).
  package func drawingValues(seed: UInt64, attempt: Int = 0, learner: String = "") -> Question {
    guard case .calculated(var calculated) = kind, calculated.values == nil else { return self }
    var generator = SeededRandomNumberGenerator(seed: seed)
    let key = calculated.definition.storedSetKey(learner: learner, questionID: id)
    var values = calculated.definition.draw(forAttempt: attempt, key: key, using: &generator)
    var texts = render(values, calculated.definition)
    // A stored set a formula fails for gives way to the next one, as a failing draw to another.
    for retry in 1..<Self.valueDrawAttempts where texts == nil {
      values = calculated.definition.draw(forAttempt: attempt + retry, key: key, using: &generator)
      texts = render(values, calculated.definition)
    }
    var drawn = self
    calculated.values = values
    drawn.kind = .calculated(calculated)
    if let texts {
      drawn.prompt = texts.prompt
      drawn.explanation = texts.explanation
      drawn.hint = texts.hint
    }
    // The other answers, as numbers for these values: graded as a numeric question's are.
    let numbers = values.mapValues(\.value)
    var credit = drawn.credit
    credit.otherAnswers = calculated.definition.otherAnswers.compactMap { other in
      guard let result = try? other.answer.evaluate(numbers) else { return nil }
      let (middle, halfWidth) = CalculatedQuestion.gradedInterval(result, other.answer.tolerance)
      return AnswerCredit.OtherAnswer(
        text: "", fraction: other.fraction, feedback: other.feedback ?? "", value: middle, tolerance: halfWidth)
    }
    drawn.credit = credit
    return drawn
  }

  /// The texts with `values` shown, nil when the answer or a text's `{=…}` cannot be computed for them.
  private func render(
    _ values: [String: DrawnValue], _ definition: CalculatedDefinition
  ) -> (prompt: String, explanation: String, hint: String?)? {
    guard let answer = try? definition.answer.evaluate(values.mapValues(\.value)) else { return nil }
    // The choice form's choices are shown from the values (CalculatedQuestion.options): they too must compute.
    if let choices = definition.choices, choices.shown(values, format: definition.answer.format) == nil { return nil }
    // The explanation shows the answer as the answer is shown (`{=m/V}` with its decimals), its
    // steps as computed (`{=V2 - V1}` is 23, not 23.00).
    let format = definition.answer.format
    func formatting(_ value: Double) -> CorrectAnswerFormat? {
      abs(value - answer.value) <= 1e-12 * max(abs(answer.value), 1e-300) ? format : nil
    }
    do {
      return (
        try CalculatedText.render(prompt, values: values),
        try CalculatedText.render(explanation, values: values, formatting: formatting),
        try hint.map { try CalculatedText.render($0, values: values) }
      )
    } catch {
      return nil
    }
  }
}
