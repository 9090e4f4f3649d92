package import Calculation

/// The choice form of a calculated question (Moodle's calculatedmulti): choices whose texts show
/// values computed from the drawn variables (`{=m/V} g/cm³`), one or several of them right. The
/// question is still `calculated` (its values are drawn, recorded and shown as any calculated
/// question's); only its answer is chosen instead of typed, and graded as `single` or `multiple`.
///
/// ```swift
/// let choices = CalculatedChoices(texts: ["{=m/V} g/cm³", "{=V/m} g/cm³"], right: [0], multiple: false)
/// choices.shown(["m": DrawnValue(54), "V": DrawnValue(20)], format: CorrectAnswerFormat(.decimals, 2))
/// // ["2.70 g/cm³", "0.37 g/cm³"]
/// ```
package struct CalculatedChoices: Equatable, Sendable {
  /// As written, with `{=…}` formulas and `{name}` variables; in course order.
  package var texts: [String]
  /// The right choices' indices, ascending: a single-choice question's first is its answer, the
  /// others right as well (Moodle's several answers of full credit).
  package var right: [Int]
  /// Several choices may be chosen (Moodle's `<single>0</single>`), graded as `multiple`.
  package var multiple: Bool

  package init(texts: [String], right: [Int], multiple: Bool) {
    self.texts = texts
    self.right = right
    self.multiple = multiple
  }

  /// The texts with `values` shown, each `{=…}` in `format` (Moodle formats a choice's values with
  /// its answer format); nil when a formula cannot be computed for them.
  package func shown(_ values: [String: DrawnValue], format: CorrectAnswerFormat) -> [String]? {
    var shown: [String] = []
    for text in texts {
      guard let rendered = try? CalculatedText.render(text, values: values, format: format) else { return nil }
      shown.append(rendered)
    }
    return shown
  }

  /// The formula a calculated question's ``CalculatedDefinition/answer`` holds in the choice form:
  /// the first `{=…}` of a right choice (else of any), so that an explanation's `{=…}` equal to it is
  /// written as the right choice shows it; nil when no choice computes anything.
  package func answerFormula(names: Set<String>) -> Formula? {
    let ordered = right + texts.indices.filter { !right.contains($0) }
    for index in ordered where texts.indices.contains(index) {
      for embedded in CalculatedText.embeddedFormulas(in: texts[index]) {
        if let formula = try? Formula(embedded.formula, bareNames: names) { return formula }
      }
    }
    return nil
  }
}

extension CalculatedDefinition {
  /// A calculated question answered by choosing (``CalculatedChoices``): its values shown in `format`;
  /// nil when no choice shows a computed value (that is a `single` or `multiple` question).
  package init?(
    variables: [CalculatedVariable], choices: CalculatedChoices, format: CorrectAnswerFormat,
    storedSets: [[String: DrawnValue]] = []
  ) {
    guard let formula = choices.answerFormula(names: Set(variables.map(\.name))) else { return nil }
    self.init(
      variables: variables,
      answer: CalculatedAnswer(formula: formula, tolerance: AnswerTolerance(.relative, 0.01), format: format),
      storedSets: storedSets)
    self.choices = choices
  }
}
