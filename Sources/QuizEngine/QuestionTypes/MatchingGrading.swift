import Localization

/// Grading of `matching`: the learner pairs each numbered item with a lettered choice.
///
/// `1b 2a 3c` names the pairs; `b a c` gives the choices in item order. Each pair is checked on
/// its own: a partly right answer earns the share of pairs right (Moodle's `qtype_match` grading)
/// and says which were wrong.
enum MatchingGrading {
  static let expectation = trMark(
    "match every item with a letter, e.g. \"1b 2a 3c\", or give the letters in order: \"b a c\"")

  static func grade(_ input: String, question: PresentedQuestion, items: [String], answers: [Int]) -> AnswerOutcome {
    let picks: [Int]
    let messages = question.messages
    switch pairs(input, itemCount: items.count, choiceCount: question.optionOrder.count, messages: messages) {
    case .failure(let invalid): return .invalid(invalid.message)
    case .success(let chosen): picks = chosen
    }
    // Presented letter of each item's right choice.
    let right = answers.map { question.optionOrder.firstIndex(of: $0)! }
    let rightCount = zip(picks, right).filter { $0 == $1 }.count
    let isCorrect = rightCount == items.count
    // Moodle's qtype_match: the share of subquestions matched right (rounded as its fractions are).
    let fraction = (Double(rightCount) / Double(max(items.count, 1)) * 10_000_000).rounded() / 10_000_000
    func describe(_ letters: [Int]) -> String {
      letters.enumerated().map { "\($0.offset + 1)\(AnswerText.label(ofOption: $0.element).lowercased())" }
        .joined(separator: " ")
    }
    var detail: String?
    if !isCorrect {
      let wrongItems = zip(picks, right).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset }
      let corrections = wrongItems.map {
        "\($0 + 1). \(items[$0]) → \(question.options[right[$0]])"
      }
      let listed = messages.separatedList(corrections)
      detail =
        rightCount == 0
        ? messages.trn(
          "{right} of {count} pair right; {corrections}", "{right} of {count} pairs right; {corrections}",
          count: items.count, ["right": rightCount, "corrections": listed])
        // TRANSLATORS: the credit of a matching question, e.g. "75 %: 3 of 4 pairs right; 4. India → New Delhi".
        : messages.trn(
          "{percent} %: {right} of {count} pair right; {corrections}",
          "{percent} %: {right} of {count} pairs right; {corrections}", count: items.count,
          ["percent": CreditText.percent(fraction), "right": rightCount, "corrections": listed])
    }
    return question.feedback(
      isCorrect: isCorrect, given: describe(picks), expected: describe(right), detail: detail,
      fraction: isCorrect ? 1 : fraction)
  }

  /// Reads `1b 2a 3c`, `1-b, 2-a`, `b a c` or `bac` into the presented choice of each item.
  static func pairs(
    _ input: String, itemCount: Int, choiceCount: Int, messages: Localizer = .english
  ) -> Result<[Int], ChoiceGrading.Invalid> {
    let text = AnswerText.normalize(input)
    let lastLetter = AnswerText.label(ofOption: min(choiceCount, 26) - 1).lowercased()
    var tokens: [String] = []
    var current = ""
    for character in text {
      if character.isWhitespace || character.isPunctuation || character == "=" || character == ">" {
        if !current.isEmpty { tokens.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { tokens.append(current) }
    func letterIndex(_ c: Character) -> Int? {
      guard c.isASCII, c.isLetter, let ascii = c.asciiValue else { return nil }
      let index = Int(ascii) - Int(UInt8(ascii: "a"))
      return index < min(choiceCount, 26) ? index : nil
    }
    var chosen = [Int?](repeating: nil, count: itemCount)
    // Numbered pairs: digits then one letter, as one token (`1b`) or two (`1 b`).
    if let first = tokens.first, first.first?.isNumber == true {
      var i = 0
      while i < tokens.count {
        var token = tokens[i]
        let digits = token.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, let number = Int(digits) else {
          return .failure(
            .init(
              messages.tr(
                "\"{token}\" is not a pair; match every item with a letter, e.g. \"1b 2a 3c\", or give the letters in order: \"b a c\"",
                ["token": token])))
        }
        token.removeFirst(digits.count)
        if token.isEmpty, i + 1 < tokens.count {
          i += 1
          token = tokens[i]
        }
        guard (1...itemCount).contains(number) else {
          return .failure(
            .init(
              messages.tr("there is no item {number}; the items are 1–{count}", ["number": number, "count": itemCount]))
          )
        }
        if token.isEmpty {
          return .failure(
            .init(
              messages.tr(
                "item {number} has no letter after it: match every item with a letter a–{last}, e.g. \"1b 2a 3c\", or give the letters in order: \"b a c\"",
                ["number": number, "last": lastLetter])))
        }
        guard token.count == 1, let index = letterIndex(token.first!) else {
          return .failure(
            .init(
              messages.tr(
                "item {number} needs one letter a–{last}, found \"{token}\"",
                ["number": number, "last": lastLetter, "token": token])))
        }
        if chosen[number - 1] != nil {
          return .failure(.init(messages.tr("item {number} is matched twice", ["number": number])))
        }
        chosen[number - 1] = index
        i += 1
      }
    } else {
      // Letters in item order, spaced or run together.
      let letters = tokens.joined()
      for (i, c) in letters.enumerated() {
        guard let index = letterIndex(c) else {
          return .failure(
            .init(messages.tr("\"{letter}\" is not a choice; use letters a–{last}", ["letter": c, "last": lastLetter])))
        }
        guard i < itemCount else {
          return .failure(
            .init(
              messages.trn(
                "{letters} letters for {count} item", "{letters} letters for {count} items", count: itemCount,
                ["letters": letters.count])))
        }
        chosen[i] = index
      }
    }
    let missing = chosen.indices.filter { chosen[$0] == nil }.map { String($0 + 1) }
    guard missing.isEmpty else {
      return .failure(
        .init(
          messages.trn(
            "match every item: item {items} not matched", "match every item: items {items} not matched",
            count: missing.count, ["items": missing.joined(separator: ", ")])))
    }
    return .success(chosen.map { $0! })
  }
}
