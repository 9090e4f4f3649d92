import CourseOutline
package import Foundation
import PracticeTime
package import ProgressStorage
import QuizEngine
import Reports

extension StudyPolicy {
  /// The kinds of session `resume` takes up: every kind that records the order it asked in.
  package static let resumableKinds: Set<SessionKind?> = [.full, .mistakes, .review]

  /// What `resume` (or `resume ADDR`) takes up.
  package enum ResumeChoice: Sendable, Equatable {
    case session(SessionRecord)
    /// No session was started there (or anywhere) yet.
    case neverStarted
    /// The latest session there (or every session) was finished.
    case finished
  }

  /// `resume ADDR`: that node's latest session when it is unfinished; `resume` (nil): the
  /// session, review or `mistakes` round that ended early most recently, else the latest one when
  /// it was left before its first answer.
  package func sessionToResume(on node: Int?) -> ResumeChoice {
    guard let node else {
      if let latest = latestUnfinishedSession() { return .session(latest) }
      // With none, the latest session when it was left before its first answer (`start 2.3`, `quit`,
      // and back with the answer worked out): its questions and values are there, as `resume 2.3`
      // takes them up; "your last session was finished" was not so.
      let latest = state.sessions.values.filter { Self.resumableKinds.contains($0.kind) && isOnCourse($0) }
        .max { ($0.lastActivity, $0.id) < ($1.lastActivity, $1.id) }
      if let latest, latest.isResumable { return .session(latest) }
      let started = state.sessions.values.contains { Self.resumableKinds.contains($0.kind) }
      return started ? .finished : .neverStarted
    }
    guard let record = latestSession(on: node) else { return .neverStarted }
    return record.isResumable ? .session(record) : .finished
  }

  /// The session, review or `mistakes` round that ended early most recently (by its last answer,
  /// skip, start or resume): what `resume` takes up. A finished `mistakes` round after it does not
  /// hide it; one left before its first answer or skip is no session (nothing to go on with).
  package func latestUnfinishedSession() -> SessionRecord? {
    state.sessions.values.filter { $0.isResumable && !$0.isEmpty && isOnCourse($0) }
      .max { ($0.lastActivity, $0.id) < ($1.lastActivity, $1.id) }
  }

  /// The latest session on `node` (full, a `mistakes` round or a review of it), by its last
  /// answer, skip, start or resume; finished or not.
  package func latestSession(on node: Int) -> SessionRecord? {
    let key = course.key(of: node)
    return state.sessions.values.filter { $0.node == key && Self.resumableKinds.contains($0.kind) }
      .max { ($0.lastActivity, $0.id) < ($1.lastActivity, $1.id) }
  }

  /// Whether `record` was on a node this course still has, or on the whole course (a review or a
  /// `mistakes` round of the whole course is recorded under no node, `""`).
  package func isOnCourse(_ record: SessionRecord) -> Bool {
    (record.node.isEmpty && record.kind != .full) || StudyFigures.index(ofKey: record.node, in: course) != nil
  }

  /// What `start ADDR` at a terminal offers to resume first: the node's latest session, when it
  /// is unfinished and something of it was answered or skipped.
  package func resumeOffer(on node: Int) -> SessionRecord? {
    guard let record = latestSession(on: node), record.isResumable, record.position > 0 else { return nil }
    return record
  }

  /// The unfinished session the greeting mentions: the one `resume` takes up, when something of
  /// it was answered; not a review left on an earlier study day (it asked what was due then:
  /// today's review asks afresh, and `resume` still takes it up when asked).
  package func unfinishedToMention(now: Date) -> SessionRecord? {
    guard let latest = latestUnfinishedSession(), latest.position > 0 else { return nil }
    if latest.kind == .review, latest.lastActivity < studyDay.start(of: now) { return nil }
    return latest
  }
}
