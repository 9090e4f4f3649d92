import Foundation
import Localization
import TextLayout

/// Reads Aiken, Moodle's simplest format: a question, lettered options, then `ANSWER: B`.
///
/// ```text
/// What is the capital of France?
/// A. Lyon
/// B) Paris
/// ANSWER: B
/// ```
///
/// ```swift
/// let (questions, problems) = AikenReader.parse(lines: ["Q?", "A. x", "B. y", "ANSWER: A"], file: "a.txt")
/// ```
package enum AikenReader {
  package static func parse(bytes: [UInt8], file: String) -> (questions: [GiftQuestion], problems: [ImportProblem]) {
    do {
      return parse(lines: try SourceLines.decode(bytes, file: file).lines, file: file)
    } catch {
      return ([], [error])
    }
  }

  /// `A. text` or `A) text`: the letter and the text.
  static func option(_ line: String) -> (Character, String)? {
    let chars = Array(line)
    guard chars.count >= 3, let first = chars.first, first.isASCII, first.isUppercase,
      chars[1] == "." || chars[1] == ")", chars[2] == " " || chars[2] == "\t"
    else { return nil }
    return (first, String(chars[3...]).trimmingWhitespace())
  }

  package static func parse(lines: [String], file: String) -> (questions: [GiftQuestion], problems: [ImportProblem]) {
    var questions: [GiftQuestion] = []
    var problems: [ImportProblem] = []
    var stem: [String] = []
    var stemLine = 0
    var options: [(Character, String)] = []
    func fail(_ line: Int, _ column: Int, _ message: Message) {
      problems.append(ImportProblem(.error, file: file, line: line, column: column, text: message))
    }
    func reset() {
      stem = []
      options = []
    }
    for (index, raw) in lines.enumerated() {
      let number = index + 1
      let line = raw.trimmingWhitespace()
      if line.isEmpty {
        if !stem.isEmpty && options.isEmpty { continue }  // a blank line inside a question's text
        if !options.isEmpty {
          fail(number, 1, .tr("question at line {line} has options but no 'ANSWER: X' line", ["line": stemLine]))
          reset()
        }
        continue
      }
      if line.uppercased().hasPrefix("ANSWER:") {
        let letter = line.dropFirst(7).trimmingWhitespace()
        let indent = raw.prefix(while: { $0 == " " || $0 == "\t" }).count
        let column = indent + 8 + line.dropFirst(7).prefix(while: { $0 == " " || $0 == "\t" }).count
        if stem.isEmpty {
          fail(number, 1, .tr("'ANSWER:' without a question before it"))
        } else if options.count < 2 {
          fail(
            number, 1,
            .tr(
              "the question at line {line} needs at least 2 options (A. …, B. …) before 'ANSWER:'", ["line": stemLine]))
        } else if letter.count != 1 || !options.contains(where: { String($0.0) == letter.uppercased() }) {
          let letters = options.map { String($0.0) }
          fail(
            number, column,
            .tr("'ANSWER: {letter}' names no option; use one of {letters}", ["letter": letter, "letters": letters]))
        } else {
          let answers = options.map {
            GiftQuestion.Answer(.init($0.1, format: .plain), weight: String($0.0) == letter.uppercased() ? 1 : 0)
          }
          questions.append(
            GiftQuestion(
              title: nil, text: .init(stem.joined(separator: "\n"), format: .plain),
              kind: .multipleChoice(single: true, answers: answers), line: stemLine, column: 1))
        }
        reset()
        continue
      }
      if let parsed = option(line), !stem.isEmpty {
        let expected = Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(min(options.count, 25))))
        if parsed.0 != expected {
          fail(
            number, 1,
            .tr(
              "option {found} where {expected} was expected; letter options A, B, C… in order",
              ["found": parsed.0, "expected": expected]))
        }
        options.append(parsed)
        continue
      }
      if !options.isEmpty {
        fail(
          number, 1,
          .tr(
            "text after the options of the question at line {line}; expected 'ANSWER: X' or another option",
            ["line": stemLine]))
        reset()
      }
      if stem.isEmpty { stemLine = number }
      stem.append(line)
    }
    if !stem.isEmpty {
      fail(stemLine, 1, .tr("the question at line {line} has no 'ANSWER: X' line", ["line": stemLine]))
    }
    return (questions, problems)
  }
}
