import Foundation
import TextLayout

/// A unit of measurement known to numeric questions, with its conversion to the quantity's base unit.
///
/// Not named `Unit`: that would be ambiguous with Foundation's `Unit` in every file importing both.
///
/// Look units up with ``named(_:)``, which accepts the spellings learners type: `cm3` and `cm³`,
/// `℃` and `°C`, `ml`, `毫升`, full-width letters (`ｃｍ３`), any letter case.
///
/// ```swift
/// let gcc = MeasurementUnit.named("g/cm3")!              // g/cm³
/// gcc.convert(2.7, to: MeasurementUnit.named("kg/m³")!)  // 2700.0
/// MeasurementUnit.named("furlong")                       // nil
/// ```
package struct MeasurementUnit: Sendable, Equatable, Hashable {
  /// The unit's fields behind one reference: a numeric question holds up to two units, and a bank
  /// may hold a hundred thousand numeric questions (8 bytes each, not 72).
  private final class Storage: Sendable {
    let symbol: String
    let canonicalSymbol: String
    let quantity: Quantity
    let aliases: [String]
    let symbolForms: [String]
    let scale: Double
    let offset: Double

    init(
      symbol: String, canonicalSymbol: String, quantity: Quantity, aliases: [String], symbolForms: [String],
      scale: Double, offset: Double
    ) {
      self.symbol = symbol
      self.canonicalSymbol = canonicalSymbol
      self.quantity = quantity
      self.aliases = aliases
      self.symbolForms = symbolForms
      self.scale = scale
      self.offset = offset
    }
  }

  private let storage: Storage

  /// The symbol as shown to learners: the canonical one (`g/cm³`), or another form of the same
  /// sign as it was written (`℃`, the single character Chinese textbooks print for `°C`).
  package var symbol: String { storage.symbol }
  /// The canonical symbol, which names the unit: `°C` whether it was written `°C` or `℃`.
  package var canonicalSymbol: String { storage.canonicalSymbol }
  package var quantity: Quantity { storage.quantity }
  /// Other accepted spellings, before normalization.
  package var aliases: [String] { storage.aliases }
  /// Other forms of the symbol itself, shown as written when a course or an answer uses them.
  var symbolForms: [String] { storage.symbolForms }
  /// Base units per one of this unit (`km`: 1000 m).
  var scale: Double { storage.scale }
  /// Added after scaling; only temperatures are affine (`°C` + 273.15 = K).
  var offset: Double { storage.offset }

  init(
    _ symbol: String, _ quantity: Quantity, scale: Double, offset: Double = 0, aliases: [String] = [],
    symbolForms: [String] = []
  ) {
    storage = Storage(
      symbol: symbol, canonicalSymbol: symbol, quantity: quantity, aliases: aliases, symbolForms: symbolForms,
      scale: scale, offset: offset)
  }

  private init(_ unit: MeasurementUnit, shownAs symbol: String) {
    storage = Storage(
      symbol: symbol, canonicalSymbol: unit.canonicalSymbol, quantity: unit.quantity, aliases: unit.aliases,
      symbolForms: unit.symbolForms, scale: unit.scale, offset: unit.offset)
  }

  /// One unit however its symbol is written: `℃` is `°C`.
  package static func == (a: MeasurementUnit, b: MeasurementUnit) -> Bool { a.canonicalSymbol == b.canonicalSymbol }

  package func hash(into hasher: inout Hasher) { hasher.combine(canonicalSymbol) }
}

