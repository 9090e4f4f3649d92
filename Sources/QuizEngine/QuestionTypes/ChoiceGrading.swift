import Localization
import TextLayout

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

  /// The chosen presented options: by label or by the options' words, or why neither reads.
  ///
  /// In order: a single letter or a run of digits as typed is a label, as the prompt says, even where
  /// an option reads `A` or `2`; then the whole answer as one option's words (``OptionMatcher``);
  /// then a label with its decoration (`选D`, `D选项`, `D项`, `答：D`, `①`); then the answer cut at
  /// spaces, `、`, `,`, `和`, `and`, `以及` into options' words or labels, in any order; last the
  /// labels as ``selection(_:optionCount:messages:)`` reads them.
  static func chosen(_ input: String, question: PresentedQuestion) -> Result<[Int], Invalid> {
    let count = question.optionOrder.count
    let messages = question.messages
    // Judged on the text as typed (full width aside), so that `③②①` is text although NFKC makes it `321`.
    let typed = input.trimmingSpaces().unicodeScalars.map {
      (0xFF01...0xFF5E).contains($0.value) ? $0.value - 0xFEE0 : $0.value
    }
    let isLetter = typed.count == 1 && ((0x41...0x5A).contains(typed[0]) || (0x61...0x7A).contains(typed[0]))
    if isLetter || (!typed.isEmpty && typed.allSatisfy({ (0x30...0x39).contains($0) })) {
      let labels = selection(input, optionCount: count, messages: messages)
      guard case .failure = labels else { return labels }
      // A letter past the last label may still be an option's symbol (`m` for `米（m）`), and a
      // number its value (`50` for `50 g`).
      let matcher = matcher(question)
      let letter = AnswerNormalizer.peeled(input, conventions: question.question.conventions)
      if isLetter, case .one(let index) = matcher.strongMatch(letter, key: String(letter)) { return .success([index]) }
      if case .one(let index) = matcher.valueMatch(input) { return .success([index]) }
      return labels
    }
    let conventions = question.question.conventions
    let peeled = AnswerNormalizer.peeled(input, conventions: conventions)
    guard !peeled.isEmpty else { return .success([]) }
    let matcher = matcher(question)
    let key = AnswerNormalizer.spaceless(peeled)
    var ambiguous: [Int]?
    switch matcher.strongMatch(peeled, key: key) {
    case .one(let index): return .success([index])
    // Options written alike but for letter case (`GB`, `Gb`), or sharing a bracketed symbol: by letter only.
    case .several(let indices): return .failure(ambiguity(input, indices, question))
    case .none: break
    }
    if let labels = decoratedLabels(peeled, optionCount: count) {
      return selection(labels, optionCount: count, messages: messages)
    }
    if ambiguous == nil {
      switch matcher.valueMatch(String(peeled)) {
      case .one(let index): return .success([index])
      case .several(let indices): ambiguous = indices
      case .none:
        switch matcher.containing(key) {
        case .one(let index): return .success([index])
        case .several(let indices): ambiguous = indices
        case .none: break
        }
      }
    }
    if let parts = segmented(peeled, matcher: matcher, optionCount: count) {
      var seen = Set<Int>()
      return .success(parts.filter { seen.insert($0).inserted }.sorted())
    }
    if let ambiguous { return .failure(ambiguity(input, ambiguous, question)) }
    // Only labels are left; a number with a decimal point is never split into two labels.
    let isDecimal = peeled.indices.dropFirst().dropLast().contains {
      peeled[$0] == "." && peeled[$0 - 1].isNumber && peeled[$0 + 1].isNumber
    }
    let words = String(peeled).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
    let labelsOnly = words.allSatisfy { $0.allSatisfy(\.isASCII) && ($0.count == 1 || $0.allSatisfy(\.isNumber)) }
    if !isDecimal, peeled.allSatisfy(\.isASCII) {
      let labels = selection(input, optionCount: count, messages: messages)
      if case .success = labels { return labels }
      if labelsOnly { return labels }
    }
    let last = AnswerText.label(ofOption: min(count, 26) - 1)
    let close = matcher.closest(to: input)
    guard !close.isEmpty else {
      return .failure(
        Invalid(
          messages.tr(
            "\"{token}\" is not an option; use letters A–{last}, numbers 1–{count} or an option's text",
            ["token": shown(input), "last": last, "count": count])))
    }
    return .failure(
      Invalid(
        messages.tr(
          "\"{answer}\" matches no option; the closest are {options}; type a letter A–{last} or an option's words",
          ["answer": shown(input), "options": messages.list(close.map { describe($0, in: question) }), "last": last])))
  }

  /// What is said of an answer that fits several options: their letters and texts.
  static func ambiguity(_ input: String, _ indices: [Int], _ question: PresentedQuestion) -> Invalid {
    Invalid(
      question.messages.tr(
        "\"{answer}\" fits more than one option: {options}; type the letter of the one you mean",
        ["answer": shown(input), "options": question.messages.list(indices.map { describe($0, in: question) })]))
  }

  static func matcher(_ question: PresentedQuestion) -> OptionMatcher {
    OptionMatcher(options: question.options, conventions: question.question.conventions)
  }

  /// The input as typed, trimmed, for messages.
  static func shown(_ input: String) -> String {
    input.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// The labels in `选D`, `选项D`, `D选项`, `D项`, `选BD` (and `D` after `答：`, already peeled), or nil.
  static func decoratedLabels(_ peeled: [Character], optionCount: Int) -> String? {
    var text = String(peeled)
    for prefix in ["选项", "选择", "选"] where text.hasPrefix(prefix) {
      text.removeFirst(prefix.count)
      break
    }
    for suffix in ["选项", "项"] where text.hasSuffix(suffix) {
      text.removeLast(suffix.count)
      break
    }
    text = text.trimmingSpaces()
    guard !text.isEmpty else { return nil }
    let letters = text.allSatisfy { $0.isASCII && $0.isLetter } && text.count <= min(optionCount, 26)
    let number = text.allSatisfy { $0.isASCII && $0.isNumber }
    return letters || number ? text : nil
  }

  /// `peeled` cut into pieces each naming one option, by its words or its label, with as few pieces
  /// as possible (`冰 铁 海波`, `melting and evaporation`, `a和c`); nil when no cut names options throughout.
  static func segmented(_ peeled: [Character], matcher: OptionMatcher, optionCount: Int) -> [Int]? {
    let tokens = OptionMatcher.tokens(peeled)
    guard tokens.count >= 2, tokens.count <= 24 else { return nil }
    // Labels alone (`a b d`) are read as labels, never as words (`a b` is not the article and option b).
    let labels = tokens.map { pieceLabel(Array($0), optionCount: optionCount) }
    if labels.allSatisfy({ $0 != nil }) { return labels.compactMap { $0 } }
    // best[j]: the fewest pieces covering tokens 0..<j, and the options they name.
    var best: [[Int]?] = Array(repeating: nil, count: tokens.count + 1)
    best[0] = []
    for end in 1...tokens.count {
      for start in 0..<end {
        guard let before = best[start] else { continue }
        let piece = Array(peeled[tokens[start].startIndex..<tokens[end - 1].endIndex])
        guard let option = pieceOption(piece, matcher: matcher, optionCount: optionCount) else { continue }
        if best[end] == nil || best[end]!.count > before.count + 1 { best[end] = before + [option] }
      }
    }
    return best[tokens.count]
  }

  /// The one option `piece` names: a label (`c`, `3`, `选C`) or its words.
  static func pieceOption(_ piece: [Character], matcher: OptionMatcher, optionCount: Int) -> Int? {
    if let label = pieceLabel(piece, optionCount: optionCount) { return label }
    if case .one(let index) = matcher.match(piece) { return index }
    return nil
  }

  /// The option a piece names by its label (`c`, `3`, `选C`), nil when it is no single label.
  static func pieceLabel(_ piece: [Character], optionCount: Int) -> Int? {
    if let label = decoratedLabels(piece, optionCount: optionCount) {
      if label.allSatisfy(\.isNumber) {
        guard let number = Int(label), (1...optionCount).contains(number) else { return nil }
        return number - 1
      }
      guard label.count == 1, let ascii = label.lowercased().first?.asciiValue else { return nil }
      let index = Int(ascii - UInt8(ascii: "a"))
      return index < min(optionCount, 26) ? index : nil
    }
    return nil
  }

  /// `alsoRight`: options that are right as well (Moodle's several `=` answers); the expected
  /// answer shown names every right option in the order shown ("A. riding or D. ridden"), as
  /// Moodle's "The correct answers are: …" does, so a learner who knew another right option is
  /// not told it is wrong.
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
    let option = question.optionOrder[pick]
    var isCorrect = pick == right || alsoRight.contains(option)
    let credit = question.question.credit
    var fraction: Double?
    var detail: String?
    // A bank's weighted option (`~%50%`) earns its fraction; the course's right options earn all.
    if !isCorrect, credit.fractions.indices.contains(option) {
      let earned = AnswerCredit.clamped(credit.fractions[option])
      isCorrect = AnswerCredit.isFull(earned)
      fraction = isCorrect ? 1 : earned
      if !isCorrect && earned > 0 {
        detail = question.messages.tr("credit: {percent} %", ["percent": CreditText.percent(earned)])
      }
    }
    let rights = question.optionOrder.indices.filter {
      $0 == right || alsoRight.contains(question.optionOrder[$0])
    }
    // TRANSLATORS: between the right options of a single-choice question with several, "A. riding or D. ridden".
    let expected = rights.map { describe($0, in: question) }.joined(separator: question.messages.tr(" or "))
    return question.feedback(
      isCorrect: isCorrect, given: describe(pick, in: question), expected: expected,
      detail: detail, fraction: fraction, answerFeedback: credit.feedback(at: option))
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
    let credit = question.question.credit
    if !credit.fractions.isEmpty {
      return gradeWeighted(chosen, question: question, right: right, credit: credit)
    }
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

  /// A multiple-answer question with fractions, graded by Moodle's rule: the chosen options'
  /// fractions summed and clamped to 0…1, each chosen option's feedback shown.
  static func gradeWeighted(_ chosen: [Int], question: PresentedQuestion, right: Set<Int>, credit: AnswerCredit)
    -> AnswerOutcome
  {
    let messages = question.messages
    let fraction = credit.fraction(choosing: chosen.map { question.optionOrder[$0] })
    let isCorrect = AnswerCredit.isFull(fraction)
    var detail: String?
    if !isCorrect || Set(chosen) != right {
      let rightChosen = chosen.filter { right.contains($0) }.count
      // TRANSLATORS: the credit of a multiple-answer question, e.g. "80 %: 4 of 5 right options, 1 wrong".
      detail = messages.trn(
        "{percent} %: {chosen} of {count} right option, {wrong} wrong",
        "{percent} %: {chosen} of {count} right options, {wrong} wrong", count: right.count,
        [
          "percent": CreditText.percent(isCorrect ? 1 : fraction), "chosen": rightChosen,
          "wrong": chosen.count - rightChosen,
        ])
    }
    // Moodle shows each chosen option's feedback beside it.
    let notes = chosen.compactMap { pick in
      credit.feedback(at: question.optionOrder[pick]).map {
        messages.tr("{option}: {feedback}", ["option": describe(pick, in: question), "feedback": $0])
      }
    }
    return question.feedback(
      isCorrect: isCorrect,
      given: messages.separatedList(chosen.map { describe($0, in: question) }),
      expected: messages.separatedList(right.sorted().map { describe($0, in: question) }),
      detail: detail, fraction: isCorrect ? 1 : fraction,
      answerFeedback: notes.isEmpty ? nil : notes.joined(separator: "\n"))
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
