import Calculation
package import Localization
package import PracticeJSON
package import QuizEngine

extension CalculatedDefinition {
  /// The members of a `calculated` question this reads, beside the fields every question has.
  package static let fields = [
    "variables", "answer", "tolerance", "toleranceKind", "decimals", "significantFigures", "unit", "quantity",
    "otherAnswers",
    "sets", "choices", "answers", "fractions", "feedback", "synchronised",
  ]

  /// The calculated parts of question object `question`, reporting every problem found; `definition` is
  /// nil exactly when `problems` is not empty. Problems do not name the question (its decoder does).
  ///
  /// ```json
  /// {"type": "calculated", "prompt": "m = {m} g, V = {V} cm³. ρ?",
  ///  "variables": {"m": {"min": 20, "max": 80, "decimals": 1}, "V": {"values": [10, 20, 25]}},
  ///  "answer": "m / V", "decimals": 2, "unit": "g/cm³"}
  /// ```
  ///
  /// A formula may write the declared variables bare (`m / V`) or in braces (`{m} / {V}`). With no
  /// `tolerance` an answer within 1 % is right (Moodle's default); a `tolerance` alone is an amount in the
  /// unit (as a numeric question's), and `toleranceKind` (`relative`, `nominal`, `geometric`) says otherwise.
  /// The correct answer is shown with 2 decimals unless `decimals` or `significantFigures` says otherwise.
  package static func decode(_ question: JSONValue) -> (definition: CalculatedDefinition?, problems: [JSONProblem]) {
    var reader = CalculatedFieldsReader(question: question)
    var definition = reader.read()
    // `synchronised`: a name questions share to show the same stored set together (Moodle's synchronised datasets).
    if let value = question.present("synchronised") {
      if let name = value.string {
        definition?.synchronised = name
      } else {
        reader.report(
          value.problem(
            .tr("\"{field}\" must be a string, found {found}", ["field": "synchronised", "found": value.typeName])))
      }
    }
    return (reader.problems.isEmpty ? definition : nil, reader.problems)
  }

  /// The problem for `error` in the formula held by string `value` (its text from `start`, in characters),
  /// placed at the character at fault: the string's offset, its quote, then the characters before.
  static func formulaProblem(_ error: FormulaError, in value: JSONValue, formulaStart start: Int = 0) -> JSONProblem {
    let text = value.string ?? ""
    let before = text.prefix(start + error.range.lowerBound)
    return JSONProblem(error.text, at: value.offset + 1 + before.utf8.count)
  }
}

/// Reads the calculated members of one question object, collecting problems as it goes.
struct CalculatedFieldsReader {
  let question: JSONValue
  var problems: [JSONProblem] = []

  init(question: JSONValue) { self.question = question }

  mutating func report(_ problem: JSONProblem) { problems.append(problem) }

  mutating func read() -> CalculatedDefinition? {
    if question.present("choices") != nil { return readChoiceForm() }
    // A choice's fields without choices: a typed answer's credit is `otherAnswers`.
    for field in ["answers", "fractions", "feedback"] {
      if let value = question.present(field) {
        report(
          value.problem(
            .tr(
              "\"{field}\" is for a calculated question with \"choices\"; a typed answer has \"answer\" and \"otherAnswers\"",
              ["field": field])))
      }
    }
    let variables = readVariables()
    // Every name declared, read or not: a variable whose range is wrong is reported once, not again
    // at each formula that uses it.
    let names = Set(question["variables"]?.members?.map(\.key) ?? [])
    let tolerance = readTolerance()
    let format = readFormat()
    let unit = readUnit()
    var answer: CalculatedAnswer?
    if let value = question.present("answer") {
      if let formula = readFormula(value, field: "answer", names: names), let tolerance, let format {
        answer = CalculatedAnswer(formula: formula, tolerance: tolerance, format: format)
      }
    } else {
      report(question.problem(.tr("a calculated question needs \"answer\", the formula of its answer")))
    }
    var others: [CalculatedOtherAnswer] = []
    if let list = question.present("otherAnswers") {
      for item in list.array ?? [] {
        guard let formulaValue = item["answer"], item["answer"]?.string != nil,
          let fraction = item["fraction"]?.double, (0...1).contains(fraction),
          item["feedback"].map({ $0.string != nil || $0.isNull }) ?? true
        else {
          report(
            item.problem(
              .tr(
                "each of \"otherAnswers\" must be an object with \"answer\" (a formula), \"fraction\" (0 to 1) and an optional \"feedback\" (text)"
              )))
          continue
        }
        if let formula = readFormula(formulaValue, field: "otherAnswers", names: names), let tolerance, let format {
          others.append(
            CalculatedOtherAnswer(
              answer: CalculatedAnswer(formula: formula, tolerance: tolerance, format: format), fraction: fraction,
              feedback: item["feedback"]?.string))
        }
      }
      if list.array == nil { report(list.problem(.tr("\"otherAnswers\" must be an array"))) }
    }
    readTexts(names: names)
    let sets = readSets(names: variables.map(\.name))
    guard problems.isEmpty, !variables.isEmpty, let answer else { return nil }
    let quantity = readQuantity(unit: unit)
    guard problems.isEmpty else { return nil }
    return CalculatedDefinition(
      variables: variables, answer: answer, otherAnswers: others, unit: unit, quantity: quantity, storedSets: sets)
  }

