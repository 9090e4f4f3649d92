import Foundation

/// NFKC and case folding that skip ICU for the text courses are mostly made of.
///
/// ICU's first use costs about a millisecond and each call a few microseconds; a course is checked
/// option by option at every start, so that cost lands on the time to first prompt. Text made only of
/// ASCII, CJK ideographs, a few punctuation marks, superscript digits and the full-width forms of
/// ASCII is mapped here by table; anything else (accents, combining marks, Hangul, other scripts)
/// goes to Foundation, so the result is always exactly what Foundation would give.
///
/// ```swift
/// CompatibilityText.nfkc("Ｂ，ｃ℃")  // "B,c°C"
/// ```
enum CompatibilityText {
  /// `text` in NFKC (`precomposedStringWithCompatibilityMapping`).
  static func nfkc(_ text: String) -> String {
    tableMapped(text, foldingCase: false).map { String(decoding: $0, as: UTF8.self) }
      ?? text.precomposedStringWithCompatibilityMapping
  }

  /// The table's mapping of `text` as UTF-8, or nil when some scalar is beyond the table's reach.
  ///
  /// Every scalar the table accepts is a character of its own (or part of `\r\n`), and its only
  /// whitespace is ASCII's, so callers may work byte by byte where they would otherwise need
  /// `Character`s. Bytes, not a `String`: appending scalars to a string one by one costs more than
  /// the mapping.
  static func tableMapped(_ text: String, foldingCase: Bool) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    // Case folding within the table's reach is ASCII lowercasing: nothing else in it has case.
    func append(_ scalar: Unicode.Scalar) {
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        bytes.append(foldingCase && (0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
      } else {
        UTF8.encode(scalar) { bytes.append($0) }
      }
    }
    for scalar in text.unicodeScalars {
      let value = scalar.value
      switch value {
      case 0x00...0x7F, 0x4E00...0x9FFF, 0x3400...0x4DBF:
        // ASCII and CJK Unified Ideographs (and Extension A): no decompositions.
        append(scalar)
      case 0x3001, 0x3002, 0x3008...0x3011, 0xB0, 0xD7, 0xF7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D,
        0x2212, 0x2190...0x2199, 0x3B1...0x3C1, 0x3C3...0x3C9:
        // 、。〈〉《》「」『』【】, °, ×, ÷, –—, ‘’“”, −, the arrows ←↑→↓↔↕↖↗↘↙, the lower-case Greek
        // letters (ρ, λ, μ; their own folds, except final ς, which folds to σ): no compatibility
        // decomposition, no case.
        append(scalar)
      case 0xFF01...0xFF5E:
        // Full-width ASCII: NFKC maps U+FF01…U+FF5E to U+0021…U+007E.
        append(Unicode.Scalar(value - 0xFEE0)!)
      default:
        guard let replacement = compatibilityDecomposition(of: value) else { return nil }
        for scalar in replacement.unicodeScalars { append(scalar) }
      }
    }
    return bytes
  }

  /// Whitespace within the table's reach, which is all ASCII: space, tab, line feed, VT, FF, CR.
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  /// Compatibility decompositions of the marks physics and maths text uses most.
  ///
  /// A switch, not a dictionary: the first use of a dictionary keyed by a new type costs a scan of
  /// every protocol conformance in the binary, paid at each start.
  private static func compatibilityDecomposition(of value: UInt32) -> String? {
    switch value {
    case 0x00B2: "2"
    case 0x00B5: "\u{3BC}"  // the micro sign of `µm` is the Greek letter of `μm`
    case 0x00B3: "3"
    case 0x00B9: "1"
    case 0x2070: "0"
    case 0x2074...0x2079: String(value - 0x2070)
    case 0x207A: "+"
    case 0x207B: "\u{2212}"
    case 0x2080...0x2089: String(value - 0x2080)
    case 0x208A: "+"
    case 0x208B: "\u{2212}"
    case 0x2460...0x2473: String(value - 0x245F)  // ① … ⑳
    case 0x2103: "\u{B0}C"
    case 0x2109: "\u{B0}F"
    case 0x3000: " "
    default: nil
    }
  }
}
