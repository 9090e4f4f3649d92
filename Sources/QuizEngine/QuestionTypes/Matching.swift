package import Localization

/// `matching`: each of `items` is matched with one of `choices`; `answers[i]` is the index of item
/// `i`'s choice. Choices no item matches are distractors. Graded pair by pair (``MatchingGrading``).
///
/// ```swift
/// Question.Kind.matching(pairs: [("Canada", "Ottawa"), ("Italy", "Rome")], distractors: ["Paris"])
/// // .matching(Matching(items: ["Canada", "Italy"], choices: ["Ottawa", "Rome", "Paris"], answers: [0, 1]))
/// ```
package struct Matching: QuestionTypeModel {
  package var items: [String]
  package var choices: [String]
  package var answers: [Int]

  package init(items: [String], choices: [String], answers: [Int]) {
    self.items = items
    self.choices = choices
    self.answers = answers
  }

  package static let type = QuestionType.matching
  package static let label = trMark("matching")
  /// Pairing a list takes longer than typing a word.
  package static let quickRecallSeconds = 45.0
  /// Its choices in course order would follow its items: `a b c d`.
  package static let alwaysShuffled = true
  /// As the learner typed it (as the grader read it).
  package static func shownResponse(_ text: String, messages: Localizer) -> String { text }

  /// The choices, lettered.
  package var options: [String] { choices }
  package var creditedAnswerCount: Int? { nil }
  package var randomGuessScore: Double? { nil }
  package var choiceTally: (options: [String], right: Set<Int>, lettered: Bool)? { nil }

  package func grade(_ input: String, as shown: PresentedQuestion) -> AnswerOutcome {
    MatchingGrading.grade(input, question: shown, items: items, answers: answers)
  }

  package func blankMessage(_ shown: PresentedQuestion) -> String { shown.messages.tr(MatchingGrading.expectation) }

  package func answerNote(_ shown: PresentedQuestion) -> String? {
    shown.messages.tr("(pair every item with a letter, e.g. 1b 2a, or just b a)")
  }

  /// The pairs in the letters of the course's choices, so every learner's `1b` means the same pair.
  package func response(to input: String, as shown: PresentedQuestion) -> QuestionResponse? {
    guard let feedback = shown.grade(input).feedback,
      case .success(let picks) = MatchingGrading.pairs(
        input, itemCount: items.count, choiceCount: shown.optionOrder.count)
    else { return nil }
    let text = picks.enumerated().map {
      "\($0.offset + 1)\(AnswerText.label(ofOption: shown.optionOrder[$0.element]).lowercased())"
    }.joined(separator: " ")
    return .text(text, right: feedback.isCorrect, fraction: feedback.fraction)
  }
}

extension Question.Kind {
  /// A ``Matching`` question.
  package static func matching(items: [String], choices: [String], answers: [Int]) -> Self {
    .matching(Matching(items: items, choices: choices, answers: answers))
  }

  /// A matching question from `(item, choice)` pairs: equal choices are shown once, and
  /// distractors follow the paired choices.
  package static func matching(pairs: [(String, String)], distractors: [String]) -> Self {
    var choices: [String] = []
    var answers: [Int] = []
    // Looked up by hash, not searched: a bank may pair 100,000 items.
    var indexOf: [String: Int] = [:]
    for (_, right) in pairs {
      if let index = indexOf[right] {
        answers.append(index)
      } else {
        indexOf[right] = choices.count
        answers.append(choices.count)
        choices.append(right)
      }
    }
    for distractor in distractors where indexOf[distractor] == nil {
      indexOf[distractor] = choices.count
      choices.append(distractor)
    }
    return .matching(items: pairs.map(\.0), choices: choices, answers: answers)
  }
}
