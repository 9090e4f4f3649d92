import Localization
import PracticeJSON
import QuizEngine
import TextLayout

extension CourseLoader {
  /// Text in a course that is shown differently from how it is written: control characters
  /// (escape sequences), bidirectional overrides and zero-width characters. `validate` lists
  /// them as warnings; the program shows them visibly (`\u{1B}`, `<U+202E>`), never as themselves.
  ///
  /// ```swift
  /// for warning in CourseLoader().textWarnings(path: "course.json") { print(warning) }
  /// // course.json:3:12: warning: text holds \u{1B} (a control character); it is shown as written here
  /// ```
  package func textWarnings(path: String) -> [CourseProblem] {
    guard let file = try? resolve(path), let bytes = try? read(file) else { return [] }
    var problems = ProblemCollector(file: file, bytes: bytes)
    var text = bytes
    if startsWithChapterListMember(bytes) {
      text = [UInt8(ascii: "{")] + bytes + [UInt8(ascii: "}")]
      problems.offsetShift = -1
    }
    guard let root = try? JSONParser.parse(text) else { return [] }
    Self.collectTextWarnings(root, into: &problems)
    let conventions = AnswerConventions.forLanguage(root["language"]?.string)
    Self.collectNormalizationWarnings(root, conventions: conventions, into: &problems)
    return problems.reported
  }

  private static func collectTextWarnings(_ value: JSONValue, into problems: inout ProblemCollector) {
    switch value.kind {
    case .string(let text): warnIfUnsafe(text, at: value.offset, into: &problems)
    case .array(let items): for item in items { collectTextWarnings(item, into: &problems) }
    case .object(let members):
      for member in members {
        warnIfUnsafe(member.key, at: member.keyOffset, into: &problems)
        collectTextWarnings(member.value, into: &problems)
      }
      warnOfUnrenderedFormulas(value, into: &problems)
    default: break
    }
  }

  /// Options, or accepted answers, of one question that the answer normaliser reads alike although
  /// they are written differently (`後` and `后` in a Chinese course, `“冰”` and `冰`): a typed answer
  /// matching one matches the other, so the question cannot tell them apart.
  private static func collectNormalizationWarnings(
    _ value: JSONValue, conventions: AnswerConventions, into problems: inout ProblemCollector
  ) {
    switch value.kind {
    case .array(let items):
      for item in items { collectNormalizationWarnings(item, conventions: conventions, into: &problems) }
    case .object(let members):
      let type = value["type"]?.string
      let field = type == "fill" ? "answers" : type == "single" || type == "multiple" ? "options" : nil
      if let field, let list = value[field]?.array {
        let texts = list.compactMap(\.string)
        if texts.count == list.count {
          for pair in AnswerNormalizer.newlyEqualPairs(texts, conventions: conventions) {
            let values: KeyValuePairs<String, Any> = [
              "index": pair.second, "text": texts[pair.second], "first": pair.first, "firstText": texts[pair.first],
            ]
            problems.add(
              JSONProblem(
                field == "options"
                  ? .tr(
                    "warning: option {index} (\"{text}\") reads as option {first} (\"{firstText}\") once answers are normalised; a typed answer cannot tell them apart",
                    values)
                  : .tr(
                    "warning: accepted answer {index} (\"{text}\") reads as accepted answer {first} (\"{firstText}\") once answers are normalised; one of them is enough",
                    values), at: list[pair.second].offset))
          }
        }
      }
      for member in members where member.key == "nodes" || member.key == "children" || member.key == "questions" {
        collectNormalizationWarnings(member.value, conventions: conventions, into: &problems)
      }
    default: break
    }
  }

  /// A question whose prompt or instructions, in a format that reads TeX, hold a formula the
  /// renderer leaves as written.
  private static func warnOfUnrenderedFormulas(_ question: JSONValue, into problems: inout ProblemCollector) {
    for (textKey, formatKey) in [("prompt", "format"), ("instructions", "instructionsFormat")] {
      guard let format = question[formatKey]?.string.flatMap(TextMarkup.init(rawValue:)), format != .plain,
        let text = question[textKey], let string = text.string
      else { continue }
      for formula in MarkupRenderer.render(MarkedText(string, markup: format)).unrenderedTeX {
        problems.add(
          JSONProblem(
            .tr(
              "warning: the formula {formula} is shown as written: practice cannot render it as text",
              ["formula": formula]), at: text.offset))
      }
    }
  }

  private static func warnIfUnsafe(_ text: String, at offset: Int, into problems: inout ProblemCollector) {
    guard OutputSanitizer.needsCleaning(text),
      let scalar = text.unicodeScalars.first(where: { OutputSanitizer.kind(of: $0) != nil })
    else { return }
    let values: KeyValuePairs<String, Any> = ["character": OutputSanitizer.visible(scalar)]
    problems.add(
      JSONProblem(
        OutputSanitizer.kind(of: scalar) == .control
          ? .tr(
            "warning: text holds {character} (a control character); it is shown as {character}, remove it unless it is meant",
            values)
          : .tr(
            "warning: text holds {character} (an invisible formatting character); it is shown as {character}, remove it unless it is meant",
            values), at: offset))
  }
}
