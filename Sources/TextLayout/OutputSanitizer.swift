/// Makes text safe to show: no escape sequence or invisible direction change from a course file,
/// a learner's name or a typed line ever reaches a terminal or a file as itself.
///
/// C0 and C1 control characters other than newline, tab and a CR ending a line (CSV's CRLF)
/// are shown as `\u{1B}`; bidirectional overrides, isolates and marks and the zero-width space
/// and word joiner as `<U+202E>`. Every path that prints uses it: the REPL's output and error
/// streams, completion lists, reports (text, Markdown, CSV; HTML and JSON escape the same
/// characters their own way).
///
/// ```swift
/// OutputSanitizer.clean("a\u{1B}]52;c;aGk=\u{07}b")  // "a\\u{1B}]52;c;aGk=\\u{7}b"
/// OutputSanitizer.clean("abc\u{202E}def")              // "abc<U+202E>def"
/// ```
package enum OutputSanitizer {
  /// How an unsafe scalar is shown.
  package enum Kind: Equatable, Sendable {
    /// A control character: `\u{1B}`.
    case control
    /// An invisible formatting character (bidi, zero-width): `<U+202E>`.
    case invisible
  }

  /// What `scalar` is when it must not be shown as itself, or nil when it is safe.
  package static func kind(of scalar: Unicode.Scalar) -> Kind? {
    let v = scalar.value
    if v < 0x20 { return v == 0x0A || v == 0x09 ? nil : .control }
    if v < 0x7F { return nil }
    if v <= 0x9F { return .control }
    switch v {
    case 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060, 0x2066...0x2069: return .invisible
    default: return nil
    }
  }

  /// The visible stand-in for an unsafe scalar.
  package static func visible(_ scalar: Unicode.Scalar) -> String {
    switch kind(of: scalar) {
    case .control?: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    case .invisible?: return codePoint(scalar)
    case nil: return String(scalar)
    }
  }

  /// `<U+202E>`: a scalar named by its code point.
  package static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
  }

  /// True when `text` holds anything `clean` would change.
  package static func needsCleaning(_ text: some StringProtocol) -> Bool {
    let mayNeedCleaning =
      text.utf8.withContiguousStorageIfAvailable { self.mayNeedCleaning(utf8: $0) } ?? mayHoldUnsafeScalar(text.utf8)
    guard mayNeedCleaning else { return false }
    var previous: Unicode.Scalar = " "
    for scalar in text.unicodeScalars {
      if previous == "\r", scalar != "\n" { return true }
      if scalar != "\r", kind(of: scalar) != nil { return true }
      previous = scalar
    }
    return previous == "\r"
  }

  /// False when `clean` certainly leaves this UTF-8 unchanged, told from its bytes alone (see
  /// `mayHoldUnsafeScalar`); true when it might change it.
  ///
  /// ```swift
  /// Array("▸ 1  Sound\n".utf8).withUnsafeBufferPointer { OutputSanitizer.mayNeedCleaning(utf8: $0) }  // false
  /// ```
  package static func mayNeedCleaning(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // The same test as `mayHoldUnsafeScalar`, eight bytes at a time while none of them can start an
    // unsafe scalar (Chinese text, digits, letters), byte by byte through the few words that hold one:
    // a listing of a million rows passes through here.
    guard let base = bytes.baseAddress else { return false }
    let count = bytes.count
    var i = 0
    var wordEnd = 0
    while i < count {
      if i >= wordEnd && i + 8 <= count {
        if !mayStartUnsafeScalar(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
          i += 8
          continue
        }
        wordEnd = i + 8
      }
      let byte = base[i]
      i += 1
      if byte >= 0x20 && byte != 0x7F && byte != 0xC2 && byte != 0xD8 && byte != 0xE2 { continue }
      if byte < 0x20 {
        if byte != 0x0A && byte != 0x09 { return true }
      } else if byte == 0x7F {
        return true
      } else if i < count, base[i] < 0xC0 {
        let next = base[i]
        if byte == 0xC2 && next <= 0x9F { return true }
        if byte == 0xD8 && next == 0x9C { return true }
        if byte == 0xE2 && next <= 0x81 { return true }
      }
    }
    return false
  }

  /// Whether any of eight bytes is below 0x20, 0x7F, or the lead byte 0xC2, 0xD8 or 0xE2: the only
  /// bytes `mayNeedCleaning` looks at more closely (newline and tab count too; they are rare).
  @inline(__always)
  private static func mayStartUnsafeScalar(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    // Bit Twiddling Hacks' "has a byte less than n" and "has a zero byte", exact for any word.
    func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & highBits != 0 }
    func hasByte(_ byte: UInt64) -> Bool { hasZeroByte(word ^ (ones &* byte)) }
    let hasControl = (word &- ones &* 0x20) & ~word & highBits != 0
    return hasControl || hasByte(0x7F) || hasByte(0xC2) || hasByte(0xD8) || hasByte(0xE2)
  }

  /// Whether the UTF-8 could hold an unsafe scalar, told from bytes without decoding: a control
  /// byte other than newline and tab, DEL, U+0080…U+009F (0xC2 0x80…0x9F), U+061C (0xD8 0x9C), or
  /// a scalar of U+2000…U+207F (0xE2 0x80…0x81), where the bidi and zero-width marks are. Lines of
  /// rows, CJK titles and the outline's markers (▸ is 0xE2 0x96 0xB8) pass on this scan alone.
  static func mayHoldUnsafeScalar(_ utf8: some Sequence<UInt8>) -> Bool {
    var previous: UInt8 = 0
    for byte in utf8 {
      if byte < 0x20 {
        if byte != 0x0A && byte != 0x09 { return true }
      } else if byte == 0x7F {
        return true
      } else if byte < 0xC0 && previous >= 0xC2 {
        // The first continuation byte after a lead byte.
        if previous == 0xC2 && byte <= 0x9F { return true }
        if previous == 0xD8 && byte == 0x9C { return true }
        if previous == 0xE2 && byte <= 0x81 { return true }
      }
      previous = byte
    }
    return false
  }

  /// `text` with every unsafe scalar shown visibly.
  ///
  /// - Parameter keepingColor: lets through the SGR color sequences the program itself paints
  ///   (`ESC [ digits m`) when its output goes to a color terminal; nothing else (no cursor moves,
  ///   no titles, no clipboard) ever passes.
  package static func clean(_ text: String, keepingColor: Bool = false) -> String {
    guard needsCleaning(text) else { return text }
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if keepingColor, scalar == "\u{1B}", let end = colorSequenceEnd(scalars, from: index) {
        out.append(contentsOf: scalars[index...end])
        index = end + 1
        continue
      }
      let lineEnd = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
      if lineEnd || kind(of: scalar) == nil {
        out.append(scalar)
      } else {
        out.append(contentsOf: visible(scalar).unicodeScalars)
      }
      index += 1
    }
    return String(out)
  }

  /// The index of the `m` ending an `ESC [ 1 ; 32 m` sequence starting at `start`, or nil.
  private static func colorSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
    var index = start + 2
    // Short, like every sequence OutputStyle and ReportStyle paint.
    while index < scalars.count, index - start < 12 {
      let scalar = scalars[index]
      if scalar == "m" { return index }
      guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
      index += 1
    }
    return nil
  }
}
