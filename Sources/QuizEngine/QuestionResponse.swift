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
    question.question.kind.model.response(to: input, as: question)
  }

  /// A choice question's answer: the course indices of the options chosen.
  static func readChoice(_ input: String, question: PresentedQuestion) -> QuestionResponse? {
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
  }
}
