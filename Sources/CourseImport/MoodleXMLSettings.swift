import Foundation

/// The Moodle XML settings practice does not use but gives back to Moodle: a question's
/// `<penalty>` and `<defaultgrade>`, a choice's `<shuffleanswers>` and `<answernumbering>`, a
/// matching question's `<shuffleanswers>`, an essay's response options, a calculated question's
/// combined feedback and unit settings (with its type and units: ``calculatedType`` and ``units``).
///
/// A bank's value is kept (``AsWritten/settings``, as written) only where Moodle would read it as
/// other than what the export writes when none is kept (Moodle's defaults for a question from GIFT:
/// answers shuffled, numbered `abc`, a penalty of a third, a grade of 1, an essay in the editor of
/// 15 lines); so most questions keep nothing.
///
/// ```swift
/// // <question type="multichoice">…<penalty>0.1</penalty><answernumbering>none</answernumbering>
/// MoodleXMLSettings.kept(["penalty": "0.1", "answernumbering": "none", "shuffleanswers": "1"], type: "multichoice")
/// // ["penalty": "0.1", "answernumbering": "none"]
/// ```
package enum MoodleXMLSettings {
  /// One setting: its element, the question types that have it, what Moodle's XML import reads
  /// when it is absent, and what the export writes when the bank's value is not kept (nil:
  /// nothing, which Moodle reads as its default).
  package struct Setting: Sendable {
    package let name: String
    package let types: Set<String>
    package let absent: String
    package let exported: String?
    /// `<graderinfo format="html"><text>…</text></graderinfo>`: its format kept under `NAME.format`.
    package let isText: Bool
    /// What the export writes for a question with units where it is not `exported`: `<showunits>`
    /// is 0 (a unit may be typed) with units, 3 (none asked) without, as Moodle sets it.
    package let exportedWithUnits: String?
    /// Written by the type's body, where Moodle's own export writes it (a calculated question's unit
    /// settings after its answers), not with the others after `<idnumber>`.
    package let inBody: Bool

    init(
      _ name: String, _ types: Set<String>, absent: String, exported: String? = nil, withUnits: String? = nil,
      text: Bool = false, inBody: Bool = false
    ) {
      self.name = name
      self.types = types
      self.absent = absent
      self.exported = exported
      self.exportedWithUnits = withUnits
      self.isText = text
      self.inBody = inBody
    }

    /// What the export writes when the question kept no value (nil: nothing); `units`, whether it
    /// writes units.
    package func exported(units: Bool) -> String? { units ? exportedWithUnits ?? exported : exported }

    /// What Moodle reads of a question the export gave no kept value.
    package var exportedReading: String { exportedReading(units: false) }

    package func exportedReading(units: Bool) -> String {
      MoodleXMLSettings.reading(exported(units: units) ?? absent, of: name)
    }
  }

  static let graded: Set<String> = [
    "multichoice", "truefalse", "shortanswer", "numerical", "matching", "essay", "calculated", "calculatedsimple",
    "calculatedmulti",
  ]
  static let calculated: Set<String> = ["calculated", "calculatedsimple", "calculatedmulti"]
  /// The calculated types with units (Moodle's calculatedmulti asks for none).
  static let withUnits: Set<String> = ["calculated", "calculatedsimple"]

  /// In the order the export writes them (Moodle's own export's order).
  package static let all: [Setting] = [
    // Moodle reads a Cloze question's grade from its blanks' marks, never from <defaultgrade>.
    Setting("defaultgrade", graded, absent: "1"),
    Setting("penalty", graded.union(["cloze"]), absent: "0.3333333"),
    // Absent, Moodle's XML import does not shuffle a choice's answers (its GIFT import does).
    Setting("shuffleanswers", ["multichoice", "calculatedmulti"], absent: "false", exported: "true"),
    Setting("shuffleanswers", ["matching"], absent: "1", exported: "true"),
    Setting("answernumbering", ["multichoice", "calculatedmulti"], absent: "abc", exported: "abc"),
    Setting("responseformat", ["essay"], absent: "editor", exported: "editor"),
    Setting("responserequired", ["essay"], absent: "1", exported: "1"),
    Setting("responsefieldlines", ["essay"], absent: "15", exported: "15"),
    Setting("minwordlimit", ["essay"], absent: ""),
    Setting("maxwordlimit", ["essay"], absent: ""),
    Setting("attachments", ["essay"], absent: "0", exported: "0"),
    Setting("attachmentsrequired", ["essay"], absent: "0", exported: "0"),
    Setting("maxbytes", ["essay"], absent: ""),
    Setting("filetypeslist", ["essay"], absent: ""),
    Setting("graderinfo", ["essay"], absent: "", exported: "", text: true),
    Setting("responsetemplate", ["essay"], absent: "", exported: "", text: true),
    // Shown by Moodle after a response (practice shows its own verdict); written after <shuffleanswers>.
    Setting("correctfeedback", calculated, absent: "", text: true, inBody: true),
    Setting("partiallycorrectfeedback", calculated, absent: "", text: true, inBody: true),
    Setting("incorrectfeedback", calculated, absent: "", text: true, inBody: true),
    // How Moodle asks for and grades the unit (practice converts units itself); after the answers.
    Setting("unitgradingtype", withUnits, absent: "0", exported: "0", inBody: true),
    Setting("unitpenalty", withUnits, absent: "0.1", exported: "0.1000000", inBody: true),
    Setting("showunits", withUnits, absent: "0", exported: "3", withUnits: "0", inBody: true),
    Setting("unitsleft", withUnits, absent: "0", exported: "0", inBody: true),
  ]

  /// The settings of Moodle XML type `type`, in the export's order.
  package static func settings(of type: String) -> [Setting] {
    let type = moodleType(type)
    return all.filter { $0.types.contains(type) }
  }

  /// The Moodle XML type of a question as read (`multichoice` for a choice of either kind).
  package static func type(of kind: GiftQuestion.Kind) -> String {
    switch kind {
    case .description: "description"
    case .essay: "essay"
    case .multipleChoice: "multichoice"
    case .trueFalse: "truefalse"
    case .shortAnswer: "shortanswer"
    case .numerical: "numerical"
    case .matching: "matching"
    case .cloze: "cloze"
    case .calculated(let parts): parts.kind.rawValue
    case .ordering: "ordering"
    }
  }

  /// Moodle's type name for a type the reader accepts under another (`match`, `multianswer`).
  static func moodleType(_ type: String) -> String {
    switch type {
    case "match": "matching"
    case "multianswer": "cloze"
    default: type
    }
  }

  /// The settings `element`, a `<question type="…">`, writes: each element's text, trimmed; a text
  /// element's `<text>` and, under `NAME.format`, its format.
  static func read(_ element: XMLElement, type: String) -> [String: String] {
    var found = readCalculated(element, type: type)
    for setting in settings(of: type) {
      guard let child = element.child(setting.name) else { continue }
      if setting.isText {
        found[setting.name] = child.child("text")?.text ?? ""
        if let format = child.attributes["format"] { found[setting.name + ".format"] = format }
      } else {
        found[setting.name] = child.text.trimmingCharacters(in: .whitespacesAndNewlines)
      }
    }
    return found
  }

  /// What of `settings` (``read(_:type:)``) an export must write for Moodle to read the same: each
  /// value Moodle reads as other than what the export writes when none is kept (an absent
  /// `<shuffleanswers>` of a choice is Moodle's `false`), as written; a text element's format only
  /// with its text.
  static func kept(_ settings: [String: String], type: String) -> [String: String] {
    var kept = keptCalculated(settings, type: type)
    let hasUnits = !units(settings["units"]).isEmpty
    for setting in self.settings(of: type) {
      let value = self.value(of: setting, in: settings, units: hasUnits)
      guard reading(value, of: setting.name) != setting.exportedReading(units: hasUnits) else { continue }
      kept[setting.name] = value
      if setting.isText, let format = settings[setting.name + ".format"] { kept[setting.name + ".format"] = format }
    }
    return kept
  }

  /// How Moodle's import reads `value` of setting `name`, for comparing: `shuffleanswers` as PHP
  /// truth (`false`, `0` and nothing are false), numbers as numbers (a penalty within 0.005 of a
  /// third as a third, as Moodle mends old files), other texts as they are.
  static let texts = Set(all.filter(\.isText).map(\.name))

  package static func reading(_ value: String, of name: String) -> String {
    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
    if name == "shuffleanswers" { return trimmed == "false" || trimmed == "" || trimmed == "0" ? "0" : "1" }
    if texts.contains(name) { return value }
    guard var number = Double(trimmed) else { return trimmed }
    if name == "penalty", abs(number - 0.3333333) < 0.005 { number = 0.3333333 }
    return String(number)
  }
}
