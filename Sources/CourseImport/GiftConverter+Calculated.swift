import Calculation
import Localization
import QuizEngine
import TextLayout

extension GiftConverter {
  /// A Moodle calculated (or calculatedsimple) question as practice's `calculated`: the answer of
  /// highest fraction is the answer, the others are other answers with their feedback; each dataset
  /// a variable drawn from its range, and the stored items, set by set, the values an attempt shows
  /// (Moodle's way). The unit is the answer's own (multiplier 1) when practice converts it, else none.
  /// A calculatedmulti is its choice form (``calculatedChoices(_:sets:allOrNothing:messages:)``).
  /// Nil when an answer's formula does not read (the reader has reported it).
  ///
  /// A question whose shared datasets are synchronised (`<synchronize>` 1 or 2) shows the same stored
  /// set as the other synchronised questions of its category (`category`, Moodle's
  /// `get_variants_selection_seed`): they share the category's path as their `synchronised` name.
  static func calculated(
    _ parts: MoodleCalculatedQuestion, category: [String] = [], allOrNothing: Bool = false, messages: Localizer
  ) -> (Question.Kind, AnswerCredit)? {
    let synchronised =
      parts.synchronize != 0 && parts.datasets.contains(where: \.isShared) ? category.joined(separator: "/") : nil
    let count = parts.storedSetCount
    let sets: [[String: DrawnValue]] = (0..<count).map { set in
      Dictionary(uniqueKeysWithValues: parts.datasets.map { ($0.name, $0.items[set].value) })
    }
    if parts.kind == .multi {
      return calculatedChoices(
        parts, sets: sets, synchronised: synchronised, allOrNothing: allOrNothing, messages: messages)
    }
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
    let unit = parts.baseUnit.map(\.name).flatMap { MeasurementUnit.named($0) != nil ? $0 : nil }
    var definition = CalculatedDefinition(
      variables: parts.datasets.map { CalculatedVariable(name: $0.name, source: $0.source) },
      answer: answers[best].answer, otherAnswers: others, unit: unit, storedSets: sets)
    definition.synchronised = synchronised
    return (.calculated(CalculatedQuestion(definition: definition)), AnswerCredit())
  }

  /// A calculatedmulti as the choice form of `calculated`: its answers are the choices, right, partly
  /// right or wrong as a multichoice question's (``choice(_:single:allOrNothing:messages:)``, the
  /// same rules), their values shown in the right choice's answer format (Moodle formats each
  /// answer's values in its own; a bank's answers share one).
  static func calculatedChoices(
    _ parts: MoodleCalculatedQuestion, sets: [[String: DrawnValue]], synchronised: String? = nil, allOrNothing: Bool,
    messages: Localizer
  ) -> (Question.Kind, AnswerCredit)? {
    let answers = parts.answers.map {
      GiftQuestion.Answer(GiftQuestion.Text($0.text, format: $0.textFormat), weight: $0.fraction, feedback: $0.feedback)
    }
    let (kind, credit) = choice(answers, single: parts.single, allOrNothing: allOrNothing, messages: messages)
    let right: [Int]
    if case .single(let single) = kind {
      right = [single.answer] + single.alsoRight
    } else if case .multiple(let multiple) = kind {
      right = multiple.answers
    } else {
      return nil
    }
    let choices = CalculatedChoices(texts: kind.options, right: right, multiple: !parts.single)
    guard let first = right.first, parts.answers.indices.contains(first),
      var definition = CalculatedDefinition(
        variables: parts.datasets.map { CalculatedVariable(name: $0.name, source: $0.source) }, choices: choices,
        format: parts.answers[first].format, storedSets: sets)
    else { return nil }
    definition.synchronised = synchronised
    return (.calculated(CalculatedQuestion(definition: definition)), credit)
  }

  /// The feedback of a calculated question's answers as written, under the course fields
  /// ``calculated(_:category:allOrNothing:messages:)`` orders them by: the answer of highest fraction
  /// (`feedback.0`, which the course has no field for), then the others (`otherAnswers.K.feedback`,
  /// kept as plain text). Kept whole: an export writes them as plain text otherwise.
  static func keepFeedback(of parts: MoodleCalculatedQuestion, in written: inout AsWritten, messages: Localizer) {
    let answers = parts.answers
    guard let best = answers.indices.max(by: { answers[$0].fraction < answers[$1].fraction }) else { return }
    for (k, i) in ([best] + answers.indices.filter { $0 != best }).enumerated() {
      guard let feedback = answers[i].feedback, !feedback.text.isEmpty else { continue }
      written.texts[k == 0 ? "feedback.0" : "otherAnswers.\(k - 1).feedback"] = .init(
        shown: plain(feedback, messages: messages), text: MarkedText(feedback.text, markup: feedback.format.markup))
    }
  }
}
