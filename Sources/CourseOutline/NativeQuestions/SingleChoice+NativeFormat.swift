import Localization
package import PracticeJSON
package import QuizEngine

/// `single`: `options` and `answer`, an index or (several right options) an array of them.
extension SingleChoice: NativeQuestionFormat {
  package static let nativeFields = ["options", "answer", "fractions", "feedback"]

  package static func decode(_ decoder: inout QuestionDecoder) -> Question.Kind? {
    let (options, optionCount) = decoder.options()
    guard let value = decoder.value("answer", required: true, .tr("the 0-based index of the right option")) else {
      return nil
    }
    // An array names several right options, any one of which is the answer (Moodle's several `=`).
    let elements = value.array ?? [value]
    let rights = decoder.optionIndices(elements, optionCount: optionCount) { _, found in
      .tr("\"answer\" must be an integer (the 0-based index of the right option), found {found}", ["found": found])
    }
    if elements.isEmpty {
      decoder.report(value.problem(.tr("\"answer\" must list at least one option index")))
      return nil
    }
    guard let rights, let options, let answer = rights.first else { return nil }
    return .single(options: options, answer: answer, alsoRight: Array(rights.dropFirst()))
  }

  package func encode(into members: inout [(String, JSONValue)]) {
    // Several right options are an array, so that a course with one stays as it always was.
    let right: JSONValue = alsoRight.isEmpty ? .int(answer) : .array(([answer] + alsoRight).map { .int($0) })
    members += [("options", .array(options.map(JSONValue.string))), ("answer", right)]
  }
}
