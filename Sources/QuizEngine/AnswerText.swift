import Foundation
import TextLayout

/// Normalization shared by all graders, so `Ｂ`, ` b ` and `B` read the same.
package enum AnswerText {
  /// NFKC, case folded (unless `foldingCase` is false), trimmed, with inner whitespace runs collapsed
  /// to one space.
  ///
  /// NFKC maps full-width forms to ASCII (`ｇ/ｃｍ３` → `g/cm3`) and superscripts to digits;
  /// case folding (not just lowercasing) makes `ß` match `ss`.
  static func normalize(_ text: String, foldingCase: Bool = true) -> String {
    guard var bytes = CompatibilityText.tableMapped(text, foldingCase: foldingCase) else {
      return normalizeWithFoundation(text, foldingCase: foldingCase)
    }
    collapseWhitespace(&bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// ``normalize(_:foldingCase:)`` as UTF-8, for telling texts apart: no `String` is made for text
  /// within the table's reach.
  static func normalizedUTF8(_ text: String, foldingCase: Bool = true) -> [UInt8] {
    var bytes: [UInt8] = []
    appendNormalizedUTF8(text, foldingCase: foldingCase, to: &bytes)
    return bytes
  }

  /// Appends ``normalizedUTF8(_:foldingCase:)`` to `output`, so that several texts' forms share one
  /// array (a course's options are compared so at every start, and each array made costs more than
  /// the normalization of a short option).
  package static func appendNormalizedUTF8(_ text: String, foldingCase: Bool = true, to output: inout [UInt8]) {
    let start = output.count
    if CompatibilityText.appendTableMapped(text, foldingCase: foldingCase, to: &output) {
      collapseWhitespace(&output, from: start)
    } else {
      output.append(contentsOf: normalizeWithFoundation(text, foldingCase: foldingCase).utf8)
    }
  }

  /// Drops leading and trailing whitespace of `bytes[start...]` and makes each inner run one space,
  /// in place. Within the table's reach all whitespace is ASCII and a character of its own.
  private static func collapseWhitespace(_ bytes: inout [UInt8], from start: Int = 0) {
    let end = bytes.withUnsafeMutableBufferPointer { bytes -> Int in
      var written = start
      var pendingSpace = false
      // Never ahead of the byte read: a space is written only where whitespace was skipped.
      for index in start..<bytes.count {
        let byte = bytes[index]
        if CompatibilityText.isWhitespace(byte) {
          pendingSpace = written > start
        } else {
          if pendingSpace {
            bytes[written] = 0x20
            written += 1
          }
          pendingSpace = false
          bytes[written] = byte
          written += 1
        }
      }
      return written
    }
    bytes.removeLast(bytes.count - end)
  }

  /// Punctuation a typed answer may start or end with and still mean the same (`凝固。`, `凝固!`).
  ///
  /// After NFKC, so `，．！？` are their ASCII forms; `。` and `、` have no compatibility mapping.
  static let edgePunctuation: Set<Character> = ["。", ",", ".", "!", "?", "、", "；", ";"]

  /// The form text answers and option texts are compared in: ``normalize(_:)``, then without leading
  /// and trailing punctuation, and without spaces except the single ones between two Latin letters.
  ///
  /// Chinese is written without spaces, so `零下 5 摄氏度` is `零下5摄氏度`, while `boiling point`
  /// keeps its space and never equals `boilingpoint`.
  ///
  /// ```swift
  /// AnswerText.comparisonKey(" 零下 5 摄氏度。")  // "零下5摄氏度"
  /// AnswerText.comparisonKey("Boiling  Point!")  // "boiling point"
  /// ```
  package static func comparisonKey(_ text: String, foldingCase: Bool = true) -> String {
    var characters = Array(normalize(text, foldingCase: foldingCase))
    while let first = characters.first, edgePunctuation.contains(first) || first == " " { characters.removeFirst() }
    while let last = characters.last, edgePunctuation.contains(last) || last == " " { characters.removeLast() }
    return AnswerNormalizer.spaceless(characters)
  }

  /// The same through Foundation (ICU), for any text; what the table path must always equal.
  static func normalizeWithFoundation(_ text: String, foldingCase: Bool = true) -> String {
    let mapped = text.precomposedStringWithCompatibilityMapping
    let folded = foldingCase ? mapped.folding(options: [.caseInsensitive], locale: nil) : mapped
    return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// `true` when `text` holds nothing but whitespace; such input is never graded.
  package static func isBlank(_ text: String) -> Bool {
    // A first character that is certainly not whitespace (printable ASCII, or a scalar of U+00C0…U+07FF
    // or U+4000 and above, where no scalar is White_Space) says "not blank" without breaking the
    // text into characters: a `Character` is whitespace exactly when its first scalar is.
    if let first = text.utf8.first, (0x21...0x7E).contains(first) || (0xC3...0xDF).contains(first) || first >= 0xE4 {
      return false
    }
    return text.allSatisfy { $0.isWhitespace }
  }

  /// A number for messages: up to 12 significant digits, no trailing `.0`.
  package static func format(_ value: Double) -> String {
    if value == 0 { return "0" }
    let magnitude = abs(value)
    // Very large and very small numbers as a textbook prints them, `10⁹` and `1.6×10⁻⁵`, never
    // `1000000000` (which a learner has to count the zeros of) or `1.6e-05`.
    guard magnitude >= 1e6 || magnitude < 1e-3, magnitude.isFinite else { return String(printf: "%.12g", value) }
    var exponent = Int(log10(magnitude).rounded(.down))
    var mantissa = String(printf: "%.11g", value / pow(10, Double(exponent)))
    if mantissa == "10" || mantissa == "-10" {
      // 9.99999999999… rounded up to 10: one more power of ten.
      exponent += 1
      mantissa = String(mantissa.dropLast())
    }
    let power = "10" + superscript(exponent)
    switch mantissa {
    case "1": return power
    case "-1": return "-" + power
    default: return mantissa + "×" + power
    }
  }

  /// `-5` as `⁻⁵`.
  static func superscript(_ number: Int) -> String {
    let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
    return (number < 0 ? "⁻" : "") + String(String(abs(number)).map { digits[Int(String($0))!] })
  }

  /// `A`, `B`, … for options 0, 1, …; past `Z` the 1-based number, which is always accepted too.
  static func label(ofOption index: Int) -> String {
    guard index < 26 else { return String(index + 1) }
    return String(Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(index))))
  }

}
