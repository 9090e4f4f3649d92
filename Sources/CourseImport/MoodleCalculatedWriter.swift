import Calculation
import QuizEngine

/// The body of a `<question type="calculated">` for a calculated question, as Moodle's own export
/// writes one: the answer formula with its tolerance and format, the unit, and a dataset definition
/// per variable with ``storedItemCount`` stored values (or the bank's own stored sets), so Moodle
/// shows the same kind of values.
///
/// Moodle's formulas put every variable in braces and read `^` otherwise: formulas are written as
/// ``Formula/moodleText``. A variable drawn from a list gets the list's smallest and largest values as
/// its range, and its stored items from the list.
enum MoodleCalculatedWriter {
  /// How many value sets an export stores: enough that learners meet different ones, few enough to check.
  static let storedItemCount = 20

  /// - Parameter seed: the export's seed; with the question's id it draws the stored sets of a question
  ///   that has none, so an export with the same seed stores the same values (0, the default, gives
  ///   what exports wrote before `--seed` existed).
  static func body(_ calculated: CalculatedQuestion, id: String, seed: UInt64 = 0) -> String {
    let definition = calculated.definition
    var body = "    <synchronize>\(synchronizeValue(definition))</synchronize>\n    <single>0</single>\n"
    body += "    <answernumbering>abc</answernumbering>\n    <shuffleanswers>0</shuffleanswers>\n"
    body += answer(
      MoodleXMLExporter.escape(definition.answer.formula.moodleText), definition.answer, fraction: "100", feedback: "")
    for other in definition.otherAnswers {
      let feedback = other.feedback.map {
        "      <feedback format=\"plain_text\"><text>\(MoodleXMLExporter.escape($0))</text></feedback>\n"
      }
      body += answer(
        MoodleXMLExporter.escape(other.answer.formula.moodleText), other.answer,
        fraction: MoodleXMLExporter.percent(other.fraction), feedback: feedback ?? "")
    }
    body += unitsElements(definition.unit)
    return body + datasetDefinitions(definition, id: id, seed: seed)
  }

  /// `<synchronize>`: 1 for a question synchronised with others (its datasets written shared), else 0.
  static func synchronizeValue(_ definition: CalculatedDefinition) -> Int { definition.synchronised == nil ? 0 : 1 }

  /// One `<answer>`: its text (a formula, or a choice's text) with the tolerance and format Moodle
  /// keeps beside it, and `feedback`, a `<feedback>` element or nothing.
  static func answer(_ text: String, _ answer: CalculatedAnswer, fraction: String, feedback: String) -> String {
    var element = "    <answer fraction=\"\(fraction)\">\n"
    element += "      <text>\(text)</text>\n"
    element += "      <tolerance>\(DrawnValue(answer.tolerance.value).text)</tolerance>\n"
    element += "      <tolerancetype>\(answer.tolerance.kind.rawValue)</tolerancetype>\n"
    element += "      <correctanswerformat>\(answer.format.style.rawValue)</correctanswerformat>\n"
    element += "      <correctanswerlength>\(answer.format.length)</correctanswerlength>\n"
    return element + feedback + "    </answer>\n"
  }

  /// The unit elements: the unit with multiplier 1, or none shown.
  static func unitsElements(_ unit: String?) -> String {
    var body = ""
    if let unit {
      body += "    <unitgradingtype>0</unitgradingtype>\n    <unitpenalty>0.1000000</unitpenalty>\n"
      body += "    <showunits>0</showunits>\n    <unitsleft>0</unitsleft>\n"
      body += "    <units>\n      <unit>\n        <multiplier>1</multiplier>\n"
      body += "        <unit_name>\(MoodleXMLExporter.escape(unit))</unit_name>\n      </unit>\n    </units>\n"
    } else {
      body += "    <unitgradingtype>0</unitgradingtype>\n    <unitpenalty>0.1000000</unitpenalty>\n"
      body += "    <showunits>3</showunits>\n    <unitsleft>0</unitsleft>\n"
    }
    return body
  }

  /// A `<dataset_definition>` per variable with its stored values.
  static func datasetDefinitions(_ definition: CalculatedDefinition, id: String, seed: UInt64 = 0) -> String {
    var body = ""
    // The bank's own stored sets; else sets drawn from the export's seed (`export --seed`) and the
    // question's id, so the same export of the same course stores the same values; synchronised
    // questions draw from their shared name, so the datasets they share get the same items.
    var generator = SeededRandomNumberGenerator(seed: seed ^ stableSeed(definition.synchronised ?? id))
    let sets =
      definition.storedSets.isEmpty
      ? (0..<storedItemCount).map { _ in definition.draw(using: &generator) } : definition.storedSets
    body += "    <dataset_definitions>\n"
    for variable in definition.variables {
      let range: ValueRange
      switch variable.source {
      case .range(let given): range = given
      case .list(let values):
        let numbers = values.map(\.value)
        let decimals = values.map { $0.text.split(separator: ".").dropFirst().first?.count ?? 0 }.max() ?? 0
        range =
          (try? ValueRange(minimum: numbers.min() ?? 0, maximum: numbers.max() ?? 0, decimals: decimals))
          ?? (try! ValueRange(minimum: 0, maximum: 0, decimals: 0))
      }
      body += "      <dataset_definition>\n"
      body += "        <status><text>\(definition.synchronised == nil ? "private" : "shared")</text></status>\n"
      body += "        <name><text>\(MoodleXMLExporter.escape(variable.name))</text></name>\n"
      body += "        <type>calculated</type>\n"
      body += "        <distribution><text>\(range.distribution.rawValue)</text></distribution>\n"
      body += "        <minimum><text>\(DrawnValue(range.minimum).text)</text></minimum>\n"
      body += "        <maximum><text>\(DrawnValue(range.maximum).text)</text></maximum>\n"
      body += "        <decimals><text>\(range.decimals)</text></decimals>\n"
      body += "        <itemcount>\(sets.count)</itemcount>\n        <dataset_items>\n"
      for (number, set) in sets.enumerated() {
        let value = set[variable.name]?.text ?? "0"
        body += "          <dataset_item><number>\(number + 1)</number><value>\(value)</value></dataset_item>\n"
      }
      body += "        </dataset_items>\n        <number_of_items>\(sets.count)</number_of_items>\n"
      body += "      </dataset_definition>\n"
    }
    return body + "    </dataset_definitions>\n"
  }

  /// FNV-1a over the text's UTF-8: the same seed on every run and toolchain.
  static func stableSeed(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }
}
