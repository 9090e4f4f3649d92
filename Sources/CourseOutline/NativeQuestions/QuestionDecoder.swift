import Localization
import PracticeJSON
import QuizEngine
import TextLayout

/// Walks one question object, collecting problems as it goes: the common fields here, each type's
/// own through its ``NativeQuestionFormat`` (`SingleChoice+NativeFormat.swift`, …), which reads
/// them with the helpers below and reports through ``report(_:)``.
package struct QuestionDecoder {
  let json: JSONValue
  var problems: [JSONProblem] = []
  /// The question's id once known, named by every problem.
  var id: String?

  static let commonFields = [
    "id", "type", "prompt", "explanation", "hint", "name", "passage", "format", "instructions", "instructionsFormat",
    "asWritten",
  ]

  init(json: JSONValue) {
    self.json = json
    self.members = json.members ?? []
  }

  /// The question's members, searched by `member(_:)`.
  let members: [JSONMember]

  /// The value of member `key`, a field name, as `json[key]` finds it.
  ///
  /// Byte counts are compared before `==`: that settles most comparisons without the call `==`
  /// makes for two different strings, and a question's members are looked up a dozen times each at
  /// every start. A key of another byte count cannot equal a field name here: that needs a scalar
  /// whose canonical decomposition is ASCII (U+212A KELVIN SIGN is K), and no field name has a K.
  /// (Comparing the first byte too was measured: it cost more than it saved.)
  func member(_ key: String) -> JSONValue? {
    let count = key.utf8.count
    // By index: a loop over the members would copy (retain and release) each one's value.
    for i in members.indices where members[i].key.utf8.count == count && members[i].key == key {
      return members[i].value
    }
    return nil
  }

  /// The value of member `key` unless it is absent or `null`, as `json.present(key)` finds it.
  func present(_ key: String) -> JSONValue? {
    guard let value = member(key), !value.isNull else { return nil }
    return value
  }

  /// Where a problem with member `key` points, as `json.offset(of: key)` says.
  func offset(of key: String) -> Int { member(key)?.offset ?? json.offset }

  /// Whether `key` is one of `names`, the common fields or a type's (byte counts first, as in `member(_:)`).
  static func isOne(of names: [String], _ key: String) -> Bool {
    let count = key.utf8.count
    for name in names where name.utf8.count == count && name == key { return true }
    return false
  }

  /// Adds `problem`, its words naming the question.
  mutating func report(_ problem: JSONProblem) {
    var problem = problem
    problem.text =
      if let id { .tr("question \"{id}\": {problem}", ["id": id, "problem": problem.text]) } else {
        .tr("question: {problem}", ["problem": problem.text])
      }
    problems.append(problem)
  }

  /// The value `read` returns, or nil after reporting its problem.
  mutating func reading<T>(_ read: () throws(JSONProblem) -> T) -> T? {
    do { return try read() } catch {
      report(error)
      return nil
    }
  }

  mutating func decode() -> Question? {
    guard json.members != nil else {
      report(json.problem(.tr("must be an object, found {found}", ["found": json.typeName])))
      return nil
    }
    let id = nonEmptyString("id")
    self.id = id
    let typeName = string("type", required: true)
    let prompt = nonEmptyString("prompt")
    let explanation = string("explanation", required: true)
    let hint = string("hint", required: false)
    let name = string("name", required: false)
    // Only the id: its text is the node's (`"passages"`), filled in by the course loader.
    let passage = string("passage", required: false).map { Passage(id: $0, text: "") }
    let format = markup("format")
    let instructionsFormat = markup("instructionsFormat")
    let instructions = string("instructions", required: false)

    var type: QuestionType?
    if let typeName, let typeValue = member("type") {
      type = QuestionType(rawValue: typeName)
      if type == nil {
        let names = QuestionType.allCases.map(\.rawValue)
        report(
          typeValue.problem(
            .tr(
              "unknown type \"{type}\"; use {types} or {last}",
              ["type": typeName, "types": names.dropLast().joined(separator: ", "), "last": names.last!])))
      }
    }
    guard let type else { return nil }
    checkUnknownFields(type)

    let kind = type.nativeFormat.decode(&self)
    let credit = decodeCredit(kind)
    let asWritten = decodeAsWritten()
    guard let id, let prompt, let explanation, let kind, let credit, let asWritten else { return nil }
    return Question(
      id: id, prompt: prompt, explanation: explanation, hint: hint, kind: kind, name: name, passage: passage,
      format: format, instructions: instructions.map { MarkedText($0, markup: instructionsFormat) },
      credit: credit, asWritten: asWritten)
  }

  /// The member `key`, or nil after reporting it missing; JSON `null` counts as missing.
  mutating func value(_ key: String, required: Bool, _ expected: @autoclosure () -> Message) -> JSONValue? {
    guard let value = present(key) else {
      if required {
        report(json.problem(.tr("missing \"{field}\" ({expected})", ["field": key, "expected": expected()])))
      }
      return nil
    }
    return value
  }

  mutating func string(_ key: String, required: Bool) -> String? {
    guard let value = value(key, required: required, .tr("a string")) else { return nil }
    return reading { () throws(JSONProblem) in
      try value.string { .tr("\"{field}\" must be a string, found {found}", ["field": key, "found": $0]) }
    }
  }

  mutating func nonEmptyString(_ key: String) -> String? {
    guard let string = string(key, required: true) else { return nil }
    if AnswerText.isBlank(string) {
      report(JSONProblem(.tr("\"{field}\" must not be empty", ["field": key]), at: offset(of: key)))
      return nil
    }
    return string
  }

  mutating func checkUnknownFields(_ type: QuestionType) {
    let typeFields = type.nativeFormat.nativeFields
    // The two lists are searched, not joined: a joined list is an allocation per question at every start.
    for i in members.indices
    where !Self.isOne(of: Self.commonFields, members[i].key) && !Self.isOne(of: typeFields, members[i].key) {
      let member = members[i]
      let allowed = Self.commonFields + typeFields
      let values: KeyValuePairs<String, Any> = ["field": member.key, "type": type.rawValue]
      if let near = allowed.first(where: { EditDistance.between($0, member.key) <= 2 }) {
        report(
          JSONProblem(
            .tr(
              "unknown field \"{field}\" in a {type} question; did you mean \"{near}\"?",
              ["field": member.key, "type": type.rawValue, "near": near]), at: member.keyOffset))
      } else {
        report(JSONProblem(.tr("unknown field \"{field}\" in a {type} question", values), at: member.keyOffset))
      }
    }
  }
}
