package import Localization

/// `ordering`: items to put in order (Moodle's qtype_ordering). `items` are written in the right
/// order and always shown shuffled, lettered; the learner types the letters in order (`c a b` or
/// `cab`), graded by `scoring` (``OrderingGrading``).
///
/// ```swift
/// let kind = Question.Kind.ordering(items: ["Egg", "Larva", "Pupa", "Butterfly"])
/// // shown as A. Pupa  B. Egg  C. Butterfly  D. Larva; right: "b d a c"
/// ```
package struct Ordering: QuestionTypeModel {
  /// How a partly right order scores, as Moodle's `gradingtype`.
  package enum Scoring: String, Sendable, Equatable, CaseIterable {
    /// Full credit for the whole order right, none otherwise (Moodle's ALL_OR_NOTHING).
    case allOrNothing
    /// The share of items in their right place (ABSOLUTE_POSITION).
    case absolutePosition
    /// The share of items, all but the last, followed by the right one (RELATIVE_NEXT_EXCLUDE_LAST,
    /// Moodle's default): one item misplaced costs one or two pairs, not every place after it.
    case relativeNext
  }

  /// In the right order.
  package var items: [String]
  package var scoring: Scoring

  package init(items: [String], scoring: Scoring = .relativeNext) {
    self.items = items
    self.scoring = scoring
  }

  package static let type = QuestionType.ordering
  package static let label = trMark("ordering")
  /// Reading every item and ordering them takes as long as pairing a list.
  package static let quickRecallSeconds = 45.0
  /// Its items in course order would be the answer: `a b c d`.
  package static let alwaysShuffled = true
  /// As the grader read it: the letters of the course's items in the learner's order.
  package static func shownResponse(_ text: String, messages: Localizer) -> String { text }

  /// The items, lettered.
  package var options: [String] { items }
  package var creditedAnswerCount: Int? { nil }
  /// One of the n! orders, for all or nothing; nothing simple to say of partial credit.
  package var randomGuessScore: Double? {
    guard scoring == .allOrNothing, !items.isEmpty else { return nil }
    return 1 / (1...items.count).reduce(1.0) { $0 * Double($1) }
  }
  package var choiceTally: (options: [String], right: Set<Int>, lettered: Bool)? { nil }

  package func grade(_ input: String, as shown: PresentedQuestion) -> AnswerOutcome {
    OrderingGrading.grade(input, question: shown, scoring: scoring)
  }

  package func blankMessage(_ shown: PresentedQuestion) -> String { shown.messages.tr(OrderingGrading.expectation) }

  package func answerNote(_ shown: PresentedQuestion) -> String? {
    shown.messages.tr("(type the letters in the right order, e.g. c a b)")
  }

  /// The order in the letters of the course's items, so every learner's `b a c` means the same order.
  package func response(to input: String, as shown: PresentedQuestion) -> QuestionResponse? {
    guard let feedback = shown.grade(input).feedback,
      case .success(let picks) = OrderingGrading.sequence(input, count: shown.optionOrder.count)
    else { return nil }
    let text = picks.map { AnswerText.label(ofOption: shown.optionOrder[$0]).lowercased() }.joined(separator: " ")
    return .text(text, right: feedback.isCorrect, fraction: feedback.fraction)
  }
}

extension Question.Kind {
  /// An ``Ordering`` question.
  package static func ordering(items: [String], scoring: Ordering.Scoring = .relativeNext) -> Self {
    .ordering(Ordering(items: items, scoring: scoring))
  }
}
