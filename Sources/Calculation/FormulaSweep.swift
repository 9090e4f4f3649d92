/// A formula tried on many drawn value sets, as `validate` checks a calculated question before any
/// learner meets it: the draws it fails on, and the variables its value never changes with (a
/// question that shows `{V}` but whose answer ignores it is a mistake, or a trick no grade-8 learner expects).
///
/// ```swift
/// let sweep = FormulaSweep(formula: try Formula("{m} / ({V} - 20)"), variables: [("m", mass), ("V", volume)],
///                          draws: 1000, using: &generator)
/// sweep.failureCount        // draws where V was exactly 20
/// sweep.failures.first      // the first such draw's values and its division by zero
/// sweep.ignoredVariables    // []
/// ```
package struct FormulaSweep: Equatable, Sendable {
  /// How many failing draws are kept in ``failures``; the rest are only counted.
  package static let keptFailures = 10

  /// The first failing draws, in the order drawn.
  package private(set) var failures: [FormulaFailure] = []
  /// How many of the draws failed.
  package private(set) var failureCount = 0
  /// How many value sets were drawn.
  package let draws: Int
  /// The given variables whose value never changed the formula's, in the order given: those the formula
  /// does not use, and those it uses to no effect (`{a} - {a}`).
  package private(set) var ignoredVariables: [String] = []

  /// Draws `draws` value sets from `variables` (each drawn in the order given, so a seed replays them)
  /// and evaluates `formula` on each; for each variable it uses, one more draw of that variable alone
  /// shows whether the value moves with it.
  package init(
    formula: Formula, variables: [(name: String, source: VariableSource)], draws: Int,
    using generator: inout some RandomNumberGenerator
  ) {
    self.draws = draws
    let used = Set(formula.variables)
    var moves = Set<String>()
    for _ in 0..<draws {
      var drawn: [String: DrawnValue] = [:]
      for variable in variables { drawn[variable.name] = variable.source.draw(using: &generator) }
      let result: Double
      do {
        result = try formula.evaluate(drawn.mapValues(\.value))
      } catch {
        failureCount += 1
        if failures.count < Self.keptFailures { failures.append(FormulaFailure(values: drawn, error: error)) }
        continue
      }
      for variable in variables where used.contains(variable.name) && !moves.contains(variable.name) {
        var other = drawn
        other[variable.name] = variable.source.draw(using: &generator)
        guard other[variable.name] != drawn[variable.name],
          let changed = try? formula.evaluate(other.mapValues(\.value))
        else { continue }
        if changed != result { moves.insert(variable.name) }
      }
    }
    // With no successful draw nothing is known about dependence: say nothing rather than everything.
    if failureCount < draws {
      ignoredVariables = variables.map(\.name).filter { !moves.contains($0) }
    }
  }
}
