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
    return appendTableMapped(text, foldingCase: foldingCase, to: &bytes) ? bytes : nil
  }

  /// Appends the table's mapping of `text` to `output`; false, with `output` as it was, when some
  /// scalar is beyond the table's reach.
  ///
  /// For callers that keep several mappings side by side in one array: every array made costs an
  /// allocation and a run-time lookup of its storage type (callgrind: ~550 instructions, more than
  /// mapping a short option), and a course's options are mapped at every start.
  static func appendTableMapped(_ text: String, foldingCase: Bool, to output: inout [UInt8]) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      // The mapping is made on the stack (no allocation for text of up to a few hundred bytes),
      // then copied in one append.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(utf8.count, 1)) { buffer in
        guard let count = tableMapped(utf8, foldingCase: foldingCase, into: buffer) else { return false }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        return true
      }
    }
  }

  /// The mapping over the bytes of valid UTF-8 into `output`, which has room for as many bytes as
  /// `utf8`: the count written, or nil when some scalar is beyond the table's reach. A scalar that
  /// maps to itself is copied as its bytes, and case folding, which within the table's reach is
  /// ASCII lowercasing, is done on the way out.
  ///
  /// No mapping here is longer than its scalar (`℃` to `°C` keeps three bytes, `①` to `1` has one),
  /// and a replacement that would not fit is refused.
  private static func tableMapped(
    _ utf8: UnsafeBufferPointer<UInt8>, foldingCase: Bool, into output: UnsafeMutableBufferPointer<UInt8>
  ) -> Int? {
    // Added to an upper-case ASCII letter's byte: its lower case, or itself.
    let caseFold: UInt8 = foldingCase ? 0x20 : 0
    var count = 0
    var i = 0
    while i < utf8.count {
      let lead = utf8[i]
      if lead < 0x80 {
        output[count] = (0x41...0x5A).contains(lead) ? lead + caseFold : lead
        count += 1
        i += 1
        continue
      }
      // The string is valid UTF-8: the lead byte gives the length, the continuation bytes 6 bits each.
      let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      var value = UInt32(lead) & (0x7F >> length)
      for next in utf8[i + 1..<i + length] { value = value << 6 | UInt32(next & 0x3F) }
      switch value {
      case 0x4E00...0x9FFF, 0x3400...0x4DBF,
        0x3001, 0x3002, 0x3008...0x3011, 0xB0, 0xD7, 0xF7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D,
        0x2212, 0x2190...0x2199, 0x3B1...0x3C1, 0x3C3...0x3C9:
        // CJK Unified Ideographs (and Extension A); 、。〈〉《》「」『』【】, °, ×, ÷, –—, ‘’“”, −, the
        // arrows ←↑→↓↔↕↖↗↘↙, the lower-case Greek letters (ρ, λ, μ; their own folds, except final
        // ς, which folds to σ): no compatibility decomposition, no case.
        for k in i..<i + length {
          output[count] = utf8[k]
          count += 1
        }
      case 0xFF01...0xFF5E:
        // Full-width ASCII: NFKC maps U+FF01…U+FF5E to U+0021…U+007E.
        let ascii = UInt8(value - 0xFEE0)
        output[count] = (0x41...0x5A).contains(ascii) ? ascii + caseFold : ascii
        count += 1
      default:
        guard let replacement = compatibilityDecomposition(of: value), replacement.utf8.count <= length else {
          return nil
        }
        for byte in replacement.utf8 {
          output[count] = (0x41...0x5A).contains(byte) ? byte + caseFold : byte
          count += 1
        }
      }
      i += length
    }
    return count
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
