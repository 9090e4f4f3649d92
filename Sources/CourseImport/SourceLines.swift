import CourseOutline
import PracticeFiles

/// A text file's lines, decoded from UTF-8 with a byte-order mark, CRLF and bare CR accepted.
///
/// ```swift
/// let lines = try SourceLines.decode(Array("a\r\nb".utf8), file: "x.gift")
/// lines.lines  // ["a", "b"]
/// ```
public struct SourceLines: Sendable {
  public var lines: [String]

  /// Decodes `bytes`; a file that is not UTF-8 (UTF-16, Windows-1252, …) is one error saying what
  /// it looks like and how to convert it, at its first bad byte's line and column.
  public static func decode(_ bytes: [UInt8], file: String) throws(ImportProblem) -> SourceLines {
    if let guess = TextEncodingGuess.of(bytes) {
      let problem = CourseProblem.notUTF8(guess, file: file, bytes: bytes)
      throw ImportProblem(.error, file: file, line: problem.line, column: problem.column, text: problem.text)
    }
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
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
}
