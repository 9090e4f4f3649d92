import Calculation
import Localization
import PracticeJSON
import QuizEngine

extension CalculatedFieldsReader {
  /// The choice form of a calculated question (Moodle's calculatedmulti): `choices`, texts showing
  /// computed values (`{=m/V} g/cm³`), with `answer` (an index, or several: one is chosen) or
  /// `answers` (indices: every right one is chosen), as `single` and `multiple` write them; the
  /// values are shown with `decimals` or `significantFigures` (2 decimals by default). `fractions`
  /// and `feedback` are read with every question's (one per choice).
  ///
  /// ```json
  /// {"type": "calculated", "prompt": "m = {m} g, V = {V} cm³. ρ?", "variables": {…},
  ///  "choices": ["{=m/V} g/cm³", "{=V/m} g/cm³", "{=m*V} g/cm³"], "answer": 0}
  /// ```
  mutating func readChoiceForm() -> CalculatedDefinition? {
    let variables = readVariables()
    let names = Set(question["variables"]?.members?.map(\.key) ?? [])
    // What only a typed answer has would be silently unused here.
    for field in ["tolerance", "toleranceKind", "unit", "otherAnswers"] {
      if let value = question.present(field) {
        report(
          value.problem(
            .tr(
              "\"{field}\" has no use in a calculated question with \"choices\" (the choice made is graded); remove it",
              ["field": field])))
      }
    }
    let format = readFormat()
    let texts = readChoices(names: names)
    readTexts(names: names)
    let right = readRight(count: texts?.count)
    let sets = readSets(names: variables.map(\.name))
    guard problems.isEmpty, !variables.isEmpty, let texts, let right, let format else { return nil }
    let choices = CalculatedChoices(texts: texts, right: right.indices, multiple: right.multiple)
    guard
      let definition = CalculatedDefinition(
        variables: variables, choices: choices, format: format, storedSets: sets)
    else {
      report(
        question["choices"]!.problem(
          .tr(
            "no choice shows a computed value such as {example}; without one, make it a single or multiple question",
            ["example": "{=m/V}"])))
      return nil
    }
    return definition
  }

  /// `choices`: 2 or more texts, no two alike as written; their `{=…}` read as formulas of `names`.
  mutating func readChoices(names: Set<String>) -> [String]? {
    let value = question["choices"]!
    let shape: Message = .tr(
      "\"choices\" must be an array of 2 or more texts, each a choice that may show computed values as {example}",
      ["example": "\"{=m/V} g/cm³\""])
    guard let items = value.array, items.count >= 2 else {
      report(value.problem(shape))
      return nil
    }
    var texts: [String] = []
    for (index, item) in items.enumerated() {
      guard let text = item.string, !AnswerText.isBlank(text) else {
        report(item.problem(shape))
        return nil
      }
      if let first = texts.firstIndex(of: text) {
        report(
          item.problem(.tr("choice {index} is written as choice {first} is", ["index": index, "first": first])))
      }
      for embedded in CalculatedText.embeddedFormulas(in: text) {
        _ = readFormula(item, field: "choices", names: names, embedded: embedded)
      }
      texts.append(text)
    }
    return texts
  }

  /// The right choices: `answer` (one index, or an array of them, any one right) or `answers` (an
  /// array: all of them to be chosen).
  mutating func readRight(count: Int?) -> (indices: [Int], multiple: Bool)? {
    let single = question.present("answer")
    let multiple = question.present("answers")
    if single != nil, let multiple {
      report(multiple.problem(.tr("use \"answer\" (one choice is chosen) or \"answers\" (several), not both")))
      return nil
    }
    guard let given = single ?? multiple else {
      report(
        question.problem(
          .tr(
            "a calculated question with \"choices\" needs \"answer\" (the 0-based index of the right choice) or \"answers\" (several)"
          )))
      return nil
    }
    let elements = given.array ?? (multiple == nil ? [given] : [])
    if elements.isEmpty {
      report(given.problem(.tr("\"answers\" must list at least one option index")))
      return nil
    }
    var indices: [Int] = []
    for element in elements {
      guard let index = element.int, index >= 0, index < (count ?? Int.max) else {
        report(
          element.problem(
            .tr(
              "a right choice must be a 0-based index of \"choices\" (0 to {last}), found {found}",
              ["last": (count ?? 1) - 1, "found": element.int.map { String($0) as Any } ?? element.typeName as Any])))
        return nil
      }
      if indices.contains(index) {
        report(element.problem(.tr("answer {index} is listed twice", ["index": index])))
        return nil
      }
      indices.append(index)
    }
    // A single choice's first index is its answer, the others right as well (as `single` keeps them).
    return (multiple == nil ? indices : indices.sorted(), multiple != nil)
  }
}