  /// Values shown in texts, `{=m/V}`, must read as formulas of the same variables.
  mutating func readTexts(names: Set<String>) {
    for field in ["prompt", "explanation", "hint"] {
      guard let value = question.present(field), let text = value.string else { continue }
      for embedded in CalculatedText.embeddedFormulas(in: text) {
        _ = readFormula(value, field: field, names: names, embedded: embedded)
      }
    }
  }

  /// `sets`: stored value sets (a Moodle bank's dataset items), each an object giving every variable a
  /// number (or a number's text, `"2.50"`, kept as shown).
  mutating func readSets(names: [String]) -> [[String: DrawnValue]] {
    guard let value = question.present("sets") else { return [] }
    let shape: Message = .tr(
      "\"sets\" must be an array of objects giving each variable a number, as {example}",
      ["example": #"[{"m": 54, "V": 20}]"#])
    guard let items = value.array else {
      report(value.problem(shape))
      return []
    }
    var sets: [[String: DrawnValue]] = []
    for item in items {
      var set: [String: DrawnValue] = [:]
      for name in names {
        if let number = item[name]?.double {
          set[name] = DrawnValue(number)
        } else if let text = item[name]?.string, let number = Double(text) {
          set[name] = DrawnValue(value: number, text: text)
        }
      }
      guard set.count == names.count, item.members?.count == names.count else {
        report(item.problem(shape))
        return []
      }
      sets.append(set)
    }
    return sets
  }

  /// A formula in string `value` (or the `{=…}` `embedded` in it), its variables among `names`.
  mutating func readFormula(
    _ value: JSONValue, field: String, names: Set<String>, embedded: EmbeddedFormula? = nil
  ) -> Formula? {
    guard let text = embedded?.formula ?? value.string else {
      report(
        value.problem(.tr("\"{field}\" must be a formula, found {found}", ["field": field, "found": value.typeName])))
      return nil
    }
    let start = embedded?.formulaStart ?? 0
    do {
      let formula = try Formula(text, bareNames: names)
      for name in formula.variables where !names.contains(name) {
        let braced = Array("{" + name + "}")
        let characters = Array(text)
        let at = characters.indices.first { characters[$0...].starts(with: braced) } ?? 0
        let problem = CalculatedDefinition.formulaProblem(
          FormulaError(.unknownVariable(name), at: at..<at), in: value, formulaStart: start)
        report(
          problem.with(
            .tr(
              "\"{field}\" uses {name}, which is not one of \"variables\"", ["field": field, "name": "{" + name + "}"]))
        )
      }
      return formula
    } catch {
      report(
        CalculatedDefinition.formulaProblem(error, in: value, formulaStart: start).with(
          .tr(
            "\"{field}\": the formula {formula} cannot be read: {problem}",
            ["field": field, "formula": text, "problem": error.text])))
      return nil
    }
  }

  mutating func readVariables() -> [CalculatedVariable] {
    guard let value = question.present("variables") else {
      report(question.problem(.tr("a calculated question needs \"variables\", the values drawn for each attempt")))
      return []
    }
    guard let members = value.members, !members.isEmpty else {
      report(
        value.problem(
          .tr(
            "\"variables\" must be an object naming at least one variable, as {example}",
            ["example": #"{"m": {"min": 20, "max": 80}}"#])))
      return []
    }
    var variables: [CalculatedVariable] = []
    for member in members {
      guard Self.isName(member.key) else {
        report(
          JSONProblem(
            .tr(
              "variable name \"{name}\": a name starts with a letter and holds only letters, digits and _",
              ["name": member.key]), at: member.keyOffset))
        continue
      }
      if let source = readSource(member.value, name: member.key) {
        variables.append(CalculatedVariable(name: member.key, source: source))
      }
    }
    return variables
  }

  /// A letter, then letters, digits and `_`: a name a formula can write bare and Moodle in braces.
  static func isName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.properties.isAlphabetic else { return false }
    return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
  }

  mutating func readSource(_ value: JSONValue, name: String) -> VariableSource? {
    let shape: Message = .tr(
      "variable {name} must be an object with \"min\", \"max\" and optional \"decimals\" and \"distribution\", or with \"values\" (a list of numbers)",
      ["name": name])
    guard value.members != nil else {
      report(value.problem(shape))
      return nil
    }
    if let list = value.present("values") {
      var values: [DrawnValue] = []
      for item in list.array ?? [] {
        if let number = item.double {
          values.append(DrawnValue(number))
        } else if let text = item.string, let number = Double(text) {
          values.append(DrawnValue(value: number, text: text))
        } else {
          report(item.problem(.tr("variable {name}: each of \"values\" must be a number", ["name": name])))
          return nil
        }
      }
      guard !values.isEmpty else {
        report(list.problem(shape))
        return nil
      }
      return .list(values)
    }
    guard let minimum = value["min"]?.double, let maximum = value["max"]?.double else {
      report(value.problem(shape))
      return nil
    }
    var decimals = 0
    if let given = value.present("decimals") {
      guard let whole = given.int else {
        report(given.problem(.tr("variable {name}: \"decimals\" must be a whole number", ["name": name])))
        return nil
      }
      decimals = whole
    }
    var distribution = ValueDistribution.uniform
    if let given = value.present("distribution") {
      guard let named = given.string.flatMap(ValueDistribution.init(rawValue:)) else {
        report(
          given.problem(
            .tr("variable {name}: \"distribution\" must be \"uniform\" or \"loguniform\"", ["name": name])))
        return nil
      }
      distribution = named
    }
    do {
      return .range(try ValueRange(minimum: minimum, maximum: maximum, decimals: decimals, distribution: distribution))
    } catch {
      report(value.problem(.tr("variable {name}: {problem}", ["name": name, "problem": error.text])))
      return nil
    }
  }

  mutating func readTolerance() -> AnswerTolerance? {
    var kind: ToleranceKind?
    if let value = question.present("toleranceKind") {
      let kinds: [String: ToleranceKind] = ["relative": .relative, "nominal": .nominal, "geometric": .geometric]
      guard let named = value.string.flatMap({ kinds[$0] }) else {
        report(value.problem(.tr("\"toleranceKind\" must be \"relative\", \"nominal\" or \"geometric\"")))
        return nil
      }
      kind = named
    }
    guard let value = question.present("tolerance") else {
      return AnswerTolerance(kind ?? .relative, 0.01)
    }
    guard let amount = value.double, amount >= 0, amount.isFinite else {
      report(value.problem(.tr("\"tolerance\" must be a number 0 or above, found {found}", ["found": value.typeName])))
      return nil
    }
    return AnswerTolerance(kind ?? .nominal, amount)
  }

  mutating func readFormat() -> CorrectAnswerFormat? {
    let decimals = question.present("decimals")
    let figures = question.present("significantFigures")
    if decimals != nil, let figures {
      report(figures.problem(.tr("use \"decimals\" or \"significantFigures\", not both")))
      return nil
    }
    guard
      let (value, style) = decimals.map({ ($0, CorrectAnswerFormat.Style.decimals) })
        ?? figures.map({ ($0, .significantFigures) })
    else { return CorrectAnswerFormat(.decimals, 2) }
    let least = style == .decimals ? 0 : 1
    guard let length = value.int, (least...ValueRange.maximumDecimals).contains(length) else {
      report(
        value.problem(
          .tr(
            "\"{field}\" must be a whole number from {least} to {most}",
            [
              "field": style == .decimals ? "decimals" : "significantFigures", "least": least,
              "most": ValueRange.maximumDecimals,
            ])))
      return nil
    }
    return CorrectAnswerFormat(style, length)
  }

  /// `quantity`, as `numeric` reads it: a temperature difference on a `℃` or `K` answer.
  mutating func readQuantity(unit: String?) -> Quantity? {
    guard let value = question.present("quantity") else { return nil }
    guard let name = value.string, let quantity = Quantity(rawValue: name) else {
      let names = Quantity.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      report(
        value.problem(
          .tr(
            "unknown quantity \"{quantity}\"; use one of {names}",
            ["quantity": value.string ?? value.typeName.description, "names": names])))
      return nil
    }
    guard let unit = unit.flatMap(MeasurementUnit.named) else {
      if question.present("unit") == nil {
        report(value.problem(.tr("\"{field}\" needs a \"unit\" for the answer", ["field": "quantity"])))
      }
      return nil
    }
    guard quantity.unitQuantity == unit.quantity else {
      report(
        value.problem(
          .tr(
            "quantity \"{quantity}\" is not measured in \"{unit}\", a unit of {unitQuantity}",
            ["quantity": quantity.rawValue, "unit": unit.symbol, "unitQuantity": unit.quantity.nameMessage])))
      return nil
    }
    return quantity
  }

  mutating func readUnit() -> String? {
    guard let value = question.present("unit") else { return nil }
    guard let name = value.string, MeasurementUnit.named(name) != nil else {
      report(
        value.problem(
          .tr(
            "unknown unit \"{unit}\"; known units: {units}",
            [
              "unit": value.string ?? value.typeName.description,
              "units": MeasurementUnit.all.map(\.symbol).joined(separator: ", "),
            ])))
      return nil
    }
    return name
  }
}

extension JSONProblem {
  /// The same place with other words.
  package func with(_ text: Message) -> JSONProblem { JSONProblem(text, at: offset) }
}
