import Localization

/// A text file's lines, decoded from UTF-8 with a byte-order mark, CRLF and bare CR accepted.
///
/// ```swift
/// let lines = try SourceLines.decode(Array("a\r\nb".utf8), file: "x.gift")
/// lines.lines  // ["a", "b"]
/// ```
public struct SourceLines: Sendable {
  public var lines: [String]

  /// Decodes `bytes`; a file that is not UTF-8 is one error naming the first bad byte's offset,
  /// its line and column, and what the encoding looks like.
  public static func decode(_ bytes: [UInt8], file: String) throws(ImportProblem) -> SourceLines {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    if let bad = firstInvalidUTF8(body) {
      let before = body[body.startIndex..<bad]
      let line = before.filter { $0 == 0x0A }.count + 1
      let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? body.startIndex
      let column = String(decoding: body[lineStart..<bad], as: UTF8.self).unicodeScalars.count + 1
      throw ImportProblem(
        .error, file: file, line: line, column: column,
        text: .tr(
          "not UTF-8: byte 0x{byte} at offset {offset} {guess}; save the file as UTF-8 (e.g. iconv -f {encoding} -t UTF-8)",
          [
            "byte": String(body[bad], radix: 16, uppercase: true), "offset": bad, "guess": guessEncoding(bytes),
            "encoding": iconvName(bytes),
          ]))
    }
    let text = String(decoding: body, as: UTF8.self)
    var lines: [String] = []
    var current = ""
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\r" {
        lines.append(current)
        current = ""
        previousWasCR = true
        continue
      }
      if scalar == "\n" {
        if !previousWasCR { lines.append(current) }
        if !previousWasCR { current = "" }
        previousWasCR = false
        continue
      }
      previousWasCR = false
      current.unicodeScalars.append(scalar)
    }
    lines.append(current)
    return SourceLines(lines: lines)
  }

  /// The index of the first byte that does not belong to a valid UTF-8 sequence.
  static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let b = bytes[i]
      let length: Int
      switch b {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: return i
      }
      guard i + length <= bytes.endIndex else { return i }
      for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
      if length == 3 {
        let second = bytes[i + 1]
        if b == 0xE0 && second < 0xA0 { return i }
        if b == 0xED && second > 0x9F { return i }
      }
      if length == 4 {
        let second = bytes[i + 1]
        if b == 0xF0 && second < 0x90 { return i }
        if b == 0xF4 && second > 0x8F { return i }
      }
      i += length
    }
    return nil
  }

  /// A guess at what the file is, for the message.
  static func guessEncoding(_ bytes: [UInt8]) -> Message {
    if bytes.starts(with: [0xFF, 0xFE]) { return .tr("(the file starts like UTF-16 little-endian)") }
    if bytes.starts(with: [0xFE, 0xFF]) { return .tr("(the file starts like UTF-16 big-endian)") }
    let zeros = bytes.prefix(200).filter { $0 == 0 }.count
    if zeros > 10 { return .tr("(the file has NUL bytes, like UTF-16)") }
    let high = bytes.filter { $0 >= 0x80 }
    if high.allSatisfy({ $0 >= 0xA0 || [0x80, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97].contains($0) }) {
      return .tr("(it looks like Windows-1252 or Latin-1)")
    }
    return .tr("(an 8-bit encoding such as Windows-1252, or a damaged file)")
  }

  static func iconvName(_ bytes: [UInt8]) -> String {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
    return "WINDOWS-1252"
  }
}
