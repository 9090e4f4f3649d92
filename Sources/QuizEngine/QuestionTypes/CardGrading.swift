import Localization

/// Grading of `card`: the learner saw the back and says whether they knew it.
///
/// `y`/`n` (and the true/false spellings), or a rating 1–4 as in Anki: 1 again (not known),
/// 2 hard, 3 good, 4 easy (known).
enum CardGrading {
  static let expectation = trMark("did you know it? y or n (or rate it 1 again, 2 hard, 3 good, 4 easy)")
  static let ratings = [trMark("again"), trMark("hard"), trMark("good"), trMark("easy")]

  static func grade(_ input: String, question: Question, back: String, messages: Localizer) -> AnswerOutcome {
    let word = AnswerText.normalize(input)
    let knew: Bool
    let given: String
    if let rating = Int(word), (1...4).contains(rating) {
      knew = rating > 1
      given = "\(rating) (\(messages.tr(ratings[rating - 1])))"
    } else if TrueFalseGrading.trueWords.contains(word) {
      knew = true
      given = messages.tr("yes")
    } else if TrueFalseGrading.falseWords.contains(word) {
      knew = false
      given = messages.tr("no")
    } else {
      return .invalid(messages.tr(expectation))
    }
    return question.feedback(isCorrect: knew, given: given, expected: back)
  }
}
