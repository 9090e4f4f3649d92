import Localization
package import PracticeJSON
package import QuizEngine

/// `truefalse`: `answer`, true or false.
extension TrueFalse: NativeQuestionFormat {
  package static let nativeFields = ["answer", "feedback"]

  package static func decode(_ decoder: inout QuestionDecoder) -> Question.Kind? {
    guard let value = decoder.value("answer", required: true, .trc("what a JSON member must be", "true or false"))
    else {
      return nil
    }
    let answer = decoder.reading { () throws(JSONProblem) in
      try value.boolean { .tr("\"answer\" must be true or false, found {found}", ["found": $0]) }
    }
    return answer.map { .trueFalse(answer: $0) }
  }

  package func encode(into members: inout [(String, JSONValue)]) {
    members.append(("answer", .bool(answer)))
  }
}
