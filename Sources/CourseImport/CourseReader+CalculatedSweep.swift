import Calculation
import CourseOutline
package import Localization
import QuizEngine

extension CourseReader {
  /// `validate`'s sweep of a bank's calculated questions (Moodle XML calculated, calculatedsimple,
  /// calculatedmulti), as a native course's are swept (``CourseLoader/calculatedProblems(path:)``):
  /// each formula evaluated on every stored value set the bank shows learners, and on
  /// ``CalculatedDefinition/sweepDraws`` sets drawn from its ranges; a failure (a division by zero for
  /// `V = 20`) is an error at the question, naming the values. Loading does not do this (a thousand
  /// evaluations per formula at every start); a learner never meets a failing set (the next one is
  /// shown), so without this the teacher would never learn of it. Nothing for a JSON course.
  ///
  /// ```swift
  /// CourseReader().calculatedProblems(path: "bank.xml")[0].description
  /// // bank.xml:14:3: question "rho-1": answer {m}/({V}-20) fails for 1 of 3 drawn value sets, such as m = 54, V = 20: …
  /// ```
  package func calculatedProblems(path: String) -> [ImportProblem] {
    guard let file = try? loader.resolve(path), let bytes = try? loader.read(file) else { return [] }
    let format = Self.format(path: file, bytes: bytes)
    guard format != .json else { return [] }
    var problems: [ImportProblem] = []
    _ = items(format: format, bytes: bytes, file: file) { item in
      guard case .question(let question) = item.content, case .calculated(let calculated) = question.kind else {
        return
      }
      for failure in Self.sweepFailures(calculated.definition) {
        problems.append(
          ImportProblem(
            .error, file: file, line: item.line, column: item.column,
            text: .tr("question \"{id}\": {problem}", ["id": question.id, "problem": failure])))
      }
    }
    return problems
  }

  /// Each formula of `definition` that fails for some value set, worded as the native sweep words it.
  static func sweepFailures(_ definition: CalculatedDefinition) -> [Message] {
    let names = Set(definition.names)
    var formulas: [(field: String, formula: Formula)] = []
    if let choices = definition.choices {
      for text in choices.texts {
        for embedded in CalculatedText.embeddedFormulas(in: text) {
          if let formula = try? Formula(embedded.formula, bareNames: names) { formulas.append(("choices", formula)) }
        }
      }
    } else {
      formulas.append(("answer", definition.answer.formula))
    }
    formulas += definition.otherAnswers.map { ("otherAnswers", $0.answer.formula) }
    var generator = SeededRandomNumberGenerator(seed: CalculatedDefinition.sweepSeed)
    let variables = definition.variables.map { (name: $0.name, source: $0.source) }
    var found: [Message] = []
    for (field, formula) in formulas {
      // The stored sets are what learners are shown: each one, exactly; else draws from the ranges.
      var failures: [FormulaFailure] = []
      var draws = definition.storedSets.count
      for set in definition.storedSets {
        do {
          _ = try formula.evaluate(set.mapValues(\.value))
        } catch {
          failures.append(FormulaFailure(values: set, error: error))
        }
      }
      var count = failures.count
      if definition.storedSets.isEmpty {
        let sweep = FormulaSweep(
          formula: formula, variables: variables, draws: CalculatedDefinition.sweepDraws, using: &generator)
        (failures, count, draws) = (sweep.failures, sweep.failureCount, sweep.draws)
      }
      guard let failure = failures.first else { continue }
      let values = definition.names.compactMap { name in failure.values[name].map { "\(name) = \($0.messageText)" } }
      found.append(
        .tr(
          "{field} {formula} fails for {count} of {draws} drawn value sets, such as {values}: {problem}",
          [
            "field": field, "formula": formula.text, "count": count, "draws": draws,
            "values": values.joined(separator: ", "), "problem": failure.error.text,
          ]))
    }
    return found
  }
}
