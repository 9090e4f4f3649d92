package import Foundation
package import QuizEngine
package import Scheduling

/// The FSRS rating an answer earns, from what the grading knows.
///
/// Wrong or skipped is Again; partly right (a fraction between 0 and 1) is Hard; right after a hint or an `!!` override is Hard; right is Good;
/// right when the previous answer to the question was right too, within the question type's
/// quick time, is Easy.
///
/// ```swift
/// ReviewRating.rating(correct: true, helped: false, previousRight: true, seconds: 4, type: .single)  // .easy
/// ```
package enum ReviewRating {
  /// Seconds within which a right answer counts as instant recall: a flashcard known at sight;
  /// reading the options of a choice takes a moment; typing a word or pairing a list longer;
  /// working out a number longer still.
  ///
  /// Each type's own (``QuestionTypeModel/quickRecallSeconds``); 0 for an essay, never rated.
  package static func quickTime(for type: QuestionType) -> TimeInterval { type.model.quickRecallSeconds }

  /// `fraction`: the credit of an answer that is not right; partly right (between 0 and 1) is Hard.
  package static func rating(
    correct: Bool, helped: Bool, previousRight: Bool, seconds: TimeInterval, type: QuestionType, fraction: Double = 0
  ) -> Rating {
    guard correct else { return fraction > 0 ? .hard : .again }
    if helped { return .hard }
    if previousRight && seconds <= quickTime(for: type) { return .easy }
    return .good
  }

  /// The rating a graded answer earns: from the grading (see `rating(correct:helped:…)`), except a
  /// flashcard answered with a rating (1–4) when the learner rates (`--rate`), which has that one.
  package static func rating(
    of feedback: Feedback, type: QuestionType, helped: Bool, previousRight: Bool, seconds: TimeInterval,
    learnerRates: Bool
  ) -> Rating {
    if type == .card, learnerRates, let typed = Int(feedback.given).flatMap(Rating.init) { return typed }
    return rating(
      correct: feedback.isCorrect, helped: helped, previousRight: previousRight, seconds: seconds, type: type,
      fraction: feedback.fraction)
  }

  /// A rating typed after `--rate`'s question: 1–4 or its name (`again`, `hard`, `good`, `easy`).
  package static func parse(_ text: String) -> Rating? {
    let word = text.lowercased()
    if let number = Int(word) { return Rating(rawValue: number) }
    return Rating.allCases.first { $0.name == word || ($0.name.hasPrefix(word) && !word.isEmpty) }
  }
}
