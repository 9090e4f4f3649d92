import Localization
import PracticeJSON
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
  public func textWarnings(path: String) -> [CourseProblem] {
    guard let file = try? resolve(path), let bytes = try? read(file) else { return [] }
    var problems = ProblemCollector(file: file, bytes: bytes)
    var text = bytes
    if startsWithChapterListMember(bytes) {
      text = [UInt8(ascii: "{")] + bytes + [UInt8(ascii: "}")]
      problems.offsetShift = -1
    }
    guard let root = try? JSONParser.parse(text) else { return [] }
    Self.collectTextWarnings(root, into: &problems)
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
    default: break
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
