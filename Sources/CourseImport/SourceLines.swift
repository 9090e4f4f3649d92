import CourseOutline
import PracticeFiles

/// A text file's lines, decoded from UTF-8 with a byte-order mark, CRLF and bare CR accepted.
///
/// ```swift
/// let lines = try SourceLines.decode(Array("a\r\nb".utf8), file: "x.gift")
/// lines.lines  // ["a", "b"]
/// ```
package struct SourceLines: Sendable {
  package var lines: [String]

  /// Decodes `bytes`; a file that is not UTF-8 (UTF-16, Windows-1252, …) is one error saying what
  /// it looks like and how to convert it, at its first bad byte's line and column.
  package static func decode(_ bytes: [UInt8], file: String) throws(ImportProblem) -> SourceLines {
    try checkEncoding(bytes, file: file)
    var lines: [String] = []
    eachLine(of: bytes) { lines.append($0) }
    return SourceLines(lines: lines)
  }

  /// A file that is not UTF-8 as one error saying what it looks like and how to convert it.
  package static func checkEncoding(_ bytes: [UInt8], file: String) throws(ImportProblem) {
    if let guess = TextEncodingGuess.of(bytes) {
      let problem = CourseProblem.notUTF8(guess, file: file, bytes: bytes)
      throw ImportProblem(.error, file: file, line: problem.line, column: problem.column, text: problem.text)
    }
  }

  /// Each line of `bytes` (UTF-8, checked by `decode` or by the caller), one at a time, without
  /// holding the whole text or all its lines: a BOM skipped, CRLF, CR and LF each one line end.
  package static func eachLine(of bytes: [UInt8], _ body: (String) -> Void) {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var i = start
    // CR and LF are single bytes that no longer UTF-8 sequence contains: split on bytes.
    while i < bytes.count {
      let byte = bytes[i]
      guard byte == 0x0D || byte == 0x0A else {
        i += 1
        continue
      }
      body(String(decoding: bytes[start..<i], as: UTF8.self))
      i += byte == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
      start = i
    }
    body(String(decoding: bytes[start...], as: UTF8.self))
  }
}
