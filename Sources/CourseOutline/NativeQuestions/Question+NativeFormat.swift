import Localization
package import PracticeJSON
package import QuizEngine
import TextLayout

extension Question {
  /// Decodes one element of a node's `questions` array, reporting every problem found, not just the first.
  ///
  /// `question` is nil exactly when `problems` is not empty. Problems come sorted by offset; each
  /// message names the question id when it is known.
  ///
  /// ```swift
  /// let text = #"{"id": "q1", "type": "truefalse", "prompt": "?", "explanation": "", "answer": 1}"#
  /// let json = try JSONParser.parse(text)
  /// Question.decode(json).problems[0].message  // question "q1": "answer" must be true or false, found a number
  /// ```
  package static func decode(_ json: JSONValue) -> (question: Question?, problems: [JSONProblem]) {
    var decoder = QuestionDecoder(json: json)
    let question = decoder.decode()
    let problems = decoder.problems.enumerated()
      .sorted { ($0.element.offset ?? 0, $0.offset) < ($1.element.offset ?? 0, $1.offset) }
      .map(\.element)
    return (problems.isEmpty ? question : nil, problems)
  }

  /// The question as an element of a native course's `questions` array; ``decode(_:)`` reads it back equal.
  ///
  /// ```swift
  /// let q = Question(id: "q1", prompt: "Ice floats.", explanation: "", kind: .trueFalse(answer: true))
  /// JSONWriter.compact(q.json)
  /// // {"id":"q1","type":"truefalse","prompt":"Ice floats.","explanation":"","answer":true}
  /// ```
  package var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .string(id)), ("type", .string(kind.type.rawValue)), ("prompt", .string(prompt)),
    ]
    // Written only when not plain text, so a course without markup stays as it always was.
    if format != .plain { members.append(("format", .string(format.rawValue))) }
    if let instructions {
      members.append(("instructions", .string(instructions.text)))
      if instructions.markup != .plain { members.append(("instructionsFormat", .string(instructions.markup.rawValue))) }
    }
    kind.nativeFormat.encode(into: &members)
    if !credit.fractions.isEmpty { members.append(("fractions", .array(credit.fractions.map(JSONValue.double)))) }
    if credit.feedback.contains(where: { !$0.isEmpty }) {
      members.append(("feedback", .array(credit.feedback.map(JSONValue.string))))
    }
    if !credit.otherAnswers.isEmpty {
      members.append(
        (
          "otherAnswers",
          .array(
            credit.otherAnswers.map { other in
              var fields: [(String, JSONValue)] = [
                ("answer", other.value.map(JSONValue.double) ?? .string(other.text)),
                ("fraction", .double(other.fraction)),
              ]
              if other.tolerance > 0 { fields.append(("tolerance", .double(other.tolerance))) }
              if !other.feedback.isEmpty { fields.append(("feedback", .string(other.feedback))) }
              return .object(fields)
            })
        ))
    }
    members.append(("explanation", .string(explanation)))
    if let hint { members.append(("hint", .string(hint))) }
    if let name { members.append(("name", .string(name))) }
    if !asWritten.isEmpty { members.append(("asWritten", asWritten.json)) }
    // The passage's text is the node's, written once (`NativeCourseWriter`).
    if let passage { members.append(("passage", .string(passage.id))) }
    return .object(members)
  }
}
