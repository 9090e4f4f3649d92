import Foundation

/// What a learner answered, read back in the course's terms for an item analysis: the options chosen
/// (by their index in the course, whatever order they were shown in), or the answer as the grader reads it.
///
/// ```swift
/// let shown = PresentedQuestion(q, optionOrder: [2, 0, 1])
/// QuestionResponse.read("a", question: shown)  // .options([2]): the course's third option
/// ```
package enum QuestionResponse: Sendable, Hashable {
  /// A choice (or true/false, as `[0]` true and `[1]` false): course option indices, ascending.
  case options([Int])
  /// A fill-in, numeric or matching answer as the grader reads it, its verdict and the credit it
  /// earns (1 right, 0 wrong, between for a partly right one).
  case text(String, right: Bool, fraction: Double)
  /// A flashcard's self-rating: `yes`/`no`, or 1–4 with `--rate`.
  case rating(String, knew: Bool)

  /// Reads `input`, typed to `question` as it was presented; nil when the grader cannot read it (any more).
  package static func read(_ input: String, question: PresentedQuestion) -> QuestionResponse? {
    switch question.question.kind {
    case .single, .multiple:
      // One letter or number is always a label (ChoiceGrading's rule): read without the option-text matching.
      let trimmed = input.utf8.count <= 4 ? input.trimmingCharacters(in: .whitespaces) : ""
      if trimmed.utf8.count == 1, let byte = trimmed.utf8.first {
        let letter = Int(byte | 0x20) - Int(UInt8(ascii: "a"))
        let number = Int(byte) - Int(UInt8(ascii: "1"))
        let index = (0..<26).contains(letter) ? letter : (0..<9).contains(number) ? number : -1
        if index >= 0 && index < question.optionOrder.count { return .options([question.optionOrder[index]]) }
      }
      guard case .success(let chosen) = ChoiceGrading.chosen(input, question: question), !chosen.isEmpty else {
        return nil
      }
      return .options(Set(chosen.map { question.optionOrder[$0] }).sorted())
    case .trueFalse(let answer):
      guard let feedback = question.grade(input).feedback else { return nil }
      let saidTrue = feedback.isCorrect == answer
      return .options([saidTrue ? 0 : 1])
    case .fill(_, let caseSensitive):
      guard let feedback = question.grade(input).feedback else { return nil }
      return .text(
        AnswerText.comparisonKey(input, foldingCase: !caseSensitive), right: feedback.isCorrect,
        fraction: feedback.fraction)
    case .numeric:
      guard let feedback = question.grade(input).feedback else { return nil }
      return .text(feedback.given, right: feedback.isCorrect, fraction: feedback.fraction)
    case .matching(let items, _, _):
      guard let feedback = question.grade(input).feedback,
        case .success(let picks) = MatchingGrading.pairs(
          input, itemCount: items.count, choiceCount: question.optionOrder.count)
      else { return nil }
      // Letters of the course's choices, so every learner's `1b` means the same pair.
      let text = picks.enumerated().map {
        "\($0.offset + 1)\(AnswerText.label(ofOption: question.optionOrder[$0.element]).lowercased())"
      }.joined(separator: " ")
      return .text(text, right: feedback.isCorrect, fraction: feedback.fraction)
    case .essay:
      // Kept as written, never an answer to analyse.
      return nil
    case .card:
      guard let feedback = question.grade(input).feedback else { return nil }
      let trimmed = input.trimmingCharacters(in: .whitespaces)
      if let rating = Int(trimmed), (1...4).contains(rating) {
        return .rating(String(rating), knew: feedback.isCorrect)
      }
      return .rating(feedback.isCorrect ? "yes" : "no", knew: feedback.isCorrect)
    }
  }
}