extension MeasurementUnit {
  /// Every known unit, grouped by quantity, in the order they are listed to learners.
  package static let all: [MeasurementUnit] = [
    MeasurementUnit("nm", .length, scale: 1e-9, aliases: ["纳米"]),
    MeasurementUnit("μm", .length, scale: 1e-6, aliases: ["um", "µm", "微米"]),
    MeasurementUnit("mm", .length, scale: 0.001, aliases: ["毫米"]),
    MeasurementUnit("cm", .length, scale: 0.01, aliases: ["厘米"]),
    MeasurementUnit("dm", .length, scale: 0.1, aliases: ["分米"]),
    MeasurementUnit("m", .length, scale: 1, aliases: ["米"]),
    MeasurementUnit("km", .length, scale: 1000, aliases: ["千米", "公里"]),
    MeasurementUnit("mg", .mass, scale: 1e-6, aliases: ["毫克"]),
    MeasurementUnit("g", .mass, scale: 1e-3, aliases: ["克"]),
    MeasurementUnit("kg", .mass, scale: 1, aliases: ["千克", "公斤"]),
    MeasurementUnit("t", .mass, scale: 1000, aliases: ["吨"]),
    MeasurementUnit("mL", .volume, scale: 1e-6, aliases: ["ml", "毫升"]),
    MeasurementUnit("L", .volume, scale: 1e-3, aliases: ["l", "升"]),
    MeasurementUnit("cm³", .volume, scale: 1e-6, aliases: ["cm3", "cm^3", "cc", "立方厘米"]),
    MeasurementUnit("dm³", .volume, scale: 1e-3, aliases: ["dm3", "dm^3", "立方分米"]),
    MeasurementUnit("m³", .volume, scale: 1, aliases: ["m3", "m^3", "立方米"]),
    MeasurementUnit("g/cm³", .density, scale: 1000, aliases: ["g/cm3", "g/cm^3", "g/cc", "克每立方厘米"]),
    MeasurementUnit("kg/m³", .density, scale: 1, aliases: ["kg/m3", "kg/m^3", "千克每立方米"]),
    MeasurementUnit("g/mL", .density, scale: 1000, aliases: ["g/ml"]),
    MeasurementUnit("kg/L", .density, scale: 1000, aliases: ["kg/l"]),
    MeasurementUnit("kg/dm³", .density, scale: 1000, aliases: ["kg/dm3"]),
    MeasurementUnit("t/m³", .density, scale: 1000, aliases: ["t/m3"]),
    MeasurementUnit("°C", .temperature, scale: 1, offset: 273.15, aliases: ["摄氏度"], symbolForms: ["℃"]),
    MeasurementUnit("K", .temperature, scale: 1, aliases: ["开", "开尔文"]),
    MeasurementUnit("s", .time, scale: 1, aliases: ["秒"]),
    MeasurementUnit("min", .time, scale: 60, aliases: ["分钟", "分"]),
    MeasurementUnit("h", .time, scale: 3600, aliases: ["小时", "时"]),
    MeasurementUnit("m/s", .speed, scale: 1, aliases: ["米/秒", "米每秒"]),
    MeasurementUnit("km/h", .speed, scale: 1 / 3.6, aliases: ["千米/时", "公里/小时", "千米每小时"]),
  ]

  /// Spellings that mean °C only where a temperature is asked for: `50度`, `50 C`, `50°`, `50 degrees`.
  ///
  /// Elsewhere `度` is an angle and `C` a coulomb, so they are not units of their own.
  static let celsiusOnTemperatures: Set<String> = ["度", "c", "°", "degree", "degrees"]

  /// Units written out in English, as a learner answers an English course ("2500 metres"): British
  /// and American spellings, singular and plural. Only in the lookup table: course files write
  /// symbols, which the start-up path finds without it. Written without spaces, as `key` compares
  /// them ("cubic metres" is "cubicmetres").
  static let englishNames: [(names: [String], symbol: String)] = {
    let lengths = [
      ("nano", "nm"), ("micro", "μm"), ("milli", "mm"), ("centi", "cm"), ("deci", "dm"), ("", "m"), ("kilo", "km"),
    ]
    var names: [(names: [String], symbol: String)] = lengths.map { prefix, symbol in
      (spellings(prefix + "metre") + spellings(prefix + "meter"), symbol)
    }
    let cubic = { (unit: String) in spellings("cubic" + unit + "metre") + spellings("cubic" + unit + "meter") }
    let per = { (top: String, bottom: String) in
      ["metre", "meter"].flatMap { spellings(top + $0) }.map { $0 + "per" + bottom }
    }
    names += [
      (spellings("micron"), "μm"), (spellings("milligram"), "mg"), (spellings("gram") + spellings("gramme"), "g"),
      (spellings("kilogram"), "kg"), (spellings("tonne"), "t"),
      (spellings("millilitre") + spellings("milliliter"), "mL"), (spellings("litre") + spellings("liter"), "L"),
      (cubic("centi"), "cm³"), (cubic("deci"), "dm³"), (cubic(""), "m³"),
      (["celsius", "degc"] + spellings("degree").map { $0 + "celsius" }, "°C"), (spellings("kelvin"), "K"),
      (spellings("second") + spellings("sec"), "s"), (spellings("minute"), "min"),
      (spellings("hour") + spellings("hr"), "h"), (per("", "second"), "m/s"), (per("kilo", "hour") + ["kph"], "km/h"),
    ]
    return names
  }()

  /// `name` and its plural.
  private static func spellings(_ name: String) -> [String] { [name, name + "s"] }

