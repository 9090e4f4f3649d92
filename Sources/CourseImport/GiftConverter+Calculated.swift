import Calculation
import Localization
import QuizEngine

extension GiftConverter {
  /// A Moodle calculated (or calculatedsimple) question as practice's `calculated`: the answer of
  /// highest fraction is the answer, the others are other answers with their feedback; each dataset
  /// a variable drawn from its range, and the stored items, set by set, the values an attempt shows
  /// (Moodle's way). The unit is the answer's own (multiplier 1) when practice converts it, else none.
  /// Nil when an answer's formula does not read (the reader has reported it).
  static func calculated(_ parts: MoodleCalculatedQuestion, messages: Localizer) -> Question.Kind? {
    let names = Set(parts.datasets.map(\.name))
    var answers: [(answer: CalculatedAnswer, source: MoodleCalculatedAnswer)] = []
    for answer in parts.answers {
      guard let formula = try? Formula(answer.text, bareNames: names) else { return nil }
      answers.append((CalculatedAnswer(formula: formula, tolerance: answer.tolerance, format: answer.format), answer))
    }
    guard let best = answers.indices.max(by: { answers[$0].source.fraction < answers[$1].source.fraction }) else {
      return nil
    }
    let others = answers.indices.filter { $0 != best }.map { index in
      CalculatedOtherAnswer(
        answer: answers[index].answer, fraction: min(1, max(0, answers[index].source.fraction)),
        feedback: answers[index].source.feedback.map { plain($0, messages: messages) })
    }
    let count = parts.storedSetCount
    let sets: [[String: DrawnValue]] = (0..<count).map { set in
      Dictionary(uniqueKeysWithValues: parts.datasets.map { ($0.name, $0.items[set].value) })
    }
    let unit = parts.baseUnit.map(\.name).flatMap { MeasurementUnit.named($0) != nil ? $0 : nil }
    let definition = CalculatedDefinition(
      variables: parts.datasets.map { CalculatedVariable(name: $0.name, source: $0.source) },
      answer: answers[best].answer, otherAnswers: others, unit: unit, storedSets: sets)
    return .calculated(CalculatedQuestion(definition: definition))
  }
}
