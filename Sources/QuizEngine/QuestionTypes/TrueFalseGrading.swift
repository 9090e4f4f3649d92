import Localization

/// Grading of `truefalse`, accepting the spellings a Chinese or English speaker would type.
enum TrueFalseGrading {
  // Compared after the answer normaliser, so `Ｔ`, `YES`, `“对”`, `對的` and `True` all land here;
  // `x` is the × a keyboard has.
  static let trueWords: Set<String> = [
    "t", "true", "y", "yes", "right", "correct", "对", "對", "是", "√", "✓", "✔", "正确", "正確", "对的", "是的",
    "对了",
  ]
  static let falseWords: Set<String> = [
    "f", "false", "n", "no", "wrong", "incorrect", "错", "錯", "否", "×", "✗", "✘", "x", "错误", "錯誤", "不对",
    "不正确", "错的", "错了", "不是",
  ]

  static let expectation = trMark("answer true or false: t/f, yes/no or √/×")

  static func grade(_ input: String, question: Question, answer: Bool, messages: Localizer) -> AnswerOutcome {
    let word = AnswerNormalizer.key(input, conventions: question.conventions)
    let given: Bool
    if trueWords.contains(word) {
      given = true
    } else if falseWords.contains(word) {
      given = false
    } else {
      return .invalid(messages.tr(expectation))
    }
    // Moodle's true/false feedback is the chosen answer's: `feedback` holds true's, then false's.
    return question.feedback(
      isCorrect: given == answer, given: spoken(given, messages), expected: spoken(answer, messages),
      answerFeedback: question.credit.feedback(at: given ? 0 : 1))
  }

  /// `true`/`false`, or `对`/`错`: the answer as the learner's language says it.
  static func spoken(_ value: Bool, _ messages: Localizer) -> String {
    value ? messages.tr("true") : messages.tr("false")
  }
}
