/// A wrongly answered question beside its right answer, for the end-of-session summary.
///
/// ```swift
/// for m in summary.mistakes { _ = "\(m.prompt): you said \(m.given), right is \(m.expected)" }
/// ```
package struct Mistake: Sendable, Equatable {
  package var questionID: String
  package var prompt: String
  package var given: String
  package var expected: String
  package var explanation: String

  package init(questionID: String, prompt: String, given: String, expected: String, explanation: String) {
    self.questionID = questionID
    self.prompt = prompt
    self.given = given
    self.expected = expected
    self.explanation = explanation
  }
}
