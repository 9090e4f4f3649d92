import Calculation

extension CalculatedQuestion {
  /// The drawn values as shown (`("m", "54.0")`), in the question's order: what the journal records
  /// with an answer or skip; nil before values are drawn.
  package var shownValues: [(name: String, text: String)]? {
    guard let values else { return nil }
    return definition.names.compactMap { name in values[name].map { (name, $0.text) } }
  }

  /// The question with values recorded for an earlier attempt (`[("m", "54.0")]`, as shown), so
  /// ``result`` is the answer that attempt was graded against; nil when a text is not a number or
  /// a variable of the question is missing (the course changed since).
  package func recalled(_ shown: [(name: String, text: String)]) -> CalculatedQuestion? {
    var values: [String: DrawnValue] = [:]
    for (name, text) in shown {
      guard let value = Double(text), value.isFinite else { return nil }
      values[name] = DrawnValue(value: value, text: text)
    }
    for name in definition.names where values[name] == nil { return nil }
    return CalculatedQuestion(definition: definition, values: values)
  }

  /// `text` (a prompt as the course writes it, `{m}` where a value goes) with the drawn values, as
  /// the session showed it; nil before values are drawn or when a `{=…}` in it fails for them.
  package func shown(_ text: String) -> String? {
    guard let values else { return nil }
    return try? CalculatedText.render(text, values: values)
  }

  /// The answer for the drawn values as feedback shows it, with its unit (`27 ℃`); for the choice
  /// form, the right choices' texts with the values (`2.7 g/cm³`); nil before values are drawn or
  /// when a formula fails for them.
  package var shownAnswer: String? {
    if let choices = definition.choices {
      guard let values, let shown = choices.shown(values, format: definition.answer.format) else { return nil }
      let right = choices.right.filter { shown.indices.contains($0) }.map { shown[$0] }
      return right.isEmpty ? nil : right.joined(separator: "; ")
    }
    guard let result else { return nil }
    return result.shown + (unit.map { " \($0.symbol)" } ?? "")
  }
}

extension Question {
  /// A calculated question's choice form: the choices `given` chose in an attempt that showed
  /// `values` (`[("m", "71.2")]`, as shown) and its choices in `optionOrder` (course indices, as
  /// shown: A first), each shown with the values (`["1.87 g/cm³"]`), in the course's order. `given`
  /// is read as the session read it (letters, numbers or the choices' texts). Nil for another
  /// question, when the values or the order no longer fit the question, or when it chooses none.
  package func calculatedChoices(
    chosenBy given: String, values: [(name: String, text: String)], optionOrder: [Int]
  ) -> [String]? {
    guard case .calculated(let calculated) = kind, let choices = calculated.definition.choices,
      let recalled = calculated.recalled(values), let drawnValues = recalled.values,
      let texts = choices.shown(drawnValues, format: calculated.definition.answer.format),
      optionOrder.sorted() == Array(texts.indices)
    else { return nil }
    var drawn = self
    drawn.kind = .calculated(recalled)
    let shown = PresentedQuestion(drawn, optionOrder: optionOrder)
    guard case .options(let chosen)? = QuestionResponse.read(given, question: shown), !chosen.isEmpty else {
      return nil
    }
    return chosen.map { texts[$0] }
  }
}
