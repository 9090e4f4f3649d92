import Localization
package import PracticeJSON
package import QuizEngine

/// `ordering`: `items` in the right order, and `scoring` (`relativeNext` when absent, Moodle's default).
extension Ordering: NativeQuestionFormat {
  package static let nativeFields = ["items", "scoring"]

  package static func decode(_ decoder: inout QuestionDecoder) -> Question.Kind? {
    guard let value = decoder.value("items", required: true, .tr("an array of at least 2 items in the right order"))
    else { return nil }
    guard let elements = value.array, elements.count >= 2,
      elements.allSatisfy({ $0.string.map { !AnswerText.isBlank($0) } ?? false })
    else {
      decoder.report(
        value.problem(.tr("\"items\" must be an array of at least 2 non-empty strings, in the right order")))
      return nil
    }
    let items = elements.compactMap(\.string)
    // Two items alike could stand in either place: which order is right could not be told.
    var seen: [String: Int] = [:]
    var valid = true
    for (i, item) in items.enumerated() {
      let key = AnswerText.comparisonKey(item, foldingCase: false)
      if let first = seen[key] {
        decoder.report(
          elements[i].problem(
            .tr("item {index} repeats item {first} (\"{text}\")", ["index": i, "first": first, "text": items[first]])))
        valid = false
      } else {
        seen[key] = i
      }
    }
    var scoring = Scoring.relativeNext
    if let name = decoder.string("scoring", required: false) {
      guard let known = Scoring(rawValue: name) else {
        let names = Scoring.allCases.map(\.rawValue)
        decoder.report(
          JSONProblem(
            .tr(
              "unknown scoring \"{scoring}\"; use {names} or {last}",
              ["scoring": name, "names": names.dropLast().joined(separator: ", "), "last": names.last!]),
            at: decoder.offset(of: "scoring")))
        return nil
      }
      scoring = known
    } else if decoder.present("scoring") != nil {
      return nil
    }
    guard valid else { return nil }
    return .ordering(items: items, scoring: scoring)
  }

  package func encode(into members: inout [(String, JSONValue)]) {
    members.append(("items", .array(items.map(JSONValue.string))))
    // Written only when not the default, as `caseSensitive` is.
    if scoring != .relativeNext { members.append(("scoring", .string(scoring.rawValue))) }
  }
}
