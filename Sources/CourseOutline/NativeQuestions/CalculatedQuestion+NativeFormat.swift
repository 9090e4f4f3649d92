package import PracticeJSON
package import QuizEngine

/// `calculated`: its variables, formulas, tolerance, answer format and unit, read and written by
/// ``CalculatedDefinition`` (its decoding and ``CalculatedDefinition/jsonMembers``). A question in a
/// course has no drawn values; they are never written.
extension CalculatedQuestion: NativeQuestionFormat {
  package static let nativeFields = CalculatedDefinition.fields

  package static func decode(_ decoder: inout QuestionDecoder) -> Question.Kind? {
    let (definition, problems) = CalculatedDefinition.decode(decoder.json)
    for problem in problems { decoder.report(problem) }
    return definition.map { .calculated(CalculatedQuestion(definition: $0)) }
  }

  package func encode(into members: inout [(String, JSONValue)]) {
    members += definition.jsonMembers
  }
}
