package import CourseOutline
package import Foundation
package import Localization
package import ProgressStorage
package import QuizEngine
import Reports

/// A recorded session taken up again: the same questions and options in the same order, its
/// answers and skips restored, at the first question neither answered nor skipped.
///
/// ```swift
/// let replay = try SessionReplay(of: record, in: course, startedAt: now - record.activeSeconds, messages)
/// replay.session.current  // where it goes on
/// ```
package struct SessionReplay: Sendable {
  /// Why a session cannot be taken up again.
  package enum Refusal: Error, Sendable, Equatable {
    /// The course no longer has the node it was on (its key).
    case nodeGone(String)
    /// Every question of it was answered or skipped.
    case allAnswered
  }

  /// The node it was on; nil for a review or a `mistakes` round of the whole course.
  package let node: Int?
  /// The session, its answers restored, at the question to go on with.
  package let session: PracticeSession
  /// The questions it chose from (the node's, or the course's).
  package let pool: [Question]

  /// Rebuilds `record` from `course`; `startedAt` is when it would have started had it never
  /// stopped (so its duration leaves the break out). `progress` and `learner` give calculated
  /// questions the stored sets they showed (the attempts counted before the session began).
  package init(
    of record: SessionRecord, in course: Course, startedAt: Date, _ messages: Localizer,
    progress: ProgressState? = nil, learner: String = ""
  ) throws(Refusal) {
    let (node, isGone) = RecordedSessionPlan.node(of: record, in: course)
    guard !isGone else { throw .nodeGone(record.node) }
    var (session, pool) = Self.session(
      of: record, in: course, node: node, startedAt: startedAt, messages, progress: progress, learner: learner)
    var latest: [String: SessionAnswer] = [:]
    for answer in record.answers { latest[answer.questionID] = answer }
    let skipped = Dictionary(record.skips.map { ($0.questionID, $0) }, uniquingKeysWith: { a, _ in a })
    let responded = Dictionary(record.responses.map { ($0.questionID, $0) }, uniquingKeysWith: { _, later in later })
    while let question = session.current {
      if let answer = latest[question.id] {
        session.restoreAnswer(
          answer.given, isCorrect: answer.correct, at: answer.time, hinted: answer.review?.hinted ?? false,
          fraction: answer.fraction)
      } else if let skip = skipped[question.id] {
        session.restoreSkip(at: skip.time, hinted: skip.review?.hinted ?? false)
      } else if let response = responded[question.id] {
        // An essay written to (or skipped: empty): it counts in nothing, but the summary says it
        // was written.
        session.respond(response.text, at: response.time)
      } else {
        break
      }
    }
    guard session.current != nil else { throw .allAnswered }
    self.node = node
    self.session = session
    self.pool = pool
  }

  /// The session `record` asked, rebuilt before any answer: the same questions in the same order
  /// with the same option orders, from its seed and how its kind chose and ordered them; when the
  /// course changed since, the recorded questions it still has, in the recorded order.
  package static func session(
    of record: SessionRecord, in course: Course, node: Int?, startedAt: Date, _ messages: Localizer,
    progress: ProgressState? = nil, learner: String = ""
  ) -> (session: PracticeSession, pool: [Question]) {
    let plan = RecordedSessionPlan(of: record, in: course, node: node)
    // Calculated questions show the values they showed when the session began: the same seed, and
    // the same stored sets (attempts counted before it began).
    let valueSeed = PracticeSession.valueSeed(seed: record.seed, sessionID: record.id)
    let attempts = progress.map { CalculatedAttempts.before(record, of: plan.recorded, in: $0) } ?? [:]
    func practice(_ questions: [Question], seed: UInt64?, keepingOrder: Bool = false) -> PracticeSession {
      PracticeSession(
        questions: questions, seed: seed, startedAt: startedAt, keepingOrder: keepingOrder, messages: messages,
        valueSeed: valueSeed, valueAttempts: attempts, learner: learner)
    }
    let session = practice(plan.questions, seed: record.seed, keepingOrder: plan.keepingOrder)
    if session.presented.map(\.id) == record.questionIDs { return (session, plan.pool) }
    return (practice(plan.recorded, seed: nil), plan.pool)
  }
}
