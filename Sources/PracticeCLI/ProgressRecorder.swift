import Foundation
import QuizEngine

/// Where the shell records what a learner did, before it acknowledges it.
///
/// Each call returns only once the event is durable; a throw means it was not
/// saved and the shell must not say it was.
public protocol ProgressRecorder: AnyObject {
  func nodeOpened(key: String, at date: Date) throws
  func sessionStarted(id: String, nodeKey: String, questionIDs: [String], at date: Date) throws
  func answered(
    sessionID: String, questionID: String, nodeKey: String, input: String, isCorrect: Bool, at date: Date
  ) throws
  func sessionEnded(id: String, summary: SessionSummary, at date: Date) throws
  /// The outline's expanded nodes, by progress key, so the next run opens as this one left off.
  func saveExpandedNodes(_ keys: [String]) throws
}
