import Calculation
import Localization
package import PracticeJSON
package import QuizEngine

extension CalculatedDefinition {
  /// How many value sets `validate` draws per formula, and from which seed (fixed, so its report is
  /// the same on every run and machine).
  package static let sweepDraws = 1_000
  package static let sweepSeed: UInt64 = 33

  /// `validate`'s check of calculated question `question` before any learner meets it: each formula
  /// (the answer, the other answers or the choices, every `{=…}` of the prompt, explanation and hint) evaluated on
  /// ``sweepDraws`` drawn value sets. A formula failing for some set (division by zero, the square
  /// root of a negative number, a value too large) is an error placed at the operation that fails,
  /// naming the values; an answer that does not change with a variable the prompt shows is a
  /// warning, and so are two choices that show the same text for some values (a right choice
  /// that reads as a wrong one is unfair). A question that does not decode gives nothing here (its decoding reports it).
  ///
  /// ```swift
  /// CalculatedDefinition.sweepProblems(json).errors[0].message
  /// // "answer m / (V - 20) fails for 33 of 1000 drawn value sets, such as m = 54.0, V = 20: division by zero: 54 ÷ 0"
  /// ```
  package static func sweepProblems(_ question: JSONValue) -> (errors: [JSONProblem], warnings: [JSONProblem]) {
    guard let definition = decode(question).definition else { return ([], []) }
    var problems: [JSONProblem] = []
    var warnings: [JSONProblem] = []
    var generator = SeededRandomNumberGenerator(seed: sweepSeed)
    let variables = definition.variables.map { (name: $0.name, source: $0.source) }
    func sweep(_ formula: Formula, field: String, in value: JSONValue, start: Int) -> FormulaSweep {
      let sweep = FormulaSweep(formula: formula, variables: variables, draws: sweepDraws, using: &generator)
      if let failure = sweep.failures.first {
        let values = definition.names.compactMap { name in failure.values[name].map { "\(name) = \($0.messageText)" } }
        problems.append(
          formulaProblem(failure.error, in: value, formulaStart: start).with(
            .tr(
              "{field} {formula} fails for {count} of {draws} drawn value sets, such as {values}: {problem}",
              [
                "field": field, "formula": formula.text, "count": sweep.failureCount, "draws": sweep.draws,
                "values": values.joined(separator: ", "), "problem": failure.error.text,
              ])))
      }
      return sweep
    }
    if let choices = definition.choices, let items = question["choices"]?.array {
      // The choice form: every formula of every choice, and no two choices showing alike.
      for (index, item) in items.enumerated() where index < choices.texts.count {
        for embedded in CalculatedText.embeddedFormulas(in: choices.texts[index]) {
          guard let formula = try? Formula(embedded.formula, bareNames: Set(definition.names)) else { continue }
          _ = sweep(formula, field: "choices", in: item, start: embedded.formulaStart)
        }
      }
      if let warning = alikeChoicesWarning(definition, choices, items) { warnings.append(warning) }
    } else if let value = question["answer"] {
      let answerSweep = sweep(definition.answer.formula, field: "answer", in: value, start: 0)
      let prompt = question["prompt"]?.string ?? ""
      for name in answerSweep.ignoredVariables where prompt.contains("{\(name)}") {
        warnings.append(
          JSONProblem(
            .tr(
              "warning: the answer {formula} does not change with {name}, which the prompt shows; check the formula",
              ["formula": definition.answer.formula.text, "name": "{" + name + "}"]), at: value.offset))
      }
    }
    for (index, item) in (question["otherAnswers"]?.array ?? []).enumerated()
    where index < definition.otherAnswers.count {
      if let value = item["answer"] {
        _ = sweep(definition.otherAnswers[index].answer.formula, field: "otherAnswers", in: value, start: 0)
      }
    }
    let names = Set(definition.names)
    for field in ["prompt", "explanation", "hint"] {
      guard let value = question[field], let text = value.string else { continue }
      for embedded in CalculatedText.embeddedFormulas(in: text) {
        guard let formula = try? Formula(embedded.formula, bareNames: names) else { continue }
        _ = sweep(formula, field: field, in: value, start: embedded.formulaStart)
      }
    }
    return (problems, warnings)
  }
}
