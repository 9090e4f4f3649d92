import Calculation
import Foundation
import Localization
import PracticeJSON
import QuizEngine

extension CalculatedDefinition {
  /// A warning when two choices of `choices` show the same text for some of ``sweepDraws`` drawn
  /// value sets (`{=m/V}` and `{=V/m}` when m = V): a learner cannot tell a right choice from a
  /// wrong one that reads alike. Placed at the later choice of the first pair found; nil when none.
  static func alikeChoicesWarning(
    _ definition: CalculatedDefinition, _ choices: CalculatedChoices, _ items: [JSONValue]
  ) -> JSONProblem? {
    var generator = SeededRandomNumberGenerator(seed: sweepSeed)
    var count = 0
    var first: (pair: (Int, Int), text: String, values: [String: DrawnValue])?
    for _ in 0..<sweepDraws {
      let values = definition.draw(using: &generator)
      guard let shown = choices.shown(values, format: definition.answer.format) else { continue }
      var seen: [String: Int] = [:]
      var pair: (Int, Int)?
      for (index, text) in shown.enumerated() {
        let key = text.trimmingCharacters(in: .whitespaces)
        if let earlier = seen[key] {
          pair = (earlier, index)
          break
        }
        seen[key] = index
      }
      guard let pair else { continue }
      count += 1
      if first == nil { first = (pair, shown[pair.1], values) }
    }
    guard let first, items.indices.contains(first.pair.1) else { return nil }
    let values = definition.names.compactMap { name in first.values[name].map { "\(name) = \($0.messageText)" } }
    return items[first.pair.1].problem(
      .tr(
        "warning: choices {first} and {second} both show {text} for {count} of {draws} drawn value sets, such as {values}; a learner cannot tell them apart",
        [
          "first": "\"" + choices.texts[first.pair.0] + "\"", "second": "\"" + choices.texts[first.pair.1] + "\"",
          "text": "\"" + first.text + "\"", "count": count, "draws": sweepDraws,
          "values": values.joined(separator: ", "),
        ]))
  }
}
