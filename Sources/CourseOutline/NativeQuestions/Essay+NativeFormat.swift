package import PracticeJSON
package import QuizEngine

/// `essay`: no fields of its own; the prompt asks and the explanation follows the answer.
extension Essay: NativeQuestionFormat {
  package static let nativeFields: [String] = []

  package static func decode(_ decoder: inout QuestionDecoder) -> Question.Kind? { .essay }

  package func encode(into members: inout [(String, JSONValue)]) {}
}
