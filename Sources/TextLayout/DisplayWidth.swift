/// How many terminal columns text takes, by Unicode East Asian Width.
///
/// A Chinese character takes two columns, a combining accent none, so tables
/// stay aligned when titles mix scripts.
///
/// ```swift
/// DisplayWidth.of("熔化 ab")  // 7
/// ```
package enum DisplayWidth {
  /// The width of `text` in terminal columns.
  package static func of(_ text: some StringProtocol) -> Int {
    if let width = text.utf8.withContiguousStorageIfAvailable({ of(utf8: $0) }) { return width }
    var width = 0
    for scalar in text.unicodeScalars { width += of(scalar) }
    return width
  }

  /// The width of UTF-8 text, decoded here rather than scalar by scalar through `String`: a listing
  /// of a million rows measures every title.
  ///
  /// ```swift
  /// "熔化 ab".utf8.withContiguousStorageIfAvailable { DisplayWidth.of(utf8: $0) }  // 7
  /// ```
  /// A sequence cut short at the end counts one column, as its replacement character would.
  package static func of(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int { measure(utf8: bytes).width }

  /// The width of UTF-8 text and whether `OutputSanitizer` might change it, in one pass: what a
  /// listing asks of each title, a million times on a large course.
  ///
  /// The same answers as `of(utf8:)` and `OutputSanitizer.mayNeedCleaning(utf8:)` for valid UTF-8
  /// (a `String`'s): the sanitizer's byte test looks only at controls, DEL and the lead bytes 0xC2,
  /// 0xD8 and 0xE2, which the decoding here meets anyway.
  ///
  /// ```swift
  /// "熔化 ab".utf8.withContiguousStorageIfAvailable { DisplayWidth.measure(utf8: $0) }  // (7, false)
  /// ```
  package static func measure(utf8 bytes: UnsafeBufferPointer<UInt8>) -> (width: Int, mayNeedCleaning: Bool) {
    var width = 0
    var mayNeedCleaning = false
    var i = 0
    let count = bytes.count
    while i < count {
      let lead = bytes[i]
      // The two cases of nearly every byte of a title first, each in one unsigned comparison:
      // printable ASCII (0x20…0x7E) and the lead byte of U+5000…U+9FFF (0xE5…0xE9).
      if lead &- 0x20 < 0x5F {
        width += 1
        i += 1
        continue
      }
      if lead &- 0xE5 < 5 && i + 3 <= count {
        width += 2
        i += 3
        continue
      }
      if lead < 0x80 {
        if lead >= 0x20 && lead != 0x7F {
          width += 1
        } else if lead != 0x0A && lead != 0x09 {
          mayNeedCleaning = true
        }
        i += 1
        continue
      }
      // U+5000…U+9FFF, CJK ideographs all: most of a Chinese title.
      if lead >= 0xE5 && lead <= 0xE9 && i + 3 <= count {
        width += 2
        i += 3
        continue
      }
      // U+4E00…U+4FFF, the rest of the ideographs, and U+FF00…U+FF60, full-width punctuation (：（）).
      if (lead == 0xE4 || lead == 0xEF) && i + 3 <= count {
        let second = bytes[i + 1]
        if lead == 0xE4 ? second >= 0xB8 : second == 0xBC || (second == 0xBD && bytes[i + 2] <= 0xA0) {
          width += 2
          i += 3
          continue
        }
      }
      if i + 1 < count {
        let next = bytes[i + 1]
        if (lead == 0xC2 && next <= 0x9F) || (lead == 0xD8 && next == 0x9C) || (lead == 0xE2 && next <= 0x81) {
          mayNeedCleaning = true
        }
      }
      let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      guard i + length <= count else { return (width + 1, mayNeedCleaning) }
      var value = UInt32(lead) & (0x7F >> length)
      for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
      width += of(value: value)
      i += length
    }
    return (width, mayNeedCleaning)
  }

  /// The width of one scalar: 0 for controls and combining marks, 2 for wide and full-width ones, else 1.
  package static func of(_ scalar: Unicode.Scalar) -> Int { of(value: scalar.value) }

  static func of(value v: UInt32) -> Int {
    if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
    if v < 0x300 { return 1 }
    // CJK ideographs first: most of a Chinese course's text, and no zero-width scalar is among them.
    if v >= 0x4E00 && v <= 0x9FFF { return 2 }
    if isZeroWidth(v) { return 0 }
    return isWide(v) ? 2 : 1
  }

  static func isZeroWidth(_ v: UInt32) -> Bool {
    switch v {
    case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
      0x0E31, 0x0E34...0x0E3A, 0x0E47...0x0E4E, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF,
      0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x20D0...0x20FF,
      0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xFEFF, 0xE0100...0xE01EF:
      return true
    default:
      return false
    }
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges, plus emoji presentation.
  static func isWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
      0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD,
      0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797,
      0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
      0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F004, 0x1F0CF, 0x1F18E,
      0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
      0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// `text` followed by spaces up to `width` columns (unchanged when already as wide).
  package static func padded(_ text: String, to width: Int) -> String {
    let w = of(text)
    return w >= width ? text : text + String(repeating: " ", count: width - w)
  }

  /// Spaces then `text`, right-aligned in `width` columns.
  package static func leftPadded(_ text: String, to width: Int) -> String {
    let w = of(text)
    return w >= width ? text : String(repeating: " ", count: width - w) + text
  }

  /// `text` cut to at most `width` columns, ending in `…` when cut; never splits a wide character.
  package static func truncated(_ text: String, to width: Int, ellipsis: String = "…") -> String {
    guard of(text) > width else { return text }
    let budget = max(0, width - of(ellipsis))
    var used = 0
    var out = ""
    for character in text {
      let w = of(String(character))
      if used + w > budget { break }
      used += w
      out.append(character)
    }
    return out + ellipsis
  }
}
