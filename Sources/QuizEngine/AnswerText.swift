import Foundation

/// Normalization shared by all graders, so `Ｂ`, ` b ` and `B` read the same.
enum AnswerText {
  /// NFKC, case folded, trimmed, with inner whitespace runs collapsed to one space.
  ///
  /// NFKC maps full-width forms to ASCII (`ｇ/ｃｍ３` → `g/cm3`) and superscripts to digits;
  /// case folding (not just lowercasing) makes `ß` match `ss`.
  static func normalize(_ text: String) -> String {
    guard let bytes = CompatibilityText.tableMapped(text, foldingCase: true) else {
      return normalizeWithFoundation(text)
    }
    // Within the table's reach all whitespace is ASCII and a character of its own.
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var pendingSpace = false
    for byte in bytes {
      if CompatibilityText.isWhitespace(byte) {
        pendingSpace = !result.isEmpty
      } else {
        if pendingSpace { result.append(0x20) }
        pendingSpace = false
        result.append(byte)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The same through Foundation (ICU), for any text; what the table path must always equal.
  static func normalizeWithFoundation(_ text: String) -> String {
    let folded = text.precomposedStringWithCompatibilityMapping.folding(options: [.caseInsensitive], locale: nil)
    return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// `true` when `text` holds nothing but whitespace; such input is never graded.
  static func isBlank(_ text: String) -> Bool {
    text.allSatisfy { $0.isWhitespace }
  }

  /// A number for messages: up to 12 significant digits, no trailing `.0`.
  static func format(_ value: Double) -> String {
    if value == 0 { return "0" }
    return String(format: "%.12g", value)
  }

  /// `A`, `B`, … for options 0, 1, …; past `Z` the 1-based number, which is always accepted too.
  static func label(ofOption index: Int) -> String {
    guard index < 26 else { return String(index + 1) }
    return String(Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(index))))
  }

  static func plural(_ count: Int, _ singular: String, _ plural: String) -> String {
    "\(count) \(count == 1 ? singular : plural)"
  }
}
