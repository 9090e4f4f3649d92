import Localization

/// Grading of `ordering`: the learner gives the presented letters in the order they think right.
///
/// `c a b`, `c, a, b` or `cab`; every item named once. A partly right order earns the share
/// its ``Ordering/Scoring`` counts, as Moodle's qtype_ordering does.
enum OrderingGrading {
  static let expectation = trMark("put the items in order by their letters, e.g. \"c a b\"")

  static func grade(_ input: String, question: PresentedQuestion, scoring: Ordering.Scoring) -> AnswerOutcome {
    let messages = question.messages
    let count = question.optionOrder.count
    let picks: [Int]
    switch sequence(input, count: count, messages: messages) {
    case .failure(let invalid): return .invalid(invalid.message)
    case .success(let chosen): picks = chosen
    }
    // The course index (its right place) of each item, in the learner's order.
    let places = picks.map { question.optionOrder[$0] }
    let fraction = credit(places, scoring: scoring)
    let isCorrect = places == Array(0..<count)
    // The presented letters of the items in their right order.
    let right = (0..<count).map { question.optionOrder.firstIndex(of: $0)! }
    func letters(_ indices: [Int]) -> String {
      indices.map { AnswerText.label(ofOption: $0).lowercased() }.joined(separator: " ")
    }
    let partial = !isCorrect && fraction > 0
    return question.feedback(
      isCorrect: isCorrect, given: letters(picks), expected: letters(right),
      detail: partial ? messages.tr("credit: {percent} %", ["percent": CreditText.percent(fraction)]) : nil,
      fraction: isCorrect ? 1 : fraction)
  }

  /// The credit of `places` (each item's right place, in the learner's order), rounded as Moodle's
  /// fractions are.
  static func credit(_ places: [Int], scoring: Ordering.Scoring) -> Double {
    let count = places.count
    guard count > 0 else { return 0 }
    let share: Double
    switch scoring {
    case .allOrNothing:
      share = places == Array(0..<count) ? 1 : 0
    case .absolutePosition:
      share = Double(places.enumerated().filter { $0.offset == $0.element }.count) / Double(count)
    case .relativeNext:
      // Each item but the last in the right order, followed by its right next one.
      guard count > 1 else { return places == [0] ? 1 : 0 }
      let next = zip(places, places.dropFirst()).filter { $0 + 1 == $1 }.count
      share = Double(next) / Double(count - 1)
    }
    return (share * 10_000_000).rounded() / 10_000_000
  }

  /// Reads `c a b`, `c, a, b` or `cab` into presented indices, each item once.
  static func sequence(
    _ input: String, count: Int, messages: Localizer = .english
  ) -> Result<[Int], ChoiceGrading.Invalid> {
    let last = AnswerText.label(ofOption: min(count, 26) - 1)
    let invalid = ChoiceGrading.Invalid(
      messages.tr(
        "name every item once, in order: {count} letters from A to {last}, e.g. \"c a b\"",
        ["count": count, "last": last]))
    var picks: [Int] = []
    for character in AnswerText.normalize(input) {
      if character.isWhitespace || character.isPunctuation || character == ">" { continue }
      guard character.isASCII, character.isLetter, let ascii = character.asciiValue else { return .failure(invalid) }
      let index = Int(ascii) - Int(UInt8(ascii: "a"))
      guard index < min(count, 26) else { return .failure(invalid) }
      picks.append(index)
    }
    guard picks.count == count, Set(picks).count == count else { return .failure(invalid) }
    return .success(picks)
  }
}
