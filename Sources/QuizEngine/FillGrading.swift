/// Grading of `fill`: any accepted answer, compared after normalization.
enum FillGrading {
  static func grade(_ input: String, question: Question, answers: [String]) -> AnswerOutcome {
    let given = AnswerText.normalize(input)
    let isCorrect = answers.contains { AnswerText.normalize($0) == given }
    // Show the learner's text as typed (trimmed): normalization is for comparing, not for display.
    let shown = input.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    return question.feedback(isCorrect: isCorrect, given: shown, expected: answers.joined(separator: " or "))
  }
}
