import Calculation
package import Localization
import QuizEngine
import TextLayout

/// Reads the parts particular to Moodle's calculated types from a `<question type="calculated">`
/// (or `calculatedsimple`, `calculatedmulti`), as Moodle's `qformat_xml::import_calculated` does:
/// answers with their tolerance and answer format, units, and the dataset definitions with their
/// distribution, range, decimals and stored items.
///
/// Where Moodle's importer would store something it cannot use (a tolerance type of 7, a range that
/// is not a number), this refuses the question with where and what; defaults are Moodle's database
/// defaults (relative tolerance, 2 significant figures).
///
/// ```swift
/// let parts = MoodleCalculatedReader.read(question, kind: .calculated, messages: .english, warn: …, fail: …)
/// parts?.answers[0].tolerance   // AnswerTolerance(.relative, 0.01)
/// ```
package enum MoodleCalculatedReader {
  package static func read(
    _ element: XMLElement, kind: MoodleCalculatedQuestion.Kind, messages: Localizer,
    warn: (XMLElement, Message) -> Void, fail: (XMLElement, Message) -> Void
  ) -> MoodleCalculatedQuestion? {
    var failed = false
    func refuse(_ at: XMLElement, _ message: Message) {
      failed = true
      fail(at, message)
    }
    let format = MoodleXMLReader.format(element.child("questiontext"))
    var answers: [MoodleCalculatedAnswer] = []
    for answer in element.children("answer") {
      if let read = readAnswer(
        answer, index: answers.count + 1, kind: kind, format: format, messages: messages, fail: refuse)
      {
        answers.append(read)
      }
    }
    var datasets: [MoodleDatasetDefinition] = []
    for definition in element.child("dataset_definitions")?.children("dataset_definition") ?? [] {
      if let dataset = readDataset(definition, fail: refuse) { datasets.append(dataset) }
    }
    guard !failed else { return nil }
    guard answers.contains(where: { $0.fraction > 0 }) else {
      fail(element, .tr("a {type} question needs an <answer> with a fraction above 0", ["type": kind.rawValue]))
      return nil
    }
    // A calculatedmulti whose choices compute nothing is a multichoice question: refused, as practice's own format refuses it.
    if kind == .multi, !answers.contains(where: { !CalculatedText.embeddedFormulas(in: $0.text).isEmpty }) {
      fail(
        element,
        .tr(
          "a calculatedmulti question needs a formula such as {example} in one of its answers",
          ["example": "{={m}/{V}}"]))
      return nil
    }
    // Moodle shows each choice's values in its own answer's format; practice in the right answer's.
    if kind == .multi, let best = answers.max(by: { $0.fraction < $1.fraction }),
      answers.contains(where: { $0.format != best.format })
    {
      warn(
        element,
        .tr(
          "the answers show their values with different decimals or significant figures; every choice shows them as the right answer does ({length} {style})",
          [
            "length": best.format.length,
            "style": best.format.style == .decimals
              ? Message.tr("decimals") : Message.tr("significant figures"),
          ]))
    }
    // Every variable an answer uses must be drawn from somewhere.
    let names = Set(datasets.map(\.name))
    for (index, answer) in answers.enumerated() {
      for name in variables(of: answer, kind: kind) where !names.contains(name) {
        fail(
          element.children("answer")[index],
          .tr(
            "answer {index} uses {name}, which has no <dataset_definition>",
            ["index": index + 1, "name": "{" + name + "}"]))
        failed = true
      }
    }
    guard !failed else { return nil }
    var units: [MoodleCalculatedQuestion.Unit] = []
    for unit in element.child("units")?.children("unit") ?? [] {
      let name = (unit.child("unit_name")?.text ?? "").trimmingWhitespaceAndNewlines()
      guard !name.isEmpty else { continue }
      units.append(.init(name: name, multiplier: MoodleXMLReader.number(unit.child("multiplier")?.text) ?? 1))
    }
    func whole(_ tag: String, _ otherwise: Int) -> Int {
      element.child(tag).flatMap { Int($0.text.trimmingWhitespaceAndNewlines()) } ?? otherwise
    }
    return MoodleCalculatedQuestion(
      kind: kind, answers: answers, units: units, unitGradingType: whole("unitgradingtype", 0),
      unitPenalty: MoodleXMLReader.number(element.child("unitpenalty")?.text) ?? 0.1,
      showUnits: whole("showunits", units.isEmpty ? 3 : 0), unitsLeft: whole("unitsleft", 0) != 0,
      datasets: datasets, synchronize: whole("synchronize", 0),
      single: element.child("single").map { truth($0.text) } ?? true,
      shuffleAnswers: element.child("shuffleanswers").map { truth($0.text) } ?? false,
      answerNumbering: element.child("answernumbering")?.text.trimmingWhitespaceAndNewlines().nonEmpty ?? "abc")
  }

  /// Moodle's `trans_single`: "false", "0" and empty are false, anything else true.
  static func truth(_ text: String) -> Bool {
    !["false", "0", ""].contains(text.trimmingWhitespaceAndNewlines())
  }

  /// The variables an answer's formula (or a calculatedmulti choice's `{=…}` formulas) uses.
  static func variables(of answer: MoodleCalculatedAnswer, kind: MoodleCalculatedQuestion.Kind) -> [String] {
    if kind == .multi {
      return CalculatedText.embeddedFormulas(in: answer.text).flatMap { (try? Formula($0.formula))?.variables ?? [] }
    }
    return (try? Formula(answer.text))?.variables ?? []
  }

  static func readAnswer(
    _ answer: XMLElement, index: Int, kind: MoodleCalculatedQuestion.Kind, format: GiftQuestion.Format,
    messages: Localizer, fail: (XMLElement, Message) -> Void
  ) -> MoodleCalculatedAnswer? {
    let textElement = answer.child("text")
    let text = (textElement?.text ?? answer.text).trimmingWhitespaceAndNewlines()
    // A formula that does not read is reported where it is: the column of its character at fault, as
    // Moodle's exports write `<text>formula</text>` on one line.
    let formulas =
      kind == .multi
      ? CalculatedText.embeddedFormulas(in: text).map { ($0.formula, $0.formulaStart) } : [(text, 0)]
    for (formula, start) in formulas {
      do {
        _ = try Formula(formula)
      } catch {
        let at = textElement ?? answer
        let column = at.column + (textElement == nil ? 0 : "<text>".count) + start + error.range.lowerBound
        fail(
          XMLElement(name: at.name, attributes: [:], children: [], text: "", line: at.line, column: column),
          .tr(
            "answer {index}: the formula {formula} cannot be read: {problem}",
            ["index": index, "formula": formula, "problem": error.text]))
        return nil
      }
    }
    // Fraction as an element is Moodle's older spelling (already 0…1); the attribute is a percentage.
    let fraction =
      MoodleXMLReader.number(answer.child("fraction")?.text)
      ?? (MoodleXMLReader.number(answer.attributes["fraction"]) ?? 0) / 100
    let kind = optionalWhole(answer, "tolerancetype", otherwise: ToleranceKind.relative.rawValue)
    guard let kind, let toleranceKind = ToleranceKind(rawValue: kind) else {
      fail(
        answer.child("tolerancetype") ?? answer,
        .tr(
          "answer {index}: <tolerancetype> must be 1 (relative), 2 (nominal) or 3 (geometric), found '{text}'",
          ["index": index, "text": answer.child("tolerancetype")?.text ?? ""]))
      return nil
    }
    let toleranceText = answer.child("tolerance")?.text.trimmingWhitespaceAndNewlines() ?? ""
    guard let tolerance = toleranceText.isEmpty ? 0 : MoodleXMLReader.number(toleranceText) else {
      fail(
        answer.child("tolerance") ?? answer,
        .tr("answer {index}: <tolerance> '{text}' is not a number", ["index": index, "text": toleranceText]))
      return nil
    }
    let style = optionalWhole(
      answer, "correctanswerformat", otherwise: CorrectAnswerFormat.Style.significantFigures.rawValue)
    guard let style, let answerStyle = CorrectAnswerFormat.Style(rawValue: style) else {
      fail(
        answer.child("correctanswerformat") ?? answer,
        .tr(
          "answer {index}: <correctanswerformat> must be 1 (decimals) or 2 (significant figures), found '{text}'",
          ["index": index, "text": answer.child("correctanswerformat")?.text ?? ""]))
      return nil
    }
    guard let length = optionalWhole(answer, "correctanswerlength", otherwise: 2),
      (0...ValueRange.maximumDecimals).contains(length)
    else {
      fail(
        answer.child("correctanswerlength") ?? answer,
        .tr(
          "answer {index}: <correctanswerlength> must be a whole number from 0 to {most}, found '{text}'",
          ["index": index, "most": ValueRange.maximumDecimals, "text": answer.child("correctanswerlength")?.text ?? ""]
        ))
      return nil
    }
    let feedback = MoodleXMLReader.text(answer.child("feedback"), inherit: format, messages: messages)
    return MoodleCalculatedAnswer(
      text: text, fraction: fraction, tolerance: AnswerTolerance(toleranceKind, tolerance),
      format: CorrectAnswerFormat(answerStyle, length), feedback: feedback?.text.isEmpty == false ? feedback : nil,
      textFormat: answer.attributes["format"] == nil ? format : MoodleXMLReader.format(answer), line: answer.line,
      column: answer.column)
  }

  /// A child's whole number: `otherwise` when the child is missing or empty, nil when it is not a whole number.
  static func optionalWhole(_ element: XMLElement, _ tag: String, otherwise: Int) -> Int? {
    let text = element.child(tag)?.text.trimmingWhitespaceAndNewlines() ?? ""
    return text.isEmpty ? otherwise : Int(text)
  }

  static func readDataset(_ definition: XMLElement, fail: (XMLElement, Message) -> Void) -> MoodleDatasetDefinition? {
    func field(_ tag: String) -> String { definition.textOf(tag)?.trimmingWhitespaceAndNewlines() ?? "" }
    let name = field("name")
    guard !name.isEmpty else {
      fail(definition, .tr("a <dataset_definition> without a <name>"))
      return nil
    }
    let distributionText = field("distribution")
    guard let distribution = ValueDistribution(rawValue: distributionText.isEmpty ? "uniform" : distributionText)
    else {
      fail(
        definition.child("distribution") ?? definition,
        .tr(
          "dataset {name}: distribution '{text}' is neither uniform nor loguniform",
          ["name": name, "text": distributionText]))
      return nil
    }
    guard let minimum = MoodleXMLReader.number(field("minimum")),
      let maximum = MoodleXMLReader.number(field("maximum"))
    else {
      fail(
        definition, .tr("dataset {name}: <minimum> and <maximum> must be numbers", ["name": name]))
      return nil
    }
    let decimalsText = field("decimals")
    let range: ValueRange
    do {
      range = try ValueRange(
        minimum: minimum, maximum: maximum, decimals: decimalsText.isEmpty ? 0 : Int(decimalsText) ?? -1,
        distribution: distribution)
    } catch {
      fail(definition, .tr("dataset {name}: {problem}", ["name": name, "problem": error.text]))
      return nil
    }
    var items: [MoodleDatasetDefinition.Item] = []
    for item in definition.child("dataset_items")?.children("dataset_item") ?? [] {
      let valueText = (item.child("value")?.text ?? "").trimmingWhitespaceAndNewlines()
      guard let value = MoodleXMLReader.number(valueText) else {
        fail(
          item,
          .tr("dataset {name}: the stored value '{text}' is not a number", ["name": name, "text": valueText]))
        return nil
      }
      let number = Int((item.child("number")?.text ?? "").trimmingWhitespaceAndNewlines()) ?? items.count + 1
      items.append(.init(number: number, value: DrawnValue(value: value, text: valueText)))
    }
    items.sort { $0.number < $1.number }
    return MoodleDatasetDefinition(name: name, isShared: field("status") == "shared", range: range, items: items)
  }
}
