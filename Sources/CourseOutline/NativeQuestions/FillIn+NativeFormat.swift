import Localization
package import PracticeJSON
package import QuizEngine

/// `fill`: `answers`, the accepted ones, and `caseSensitive` when capital letters count.
extension FillIn: NativeQuestionFormat {
  package static let nativeFields = ["answers", "caseSensitive", "feedback", "otherAnswers"]

  package static func decode(_ decoder: inout QuestionDecoder) -> Question.Kind? {
    guard let value = decoder.value("answers", required: true, .tr("an array of accepted answers")) else { return nil }
    guard
      let elements = decoder.reading({ () throws(JSONProblem) in
        try value.array { .tr("\"answers\" must be an array of accepted answers, found {found}", ["found": $0]) }
      })
    else { return nil }
    if elements.isEmpty {
      decoder.report(value.problem(.tr("\"answers\" must list at least one accepted answer")))
      return nil
    }
    var answers: [String] = []
    for (i, element) in elements.enumerated() {
      guard
        let answer = decoder.reading({ () throws(JSONProblem) in
          try element.string {
            .tr("accepted answer {index} must be a string, found {found}", ["index": i, "found": $0])
          }
        })
      else { continue }
      if AnswerText.isBlank(answer) {
        decoder.report(element.problem(.tr("accepted answer {index} is empty", ["index": i])))
        continue
      }
      answers.append(answer)
    }
    var caseSensitive = false
    if let flag = decoder.present("caseSensitive") {
      guard
        let value = decoder.reading({ () throws(JSONProblem) in
          try flag.boolean { .tr("\"caseSensitive\" must be true or false, found {found}", ["found": $0]) }
        })
      else { return nil }
      caseSensitive = value
    }
    guard answers.count == elements.count else { return nil }
    return .fill(answers: answers, caseSensitive: caseSensitive)
  }

  package func encode(into members: inout [(String, JSONValue)]) {
    members.append(("answers", .array(answers.map(JSONValue.string))))
    if caseSensitive { members.append(("caseSensitive", .bool(true))) }
  }
}
