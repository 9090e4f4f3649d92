import Localization
package import PracticeJSON
package import QuizEngine

/// `multiple`: `options` and `answers`, the right options' indices.
extension MultipleChoice: NativeQuestionFormat {
  package static let nativeFields = ["options", "answers", "fractions", "feedback"]

  package static func decode(_ decoder: inout QuestionDecoder) -> Question.Kind? {
    let (options, optionCount) = decoder.options()
    guard let value = decoder.value("answers", required: true, .tr("an array of 0-based option indices")) else {
      return nil
    }
    guard
      let elements = decoder.reading({ () throws(JSONProblem) in
        try value.array { .tr("\"answers\" must be an array of 0-based option indices, found {found}", ["found": $0]) }
      })
    else { return nil }
    if elements.isEmpty {
      decoder.report(value.problem(.tr("\"answers\" must list at least one option index")))
      return nil
    }
    let answers = decoder.optionIndices(elements, optionCount: optionCount) { position, found in
      .tr("answers[{index}] must be an integer option index, found {found}", ["index": position, "found": found])
    }
    guard let answers, let options else { return nil }
    return .multiple(options: options, answers: answers.sorted())
  }

  package func encode(into members: inout [(String, JSONValue)]) {
    members += [("options", .array(options.map(JSONValue.string))), ("answers", .array(answers.map { .int($0) }))]
  }
}
