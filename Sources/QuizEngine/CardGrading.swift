/// Grading of `card`: the learner saw the back and says whether they knew it.
///
/// `y`/`n` (and the true/false spellings), or a rating 1–4 as in Anki: 1 again (not known),
/// 2 hard, 3 good, 4 easy (known).
enum CardGrading {
  static let expectation = "did you know it? y or n (or rate it 1 again, 2 hard, 3 good, 4 easy)"
  static let ratings = ["again", "hard", "good", "easy"]

  static func grade(_ input: String, question: Question, back: String) -> AnswerOutcome {
    let word = AnswerText.normalize(input)
    let knew: Bool
    let given: String
    if let rating = Int(word), (1...4).contains(rating) {
      knew = rating > 1
      given = "\(rating) (\(ratings[rating - 1]))"
    } else if TrueFalseGrading.trueWords.contains(word) {
      knew = true
      given = "yes"
    } else if TrueFalseGrading.falseWords.contains(word) {
      knew = false
      given = "no"
    } else {
      return .invalid(expectation)
    }
    return question.feedback(isCorrect: knew, given: given, expected: back)
  }
}
