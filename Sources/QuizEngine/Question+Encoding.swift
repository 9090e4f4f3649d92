package import PracticeJSON
import TextLayout

extension Question {
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
    func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
    func number(_ value: Double) -> JSONValue { JSONValue(.number(JSONNumber(value))) }
    switch kind {
    case .single(let q):
      let (options, answer, alsoRight) = (q.options, q.answer, q.alsoRight)
      // Several right options are an array, so that a course with one stays as it always was.
      let right: JSONValue = alsoRight.isEmpty ? .int(answer) : .array(([answer] + alsoRight).map { .int($0) })
      members += [("options", strings(options)), ("answer", right)]
    case .multiple(let q):
      let (options, answers) = (q.options, q.answers)
      members += [("options", strings(options)), ("answers", .array(answers.map { .int($0) }))]
    case .trueFalse(let q):
      let answer = q.answer
      members.append(("answer", JSONValue(.bool(answer))))
    case .fill(let q):
      let (answers, caseSensitive) = (q.answers, q.caseSensitive)
      members.append(("answers", strings(answers)))
      if caseSensitive { members.append(("caseSensitive", JSONValue(.bool(true)))) }
    case .numeric(let q):
      let (answer, unit, tolerance, rules) = (q.answer, q.unit, q.tolerance, q.rules)
      members.append(("answer", number(answer)))
      if let unit { members.append(("unit", .string(unit.symbol))) }
      if let tolerance { members.append(("tolerance", number(tolerance))) }
      if let relative = rules.relativeTolerance { members.append(("relativeTolerance", number(relative))) }
      if let answerUnit = rules.answerUnit { members.append(("answerUnit", .string(answerUnit.symbol))) }
      if rules.unitRequired { members.append(("unitRequired", JSONValue(.bool(true)))) }
      if let quantity = rules.quantity { members.append(("quantity", .string(quantity.rawValue))) }
      if let offset = rules.kelvinOffset { members.append(("kelvinOffset", number(offset))) }
      if let decimals = rules.decimals { members.append(("decimals", .int(decimals))) }
      if let figures = rules.significantFigures { members.append(("significantFigures", .int(figures))) }
    case .matching(let q):
      let (items, choices, answers) = (q.items, q.choices, q.answers)
      members.append(("pairs", .array(zip(items, answers).map { strings([$0, choices[$1]]) })))
      let distractors = choices.indices.filter { !answers.contains($0) }.map { choices[$0] }
      if !distractors.isEmpty { members.append(("distractors", strings(distractors))) }
    case .card(let q):
      let back = q.back
      members.append(("back", .string(back)))
    case .essay: break
    }
    if !credit.fractions.isEmpty { members.append(("fractions", .array(credit.fractions.map(number)))) }
    if credit.feedback.contains(where: { !$0.isEmpty }) { members.append(("feedback", strings(credit.feedback))) }
    if !credit.otherAnswers.isEmpty {
      members.append(
        (
          "otherAnswers",
          .array(
            credit.otherAnswers.map { other in
              var fields: [(String, JSONValue)] = [
                ("answer", other.value.map(number) ?? .string(other.text)), ("fraction", number(other.fraction)),
              ]
              if other.tolerance > 0 { fields.append(("tolerance", number(other.tolerance))) }
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
