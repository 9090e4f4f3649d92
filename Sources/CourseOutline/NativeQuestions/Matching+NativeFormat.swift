import Localization
package import PracticeJSON
package import QuizEngine

/// `matching`: `pairs`, `[item, choice]` each, and the choices no item matches as `distractors`.
extension Matching: NativeQuestionFormat {
  package static let nativeFields = ["pairs", "distractors"]

  /// `"pairs": [["Canada", "Ottawa"], …]` and optional `"distractors": ["Paris"]`.
  package static func decode(_ decoder: inout QuestionDecoder) -> Question.Kind? {
    guard let value = decoder.value("pairs", required: true, .tr("an array of [item, choice] pairs")) else {
      return nil
    }
    guard
      let elements = decoder.reading({ () throws(JSONProblem) in
        try value.array { .tr("\"pairs\" must be an array of [item, choice] pairs, found {found}", ["found": $0]) }
      })
    else { return nil }
    var items: [String] = []
    var rights: [String] = []
    var valid = true
    for (i, element) in elements.enumerated() {
      guard let pair = element.array, pair.count == 2, let item = pair[0].string, let right = pair[1].string,
        !AnswerText.isBlank(item), !AnswerText.isBlank(right)
      else {
        decoder.report(element.problem(.tr("pair {index} must be two non-empty strings, [item, choice]", ["index": i])))
        valid = false
        continue
      }
      items.append(item)
      rights.append(right)
    }
    if elements.count < 2 {
      decoder.report(value.problem(.tr("needs at least 2 pairs, found {count}", ["count": elements.count])))
      valid = false
    }
    var distractors: [String] = []
    if let list = decoder.value("distractors", required: false, .tr("an array of strings")) {
      if let entries = list.array, entries.allSatisfy({ $0.string.map { !AnswerText.isBlank($0) } ?? false }) {
        distractors = entries.compactMap(\.string)
      } else {
        decoder.report(list.problem(.tr("\"distractors\" must be an array of non-empty strings")))
        valid = false
      }
    }
    guard valid else { return nil }
    return Question.Kind.matching(pairs: zip(items, rights).map { ($0, $1) }, distractors: distractors)
  }

  package func encode(into members: inout [(String, JSONValue)]) {
    members.append(("pairs", .array(zip(items, answers).map { .array([.string($0), .string(choices[$1])]) })))
    let distractors = choices.indices.filter { !answers.contains($0) }.map { choices[$0] }
    if !distractors.isEmpty { members.append(("distractors", .array(distractors.map(JSONValue.string)))) }
  }
}
