import Localization
package import PracticeJSON
package import QuizEngine

/// `card`: the `back`.
extension Flashcard: NativeQuestionFormat {
  package static let nativeFields = ["back"]

  package static func decode(_ decoder: inout QuestionDecoder) -> Question.Kind? {
    guard let back = decoder.nonEmptyString("back") else { return nil }
    return .card(back: back)
  }

  package func encode(into members: inout [(String, JSONValue)]) {
    members.append(("back", .string(back)))
  }
}
