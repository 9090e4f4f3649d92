import Localization

/// Grading of `fill`: any accepted answer, compared through ``AnswerNormalizer``.
enum FillGrading {
  /// Other spellings named after a wrong answer; more are counted, not listed.
  static let alternativesShown = 3

  /// With `caseSensitive`, `paris` is not `Paris`; a wrong answer that differs from an accepted one
  /// only in case says so, since the learner knew the word.
  static func grade(
    _ input: String, question: Question, answers: [String], caseSensitive: Bool = false, messages: Localizer
  ) -> AnswerOutcome {
    let isCorrect = accepts(input, answers: answers, caseSensitive: caseSensitive, conventions: question.conventions)
    // Show the learner's text as typed (trimmed): normalization is for comparing, not for display.
    let shown = input.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    let credit = question.credit
    if !credit.isEmpty {
      if isCorrect {
        // The matched accepted answer's own feedback (the first that matches).
        let matched = answers.indices.first {
          accepts(input, answers: [answers[$0]], caseSensitive: caseSensitive, conventions: question.conventions)
        }
        return question.feedback(
          isCorrect: true, given: shown, expected: answers.first ?? "",
          answerFeedback: matched.flatMap { credit.feedback(at: $0) })
      }
      // The best matching answer worth part of the credit (Moodle's weighted short answers), else `*`.
      let matches = credit.otherAnswers.filter {
        !$0.isWildcard
          && accepts(input, answers: [$0.text], caseSensitive: caseSensitive, conventions: question.conventions)
      }
      if let best = matches.max(by: { $0.fraction < $1.fraction })
        ?? credit.otherAnswers.first(where: { $0.isWildcard && ($0.fraction > 0 || !$0.feedback.isEmpty) })
      {
        let fraction = AnswerCredit.clamped(best.fraction)
        let full = AnswerCredit.isFull(fraction)
        return question.feedback(
          isCorrect: full, given: shown, expected: answers.first ?? "",
          detail: fraction > 0 && !full
            ? messages.tr("credit: {percent} %", ["percent": CreditText.percent(fraction)]) : nil,
          fraction: full ? 1 : fraction, answerFeedback: best.feedback.isEmpty ? nil : best.feedback)
      }
    }
    var detail: String?
    if !isCorrect {
      let caseOnly =
        caseSensitive && accepts(input, answers: answers, caseSensitive: false, conventions: question.conventions)
      detail =
        caseOnly
        ? messages.tr("capital and small letters count here")
        : alsoAccepted(answers, caseSensitive: caseSensitive, messages: messages)
    }
    return question.feedback(
      isCorrect: isCorrect, given: shown, expected: answers.first ?? "", detail: detail)
  }

  /// Whether `input` is one of `answers` as the normaliser reads them: equal; equal before a
  /// bracketed note (`熔化（吸热）`); or equal with neutral additions (`液化现象`, `the metre`, `metres`).
  static func accepts(
    _ input: String, answers: [String], caseSensitive: Bool, conventions: AnswerConventions
  ) -> Bool {
    let accepted = Set(answers.map { AnswerNormalizer.key($0, conventions: conventions, foldingCase: !caseSensitive) })
    let peeled = AnswerNormalizer.peeled(input, conventions: conventions, foldingCase: !caseSensitive)
    var candidates = [AnswerNormalizer.spaceless(peeled)]
    if let before = AnswerNormalizer.withoutTrailingNote(peeled) {
      candidates.append(AnswerNormalizer.spaceless(before))
    }
    return candidates.contains { candidate in
      accepted.contains(candidate)
        || AnswerNormalizer.isNeutralAddition(candidate, to: accepted, conventions: conventions)
    }
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
