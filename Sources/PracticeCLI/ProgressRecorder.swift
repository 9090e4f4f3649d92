package import Foundation
package import ProgressStorage
package import QuizEngine

/// Where the shell records what a learner did, before it acknowledges it.
///
/// Each call returns only once the event is durable; a throw means it was not
/// saved and the shell must not say it was.
///
/// `state` is the fold of everything recorded (by this run and earlier ones): `mistakes`, `resume`
/// and the figures are derived from it, never kept on the side.
package protocol ProgressRecorder: AnyObject {
  var state: ProgressState { get }
  func nodeOpened(key: String, at date: Date) throws
  /// `kind`: full, mistakes or review; `seed`: what shuffled it, nil for the course's order.
  func sessionStarted(
    id: String, nodeKey: String, questionIDs: [String], at date: Date, kind: SessionKind, seed: UInt64?) throws
  /// An unfinished session is taken up again; its next records carry the same id.
  func sessionResumed(id: String, at date: Date) throws
  /// `review` is the rating the answer gave the scheduler (and the fuzz draw, with `--fuzz`);
  /// `fraction` the partial credit of an answer that is not right (nil when it earned nothing);
  /// `values` what a calculated question showed (nil for any other question).
  func answered(
    sessionID: String, questionID: String, nodeKey: String, input: String, isCorrect: Bool, fraction: Double?,
    values: ShownValues?, review: ReviewMark, at date: Date
  ) throws
  /// What the learner wrote to an essay: kept, graded by no one, rated for no schedule.
  func responded(sessionID: String, questionID: String, nodeKey: String, text: String, at date: Date) throws
  /// A skipped question: recorded because the scheduler rates it Again; `values` as for an answer.
  func skipped(
    sessionID: String, questionID: String, nodeKey: String, values: ShownValues?, review: ReviewMark, at date: Date
  ) throws
  /// The learner overruled the verdict on their last answer to `questionID` (`!!`): it counts as right.
  func overruled(sessionID: String, questionID: String, nodeKey: String, at date: Date) throws
  /// The hint of `questionID` is about to be shown: recorded first, so a resume after a crash counts it.
  func hintShown(sessionID: String, questionID: String, nodeKey: String, at date: Date) throws
  /// The session ended; `hinted` is the question left open whose hint was shown, so a resume counts it.
  func sessionEnded(id: String, summary: SessionSummary, hinted: String?, at date: Date) throws
  /// The outline's expanded nodes, by progress key, so the next run opens as this one left off.
  func saveExpandedNodes(_ keys: [String]) throws
  /// The daily limits the learner set (`set new-per-day 30`), saved with the outline's expanded nodes.
  func saveLimits(_ limits: DailyLimits, expandedNodes keys: [String]) throws
  /// The daily limits saved for this learner and course; nil when none were set.
  var savedLimits: DailyLimits? { get }
}

extension ProgressRecorder {
  /// An answer worth all or nothing.
  package func answered(
    sessionID: String, questionID: String, nodeKey: String, input: String, isCorrect: Bool, review: ReviewMark,
    at date: Date
  ) throws {
    try answered(
      sessionID: sessionID, questionID: questionID, nodeKey: nodeKey, input: input, isCorrect: isCorrect,
      fraction: nil, values: nil, review: review, at: date)
  }

  /// A skipped question that showed no drawn values.
  package func skipped(
    sessionID: String, questionID: String, nodeKey: String, review: ReviewMark, at date: Date
  ) throws {
    try skipped(sessionID: sessionID, questionID: questionID, nodeKey: nodeKey, values: nil, review: review, at: date)
  }

  package func saveLimits(_ limits: DailyLimits, expandedNodes keys: [String]) throws {}
  package var savedLimits: DailyLimits? { nil }
}
