import Localization

/// Grading of `fill`: any accepted answer, compared by ``AnswerText/comparisonKey(_:foldingCase:)``.
enum FillGrading {
  /// Other spellings named after a wrong answer; more are counted, not listed.
  static let alternativesShown = 3

  /// With `caseSensitive`, `paris` is not `Paris`; a wrong answer that differs from an accepted one
  /// only in case says so, since the learner knew the word.
  static func grade(
    _ input: String, question: Question, answers: [String], caseSensitive: Bool = false, messages: Localizer
  ) -> AnswerOutcome {
    let given = AnswerText.comparisonKey(input, foldingCase: !caseSensitive)
    let isCorrect = answers.contains { AnswerText.comparisonKey($0, foldingCase: !caseSensitive) == given }
    // Show the learner's text as typed (trimmed): normalization is for comparing, not for display.
    let shown = input.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    var detail: String?
    if !isCorrect {
      let folded = AnswerText.comparisonKey(input)
      let caseOnly = caseSensitive && answers.contains { AnswerText.comparisonKey($0) == folded }
      detail =
        caseOnly
        ? messages.tr("capital and small letters count here")
        : alsoAccepted(answers, caseSensitive: caseSensitive, messages: messages)
    }
    return question.feedback(
      isCorrect: isCorrect, given: shown, expected: answers.first ?? "", detail: detail)
  }

  /// `also accepted: 负5摄氏度, 零下五摄氏度, 负五摄氏度 and 1 more`, or nil when there is one answer.
  ///
  /// The first answer is the one shown as right; spellings that differ from an earlier one only in
  /// spaces or punctuation (`零下 5 摄氏度`) teach nothing and are left out.
  static func alsoAccepted(_ answers: [String], caseSensitive: Bool = false, messages: Localizer = .english)
    -> String?
  {
    func spaceless(_ answer: String) -> String {
      AnswerText.comparisonKey(answer, foldingCase: !caseSensitive).filter { !$0.isWhitespace }
    }
    guard let first = answers.first else { return nil }
    var seen: Set<String> = [spaceless(first)]
    let others = answers.dropFirst().filter { seen.insert(spaceless($0)).inserted }
    guard !others.isEmpty else { return nil }
    let listed = messages.list(Array(others.prefix(alternativesShown)))
    let more = others.count - alternativesShown
    guard more > 0 else { return messages.tr("also accepted: {answers}", ["answers": listed]) }
    return messages.tr("also accepted: {answers} and {more} more", ["answers": listed, "more": more])
  }
}
