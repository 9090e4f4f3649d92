import QuizEngine

/// A calculated question's type and units as the bank wrote them, kept beside its settings
/// (``AsWritten/settings``) where an export would write others: `type` → `calculatedsimple` (an
/// export writes `calculated` otherwise), `units` → each unit as `MULTIPLIER NAME`, a line each
/// (`1 m` and `0.001 km`; an export writes only the question's unit otherwise, with multiplier 1).
///
/// ```swift
/// // <question type="calculatedsimple">…<units><unit><multiplier>1</multiplier><unit_name>m</unit_name></unit>
/// //   <unit><multiplier>0.001</multiplier><unit_name>km</unit_name></unit></units>
/// MoodleXMLSettings.keptCalculated(["type": "calculatedsimple", "units": "1 m\n0.001 km"], type: "calculatedsimple")
/// // ["type": "calculatedsimple", "units": "1 m\n0.001 km"]
/// ```
extension MoodleXMLSettings {
  /// One `<unit>`: its multiplier as written and its name.
  typealias Unit = (multiplier: String, name: String)

  /// The type of a calculated `element` (`type`) and its units, as ``units(_:)`` reads them back.
  static func readCalculated(_ element: XMLElement, type: String) -> [String: String] {
    guard calculated.contains(type) else { return [:] }
    var found = ["type": type]
    guard withUnits.contains(type) else { return found }
    // As MoodleCalculatedReader reads them: a unit without a name is none, a multiplier that is not a number 1.
    var units: [Unit] = []
    for unit in element.child("units")?.children("unit") ?? [] {
      let name = (unit.child("unit_name")?.text ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
      guard !name.isEmpty else { continue }
      let multiplier = (unit.child("multiplier")?.text ?? "").filter { !$0.isWhitespace }
      units.append((MoodleXMLReader.number(multiplier) == nil ? "1" : multiplier, name))
    }
    if !units.isEmpty { found["units"] = units.map { $0.multiplier + " " + $0.name }.joined(separator: "\n") }
    return found
  }

  /// What of `settings` (``readCalculated(_:type:)``) an export must keep to write the same: the type
  /// when it is `calculatedsimple`, the units when they are not just the unit practice reads of them.
  static func keptCalculated(_ settings: [String: String], type: String) -> [String: String] {
    var kept: [String: String] = [:]
    if settings["type"] == "calculatedsimple" { kept["type"] = "calculatedsimple" }
    let read = units(settings["units"])
    let exported = practiceUnit(read).map { [Unit("1", $0)] } ?? []
    if !read.elementsEqual(exported, by: { same($0, $1) }) { kept["units"] = settings["units"] }
    return kept
  }

  /// The units kept as `units` (``readCalculated(_:type:)``), in order.
  static func units(_ text: String?) -> [Unit] {
    (text ?? "").split(separator: "\n").compactMap { line in
      let parts = line.split(separator: " ", maxSplits: 1)
      return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
    }
  }

  /// The unit practice reads of `units` (as ``GiftConverter``'s calculated questions do): the one
  /// with multiplier 1, else the first, when practice converts it; else none.
  static func practiceUnit(_ units: [Unit]) -> String? {
    let base = units.first { MoodleXMLReader.number($0.multiplier) == 1 } ?? units.first
    return base.flatMap { MeasurementUnit.named($0.name) != nil ? $0.name : nil }
  }

  /// Moodle reads the two units alike: the same name and multiplier.
  static func same(_ a: Unit, _ b: Unit) -> Bool {
    a.name == b.name && MoodleXMLReader.number(a.multiplier) == MoodleXMLReader.number(b.multiplier)
  }

  /// What Moodle reads of `setting` in `settings` (`units`: the question has some): its value, else
  /// its `absent`; but `<showunits>` is 0 with units and 3 without when there is no `<unitpenalty>`,
  /// whatever is written (Moodle's `import_calculated`).
  static func value(of setting: Setting, in settings: [String: String], units: Bool) -> String {
    guard setting.name == "showunits", settings["unitpenalty"] == nil else {
      return settings[setting.name] ?? setting.absent
    }
    return units ? "0" : "3"
  }
}
