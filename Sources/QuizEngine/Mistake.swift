/// A wrongly answered question beside its right answer, for the end-of-session summary.
///
/// ```swift
/// for m in summary.mistakes { _ = "\(m.prompt): you said \(m.given), right is \(m.expected)" }
/// ```
public struct Mistake: Sendable, Equatable {
  public var questionID: String
  public var prompt: String
  public var given: String
  public var expected: String
  public var explanation: String

  public init(questionID: String, prompt: String, given: String, expected: String, explanation: String) {
    self.questionID = questionID
    self.prompt = prompt
    self.given = given
    self.expected = expected
    self.explanation = explanation
  }
}
