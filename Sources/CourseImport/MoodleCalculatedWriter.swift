import Calculation
import QuizEngine
import TextLayout

/// The body of a `<question type="calculated">` for a calculated question, as Moodle's own export
/// writes one: the answer formula with its tolerance and format, the unit, and a dataset definition
/// per variable with ``storedItemCount`` stored values (or the bank's own stored sets), so Moodle
/// shows the same kind of values.
///
/// Moodle's formulas put every variable in braces and read `^` otherwise: formulas are written as
/// ``Formula/moodleText``. A variable drawn from a list gets the list's smallest and largest values as
/// its range, and its stored items from the list. A question from a Moodle bank keeps what it wrote
/// that practice does not use (``MoodleXMLSettings``): `calculatedsimple`, its units and multipliers,
/// `<showunits>` and the unit grading, the combined feedback; each element is written once.
enum MoodleCalculatedWriter {
  /// How many value sets an export stores: enough that learners meet different ones, few enough to check.
  static let storedItemCount = 20

  /// The settings the body writes where Moodle's export does (``MoodleXMLSettings/Setting/inBody``):
  /// the combined feedback after `<shuffleanswers>`, the unit settings after the answers.
  static let combinedFeedback: Set<String> = ["correctfeedback", "partiallycorrectfeedback", "incorrectfeedback"]
  static let unitSettings: Set<String> = ["unitgradingtype", "unitpenalty", "showunits", "unitsleft"]

  /// The Moodle type of a calculated question without choices: `calculatedsimple` where the bank
  /// had one (kept as written: Moodle imports both, and shows the teacher the type they made), else
  /// `calculated`.
  static func type(of q: Question) -> String {
    q.asWritten.settings["type"] == "calculatedsimple" ? "calculatedsimple" : "calculated"
  }

  /// The body of `xml`'s question, `calculated`, as Moodle type `type`; its settings as the bank wrote
  /// them where it kept them (``MoodleXMLSettings``). The export's seed (`export --seed`, default 0)
  /// and the question's id draw the stored sets of a question that has none, so an export with the
  /// same seed stores the same values.
  static func body(_ calculated: CalculatedQuestion, xml: MoodleXMLWriter, type: String = "calculated") -> String {
    let definition = calculated.definition
    let q = xml.question
    var body = "    <synchronize>\(synchronizeValue(definition))</synchronize>\n    <single>0</single>\n"
    body += "    <answernumbering>abc</answernumbering>\n    <shuffleanswers>0</shuffleanswers>\n"
    body += MoodleXMLExporter.settings(type, of: q, body: combinedFeedback)
    // The answer's feedback, which only a bank gives (kept as written); the others' in their markup
    // where the bank wrote one, else as plain text.
    let kept = q.asWritten.texts["feedback.0"].map { feedbackElement($0.text) } ?? ""
    body += answer(
      MoodleXMLExporter.escape(definition.answer.formula.moodleText), definition.answer, fraction: "100",
      feedback: kept)
    for (k, other) in definition.otherAnswers.enumerated() {
      let feedback = other.feedback.map { shown in
        let kept = q.asWritten.texts["otherAnswers.\(k).feedback"].flatMap { $0.shown == shown ? $0.text : nil }
        return feedbackElement(kept ?? MarkedText(shown))
      }
      body += answer(
        MoodleXMLExporter.escape(other.answer.formula.moodleText), other.answer,
        fraction: MoodleXMLExporter.percent(other.fraction), feedback: feedback ?? "")
    }
    let units = self.units(definition, kept: q.asWritten.settings["units"])
    body += MoodleXMLExporter.settings(type, of: q, body: unitSettings, units: !units.isEmpty)
    body += unitsElement(units)
    return body + datasetDefinitions(definition, id: q.id, seed: xml.seed, type: type)
  }

  /// An answer's `<feedback>` element, on a line of its own.
  static func feedbackElement(_ text: MarkedText) -> String {
    "      " + MoodleXMLExporter.textElement("feedback", text.text, markup: text.markup) + "\n"
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

  /// The units an export writes: the bank's, as written, while practice reads the question's unit
  /// of them (a teacher who changed the unit gets the new one); else the question's unit with
  /// multiplier 1, or none.
  static func units(_ definition: CalculatedDefinition, kept: String?) -> [MoodleXMLSettings.Unit] {
    let read = MoodleXMLSettings.units(kept)
    if !read.isEmpty, MoodleXMLSettings.practiceUnit(read) == definition.unit { return read }
    return definition.unit.map { [("1", $0)] } ?? []
  }

  /// `<units>` with each unit and its multiplier; nothing without units.
  static func unitsElement(_ units: [MoodleXMLSettings.Unit]) -> String {
    guard !units.isEmpty else { return "" }
    var body = "    <units>\n"
    for unit in units {
      body += "      <unit>\n        <multiplier>\(MoodleXMLExporter.escape(unit.multiplier))</multiplier>\n"
      body += "        <unit_name>\(MoodleXMLExporter.escape(unit.name))</unit_name>\n      </unit>\n"
    }
    return body + "    </units>\n"
  }

  /// A `<dataset_definition>` per variable with its stored values.
  /// `type`: the question's Moodle type, which Moodle's export writes as each dataset's for a calculatedsimple.
  static func datasetDefinitions(
    _ definition: CalculatedDefinition, id: String, seed: UInt64 = 0, type: String = "calculated"
  ) -> String {
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
      body += "        <type>\(type == "calculatedsimple" ? type : "calculated")</type>\n"
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
