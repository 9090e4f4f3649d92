import Foundation
package import Localization

/// A question as the learner sees it: numbered, with its options in presented order, and gradable.
///
/// Letters and numbers in answers refer to `options` as presented here; `optionOrder` maps them back.
/// The caller labels options `A`, `B`, `C`… (see ``optionLabels``).
///
/// ```swift
/// let q = Question(id: "q1", prompt: "1 + 1?", explanation: "", kind: .single(options: ["1", "2"], answer: 1))
/// let shown = PresentedQuestion(q)
/// shown.grade("B").feedback?.isCorrect  // true
/// ```
package struct PresentedQuestion: Sendable, Equatable {
  package var question: Question
  /// 1-based position in the session.
  package var number: Int
  package var total: Int
  /// For each presented option, its index in the course's `options`.
  package var optionOrder: [Int]
  /// The catalog for what grading says (expectations, details), in the learner's language.
  package var messages: Localizer

  /// Presents `question` with options in `optionOrder` (course order when nil).
  package init(
    _ question: Question, number: Int = 1, total: Int = 1, optionOrder: [Int]? = nil,
    messages: Localizer = .english
  ) {
    self.question = question
    self.messages = messages
    self.number = number
    self.total = total
    self.optionOrder = optionOrder ?? Array(question.kind.options.indices)
    precondition(
      self.optionOrder.sorted() == Array(question.kind.options.indices),
      "optionOrder must be a permutation of the option indices")
  }
}

extension PresentedQuestion {
  package var id: String { question.id }
  package var prompt: String { question.prompt }
  /// The text this question shares with others (a Cloze question's), shown above the prompt.
  package var passage: String? { question.passage?.text }
  /// The prompt as text without markup (``Question/shownPrompt``).
  package var shownPrompt: String { question.shownPrompt }
  package var hint: String? { question.hint }
  package var type: QuestionType { question.kind.type }
  /// `single choice`, `true or false`, … in the learner's language.
  package var typeLabel: String { type.label(messages) }

  /// The options in presented order; empty unless this is a choice question.
  package var options: [String] {
    let original = question.kind.options
    return optionOrder.map { original[$0] }
  }

  /// `A`, `B`, … for the presented options.
  package var optionLabels: [String] { options.indices.map(AnswerText.label(ofOption:)) }

  /// The items of a matching question, numbered 1, 2, … when shown; empty for other types.
  package var items: [String] {
    if case .matching(let items, _, _) = question.kind { return items }
    return []
  }

  /// The back of a flashcard, nil for other types.
  package var back: String? {
    if case .card(let back) = question.kind { return back }
    return nil
  }

  /// The unit a numeric answer is expected in (its `answerUnit`, else its `unit`), nil for a bare number or another type.
  package var unit: MeasurementUnit? {
    if case .numeric(_, let unit, _, let rules) = question.kind { return rules.answerUnit ?? unit }
    return nil
  }

  /// True for a fill-in whose capital and small letters must match (`"caseSensitive": true`).
  package var isCaseSensitive: Bool {
    if case .fill(_, let caseSensitive) = question.kind { return caseSensitive }
    return false
  }

  /// True when a numeric answer must carry its unit (`"unitRequired": true`).
  package var isUnitRequired: Bool {
    if case .numeric(_, _, _, let rules) = question.kind { return rules.unitRequired }
    return false
  }

  /// Grades `input`; blank or unreadable input comes back `.invalid` with what is expected.
  package func grade(_ input: String) -> AnswerOutcome {
    if AnswerText.isBlank(input) { return .invalid(blankMessage) }
    switch question.kind {
    case .single(_, let answer, let alsoRight):
      return ChoiceGrading.gradeSingle(input, question: self, answer: answer, alsoRight: alsoRight)
    case .multiple(_, let answers):
      return ChoiceGrading.gradeMultiple(input, question: self, answers: answers)
    case .trueFalse(let answer):
      return TrueFalseGrading.grade(input, question: question, answer: answer, messages: messages)
    case .fill(let answers, let caseSensitive):
      return FillGrading.grade(
        input, question: question, answers: answers, caseSensitive: caseSensitive, messages: messages)
    case .numeric(let answer, let unit, let tolerance, let rules):
      return NumericGrading.grade(
        input, question: question, answer: answer, unit: unit, tolerance: tolerance, rules: rules, messages: messages)
    case .matching(let items, _, let answers):
      return MatchingGrading.grade(input, question: self, items: items, answers: answers)
    case .card(let back):
      return CardGrading.grade(input, question: question, back: back, messages: messages)
    case .essay:
      // Taken as written, graded by no one: a caller keeps it as a response, not an answer.
      return question.feedback(isCorrect: false, given: input.trimmingCharacters(in: .whitespaces), expected: "")
    }
  }

  /// What to type, for input with nothing to grade in it.
  var blankMessage: String {
    switch question.kind {
    case .single: return messages.tr("type the letter or number of one option, for example \"A\" or \"1\"")
    case .multiple:
      return messages.tr("type the letters or numbers of the right options, for example \"A C\" or \"1,3\"")
    case .trueFalse: return messages.tr(TrueFalseGrading.expectation)
    case .fill: return messages.tr("type your answer")
    case .numeric: return NumericGrading.expectation(unit: unit, messages: messages)
    case .matching: return messages.tr(MatchingGrading.expectation)
    case .card: return messages.tr(CardGrading.expectation)
    case .essay: return messages.tr("write your answer; it is kept, not graded")
    }
  }

  func feedback(
    isCorrect: Bool, given: String, expected: String, detail: String? = nil, fraction: Double? = nil,
    answerFeedback: String? = nil
  ) -> AnswerOutcome {
    question.feedback(
      isCorrect: isCorrect, given: given, expected: expected, detail: detail, fraction: fraction,
      answerFeedback: answerFeedback)
  }
}

extension Question {
  func feedback(
    isCorrect: Bool, given: String, expected: String, detail: String? = nil, fraction: Double? = nil,
    answerFeedback: String? = nil
  ) -> AnswerOutcome {
    .graded(
      Feedback(
        questionID: id, isCorrect: isCorrect, given: given, expected: expected, detail: detail,
        explanation: explanation, fraction: fraction, answerFeedback: answerFeedback))
  }
}
