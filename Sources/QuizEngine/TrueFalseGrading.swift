import Localization

/// Grading of `truefalse`, accepting the spellings a Chinese or English speaker would type.
enum TrueFalseGrading {
  // Compared after NFKC and case folding, so `Ｔ`, `YES` and `True` all land here.
  static let trueWords: Set<String> = ["t", "true", "y", "yes", "对", "對", "是", "√", "✓", "✔", "正确", "正確"]
  static let falseWords: Set<String> = ["f", "false", "n", "no", "错", "錯", "否", "×", "✗", "✘", "错误", "錯誤"]

  static let expectation = trMark("answer true or false: t/f, yes/no, 对/错, 是/否 or √/×")

  static func grade(_ input: String, question: Question, answer: Bool, messages: Localizer) -> AnswerOutcome {
    let word = AnswerText.comparisonKey(input)
    let given: Bool
    if trueWords.contains(word) {
      given = true
    } else if falseWords.contains(word) {
      given = false
    } else {
      return .invalid(messages.tr(expectation))
    }
    return question.feedback(
      isCorrect: given == answer, given: spoken(given, messages), expected: spoken(answer, messages))
  }

  /// `true`/`false`, or `对`/`错`: the answer as the learner's language says it.
  static func spoken(_ value: Bool, _ messages: Localizer) -> String {
    value ? messages.tr("true") : messages.tr("false")
  }
}