  /// The unit spelled `text`, or nil when it is not a known unit.
  ///
  /// Matching ignores letter case and spaces and applies NFKC, so superscript `³` equals `3`.
  /// Case is safe to ignore because no two known units differ only in case.
  ///
  /// A unit written in another form of its symbol keeps that form to show (`℃` stays `℃`), so
  /// learners see the sign their course uses.
  package static func named(_ text: String) -> MeasurementUnit? {
    // A unit written as listed (`kg`, `℃`), as course files write it, is found without the lookup
    // table: building it normalizes every spelling, and questions naming units are decoded at every start.
    // Bytes first: `==` on non-ASCII strings checks canonical equivalence, which costs more than
    // the whole byte search. Spellings are distinct, so what the bytes find `==` finds first too.
    func same(_ spelling: String) -> Bool {
      spelling.utf8.count == text.utf8.count && spelling.utf8.elementsEqual(text.utf8)
    }
    for unit in all {
      if same(unit.symbol) || unit.aliases.contains(where: same) { return unit }
      if unit.symbolForms.contains(where: same) { return MeasurementUnit(unit, shownAs: text) }
    }
    for unit in all {
      if unit.symbol == text || unit.aliases.contains(text) { return unit }
      if unit.symbolForms.contains(text) { return MeasurementUnit(unit, shownAs: text) }
    }
    return lookup[key(text)].map { spelled($0, as: text) }
  }

  /// `unit`, shown as `text` writes it when that is another form of its symbol (`℃`).
  private static func spelled(_ unit: MeasurementUnit, as text: String) -> MeasurementUnit {
    guard !unit.symbolForms.isEmpty else { return unit }
    let written = text.trimmingWhitespace()
    return unit.symbolForms.contains(written) ? MeasurementUnit(unit, shownAs: written) : unit
  }

  /// The unit spelled `text` in an answer measuring `quantity`, where `度`, `C` and `°` are °C on a temperature.
  ///
  /// ```swift
  /// MeasurementUnit.named("度", measuring: .temperature)  // °C
  /// MeasurementUnit.named("度", measuring: .length)       // nil
  /// ```
  package static func named(_ text: String, measuring quantity: Quantity?) -> MeasurementUnit? {
    let key = key(text)
    if quantity?.unitQuantity == .temperature, celsiusOnTemperatures.contains(key) { return named("°C") }
    return lookup[key].map { spelled($0, as: text) }
  }

  /// The known units of `quantity`, for "use one of …" messages.
  package static func units(of quantity: Quantity) -> [MeasurementUnit] {
    all.filter { $0.quantity == quantity }
  }

  /// `value` in this unit expressed in `other`, or nil when they measure different quantities.
  package func convert(_ value: Double, to other: MeasurementUnit) -> Double? {
    guard quantity == other.quantity else { return nil }
    if self == other { return value }
    let base = value * scale + offset
    return (base - other.offset) / other.scale
  }

  /// `value` in this unit as a difference expressed in `other`: offsets cancel, so 23 K of change is 23 °C.
  package func convertDifference(_ value: Double, to other: MeasurementUnit) -> Double? {
    guard quantity == other.quantity else { return nil }
    return self == other ? value : value * scale / other.scale
  }

  /// The lookup key: NFKC, lower case, no spaces or `^`, Chinese unit names written as symbols.
  static func key(_ text: String) -> String {
    let folded: String
    // Within the table's reach, case folding and `lowercased()` agree and all whitespace is ASCII.
    if let bytes = CompatibilityText.tableMapped(text, foldingCase: true) {
      folded = String(decoding: bytes.filter { !CompatibilityText.isWhitespace($0) && $0 != 0x5E }, as: UTF8.self)
    } else {
      let normalized = text.precomposedStringWithCompatibilityMapping.lowercased()
      folded = String(
        normalized.unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "^" }.map(Character.init))
    }
    return folded.contains(where: { !$0.isASCII }) ? ChineseUnitSpelling.symbols(folded) : folded
  }

  private static let lookup: [String: MeasurementUnit] = {
    var table: [String: MeasurementUnit] = [:]
    for unit in all {
      for spelling in [unit.symbol] + unit.symbolForms + unit.aliases {
        table[key(spelling)] = unit
      }
    }
    for (names, symbol) in englishNames {
      guard let unit = all.first(where: { $0.symbol == symbol }) else { continue }
      for name in names where table[key(name)] == nil { table[key(name)] = unit }
    }
    return table
  }()
}

extension MeasurementUnit: CustomStringConvertible {
  package var description: String { symbol }
}
