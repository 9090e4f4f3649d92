package import Calculation

/// What a calculated question is made of, apart from its texts: the variables drawn for each
/// attempt, the answer formula with its tolerance and format, further answers, and the unit.
///
/// ```swift
/// let values = definition.draw(using: &generator)        // ["m": 54.0 shown "54.0", "V": 20 shown "20"]
/// let result = try definition.answer.evaluate(values.mapValues(\.value))
/// result.shown                                           // "2.70"
/// ```
package struct CalculatedDefinition: Equatable, Sendable {
  /// In the order the question declares them: each is drawn in this order, so a seed replays them.
  package var variables: [CalculatedVariable]
  package var answer: CalculatedAnswer
  package var otherAnswers: [CalculatedOtherAnswer]
  /// The unit the formula's value is in (`g/cm³`); a response may use any unit of the same quantity.
  package var unit: String?
  /// What the answer measures when it is not its unit's own quantity: a temperature difference in ℃,
  /// so that `27 K` is 27 ℃ of change, not −246 ℃ (as `numeric`'s `quantity`).
  package var quantity: Quantity?
  /// Value sets a bank stored (Moodle's dataset items, set by set): when there are any, an attempt
  /// shows one of them, all its values together, instead of drawing from the ranges.
  package var storedSets: [[String: DrawnValue]]
  /// The choice form (Moodle's calculatedmulti): choices showing computed values, chosen instead
  /// of a typed answer; nil for a typed answer. `answer` then holds a right choice's formula.
  package var choices: CalculatedChoices?
  /// The name questions whose stored sets are synchronised share (Moodle's synchronised shared
  /// datasets, named by their category): they show the same stored set together. Nil: the question's
  /// sets are its own.
  package var synchronised: String?

  package init(
    variables: [CalculatedVariable], answer: CalculatedAnswer, otherAnswers: [CalculatedOtherAnswer] = [],
    unit: String? = nil, quantity: Quantity? = nil, storedSets: [[String: DrawnValue]] = []
  ) {
    self.quantity = quantity
    self.variables = variables
    self.answer = answer
    self.otherAnswers = otherAnswers
    self.unit = unit
    self.storedSets = storedSets
  }

  /// The variables' names, in order.
  package var names: [String] { variables.map(\.name) }

  /// One value for each variable, drawn in order from `generator`; or one of the stored sets, any
  /// one (what `validate`'s sweeps try; a learner's attempt takes ``draw(forAttempt:key:using:)``).
  package func draw(using generator: inout some RandomNumberGenerator) -> [String: DrawnValue] {
    if !storedSets.isEmpty { return storedSets[Int(generator.next() % UInt64(storedSets.count))] }
    var values: [String: DrawnValue] = [:]
    for variable in variables { values[variable.name] = variable.source.draw(using: &generator) }
    return values
  }

  /// The values of a learner's attempt `attempt` (0 for their first) at the question: the stored set
  /// Moodle would show (``StoredItemCycle``: a start set by `key`, then the next set each attempt, none
  /// again until all were shown), or, without stored sets, values drawn from `generator`.
  ///
  /// ```swift
  /// let key = definition.storedSetKey(learner: "ann", questionID: "rho-1")
  /// (0..<5).map { definition.draw(forAttempt: $0, key: key, using: &generator) }   // 5 sets, each once
  /// ```
  package func draw(
    forAttempt attempt: Int, key: String, using generator: inout some RandomNumberGenerator
  ) -> [String: DrawnValue] {
    guard !storedSets.isEmpty else { return draw(using: &generator) }
    return storedSets[StoredItemCycle(count: storedSets.count, key: key).item(forAttempt: attempt)]
  }

  /// The key of ``draw(forAttempt:key:using:)``'s cycle: the learner and the question, or the learner
  /// and the synchronised name the question shares with others (so they show the same set together).
  package func storedSetKey(learner: String, questionID: String) -> String {
    learner + "\u{1F}" + (synchronised.map { "synchronised:" + $0 } ?? "question:" + questionID)
  }
}
