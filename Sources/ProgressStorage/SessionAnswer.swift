import Foundation

/// One answer inside a session, in the order given.
///
/// ```swift
/// let wrong = session.answers.filter { !$0.correct }.map(\.questionID)
/// ```
public struct SessionAnswer: Sendable, Hashable {
  public var questionID: String
  /// The text the learner gave.
  public var given: String
  public var correct: Bool
  public var time: Date

  public init(questionID: String, given: String, correct: Bool, time: Date) {
    self.questionID = questionID
    self.given = given
    self.correct = correct
    self.time = time
  }
}
