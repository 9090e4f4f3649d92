import Localization

/// Grading of `single` and `multiple`: answers name presented options by letter, 1-based number or text.
enum ChoiceGrading {
  /// Reads `input` as a set of presented option indices, or says why it cannot.
  ///
  /// Whitespace and punctuation (after NFKC, so the full-width comma too) separate choices; a run
  /// of letters names one option per letter (`ac`), a run of digits is one number (`13` is option 13),
  /// because with ten or more options a digit run could not be split unambiguously.
  static func selection(_ input: String, optionCount: Int, messages: Localizer) -> Result<[Int], Invalid> {
    let text = AnswerText.normalize(input)
    var chosen: [Int] = []
    var tokens: [String] = []
    var current = ""
    for character in text {
      if character.isWhitespace || character.isPunctuation {
        if !current.isEmpty { tokens.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { tokens.append(current) }
    let last = AnswerText.label(ofOption: min(optionCount, 26) - 1)
    for token in tokens {
      if token.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(token) {
        guard (1...optionCount).contains(number) else {
          return .failure(
            Invalid(
              messages.tr(
                "there is no option {number}; use letters A–{last}, numbers 1–{count} or an option's text",
                ["number": number, "last": last, "count": optionCount])))
        }
        chosen.append(number - 1)
      } else if token.allSatisfy({ $0.isASCII && $0.isLetter }) {
        for letter in token {
          let index = Int(letter.asciiValue! - UInt8(ascii: "a"))
          guard index < min(optionCount, 26) else {
            // A word is more likely a mistyped option text than a run of letters.
            if token.count > 1 {
              return .failure(
                Invalid(
                  messages.tr(
                    "\"{token}\" is not an option; use letters A–{last}, numbers 1–{count} or an option's text",
                    ["token": token, "last": last, "count": optionCount])))
            }
            return .failure(
              Invalid(
                messages.tr(
                  "there is no option {number}; use letters A–{last}, numbers 1–{count} or an option's text",
                  ["number": letter.uppercased(), "last": last, "count": optionCount])))
          }
          chosen.append(index)
        }
      } else {
        return .failure(
          Invalid(
            messages.tr(
              "\"{token}\" is not an option; use letters A–{last}, numbers 1–{count} or an option's text",
              ["token": token, "last": last, "count": optionCount])))
      }
    }
    var seen = Set<Int>()
    return .success(chosen.filter { seen.insert($0).inserted }.sorted())
  }

  /// The presented options whose text `input` spells out (`kilogram`, or `蒸发、沸腾` for two), or nil.
  ///
  /// A single letter or a number is always a label, as the prompt says, even where an option reads
  /// `A` or `2`; any other input equal to an option's text, after the same normalization as
  /// fill-ins, names that option. Several options are separated by `、`, `,` or `;`.
  static func optionsByText(_ input: String, options: [String]) -> [Int]? {
    // Judged on the text as typed (full width aside), so that `③②①` is text although NFKC makes it `321`.
    let typed = input.trimmingSpaces().unicodeScalars.map {
      (0xFF01...0xFF5E).contains($0.value) ? $0.value - 0xFEE0 : $0.value
    }
    let isLetter = typed.count == 1 && ((0x41...0x5A).contains(typed[0]) || (0x61...0x7A).contains(typed[0]))
    if typed.isEmpty || isLetter || typed.allSatisfy({ (0x30...0x39).contains($0) }) { return nil }
    let whole = AnswerText.comparisonKey(input)
    let keys = options.map { AnswerText.comparisonKey($0) }
    // Options that differ only in letter case (`GB`, `Gb`) cannot be named by text: letters only.
    func only(_ key: String) -> Int? {
      guard let index = keys.firstIndex(of: key), keys.lastIndex(of: key) == index else { return nil }
      return index
    }
    if keys.contains(whole) { return only(whole).map { [$0] } }
    let parts = whole.split(whereSeparator: { "、,;".contains($0) }).map { AnswerText.comparisonKey(String($0)) }
    guard parts.count > 1 else { return nil }
    var chosen: [Int] = []
    for part in parts {
      guard let index = only(part) else { return nil }
      if !chosen.contains(index) { chosen.append(index) }
    }
    return chosen.sorted()
  }

  /// The chosen presented options: by text when `input` spells options out, else by label.
  static func chosen(_ input: String, question: PresentedQuestion) -> Result<[Int], Invalid> {
    if let byText = optionsByText(input, options: question.options) { return .success(byText) }
    return selection(input, optionCount: question.optionOrder.count, messages: question.messages)
  }

  /// `alsoRight`: options that are right as well (Moodle's several `=` answers); the expected
  /// answer shown is `answer`'s.
  static func gradeSingle(_ input: String, question: PresentedQuestion, answer: Int, alsoRight: [Int] = [])
    -> AnswerOutcome
  {
    let chosen: [Int]
    switch Self.chosen(input, question: question) {
    case .failure(let invalid): return .invalid(invalid.message)
    case .success(let indices): chosen = indices
    }
    if chosen.isEmpty { return .invalid(question.blankMessage) }
    guard chosen.count == 1, let pick = chosen.first else {
      return .invalid(question.messages.tr("choose only one option, for example \"A\" or \"1\""))
    }
    let right = question.optionOrder.firstIndex(of: answer)!
    let isCorrect = pick == right || alsoRight.contains(question.optionOrder[pick])
    return question.feedback(
      isCorrect: isCorrect, given: describe(pick, in: question), expected: describe(right, in: question))
  }

  static func gradeMultiple(_ input: String, question: PresentedQuestion, answers: [Int]) -> AnswerOutcome {
    let chosen: [Int]
    switch Self.chosen(input, question: question) {
    case .failure(let invalid): return .invalid(invalid.message)
    case .success(let indices): chosen = indices
    }
    if chosen.isEmpty { return .invalid(question.blankMessage) }
    let right = Set(answers.compactMap { question.optionOrder.firstIndex(of: $0) })
    let rightChosen = chosen.filter { right.contains($0) }.count
    let wrongChosen = chosen.count - rightChosen
    let isCorrect = Set(chosen) == right
    var detail: String?
    if !isCorrect {
      let messages = question.messages
      let rights = messages.trn(
        "{chosen} of {count} right option chosen", "{chosen} of {count} right options chosen", count: right.count,
        ["chosen": rightChosen])
      let wrongs =
        wrongChosen == 0
        ? messages.tr("no wrong option chosen")
        : messages.trn("{count} wrong option chosen", "{count} wrong options chosen", count: wrongChosen)
      // TRANSLATORS: two parts of the result of a multiple-answer question, e.g. "1 of 2 right options chosen, 1 wrong option chosen".
      detail = messages.tr("{rightOptions}, {wrongOptions}", ["rightOptions": rights, "wrongOptions": wrongs])
    }
    return question.feedback(
      isCorrect: isCorrect,
      given: question.messages.separatedList(chosen.map { describe($0, in: question) }),
      expected: question.messages.separatedList(right.sorted().map { describe($0, in: question) }),
      detail: detail)
  }

  /// `B. 0 ℃` for presented option 1.
  static func describe(_ presented: Int, in question: PresentedQuestion) -> String {
    "\(AnswerText.label(ofOption: presented)). \(question.options[presented])"
  }

  struct Invalid: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }
}
