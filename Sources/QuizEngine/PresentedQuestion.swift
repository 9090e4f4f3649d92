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
    if case .matching(let matching) = question.kind { return matching.items }
    return []
  }

  /// The back of a flashcard, nil for other types.
  package var back: String? {
    if case .card(let card) = question.kind { return card.back }
    return nil
  }

  /// The unit a numeric answer is expected in (its `answerUnit`, else its `unit`), nil for a bare number or another type.
  package var unit: MeasurementUnit? {
    if case .numeric(let numeric) = question.kind { return numeric.expectedUnit }
    return nil
  }

  /// True for a fill-in whose capital and small letters must match (`"caseSensitive": true`).
  package var isCaseSensitive: Bool {
    if case .fill(let fill) = question.kind { return fill.caseSensitive }
    return false
  }

  /// True when a numeric answer must carry its unit (`"unitRequired": true`).
  package var isUnitRequired: Bool {
    if case .numeric(let numeric) = question.kind { return numeric.rules.unitRequired }
    return false
  }

  /// Grades `input` as its type does; blank or unreadable input comes back `.invalid` with what is expected.
  package func grade(_ input: String) -> AnswerOutcome {
    if AnswerText.isBlank(input) { return .invalid(blankMessage) }
    return question.kind.model.grade(input, as: self)
  }

  /// What to type, for input with nothing to grade in it.
  var blankMessage: String { question.kind.model.blankMessage(self) }

  /// The note under the question saying how to answer (`(true or false: t/f)`), nil when the options say it.
  package var answerNote: String? { question.kind.model.answerNote(self) }

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
