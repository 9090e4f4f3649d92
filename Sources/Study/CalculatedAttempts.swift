package import Foundation
package import ProgressStorage
package import QuizEngine

/// How many times a learner met each calculated question before a session: the attempt number that
/// picks its stored set in Moodle's cycle (``QuizEngine/CalculatedDefinition/draw(forAttempt:key:using:)``),
/// so each session shows the next set and a `mistakes` round a set not seen last time.
///
/// An attempt is an answer or a skip. Counted as of the session's start, so resuming it shows the
/// sets it showed: answers are the question's count of all time (compaction keeps it) less those
/// of this session and of sessions started after it; skips are those of the kept sessions started
/// before it (compaction sums older sessions without their skips, so a skip more than a day old
/// may no longer count). Questions whose sets are synchronised count together, each taking the most
/// any of them in the session has, so they show the same set.
///
/// ```swift
/// let attempts = CalculatedAttempts.before(nil, of: questions, in: recorder.state)   // a new session
/// PracticeSession(questions: questions, …, valueAttempts: attempts, learner: "ann")
/// ```
package enum CalculatedAttempts {
  /// By question id, the attempts at each calculated question of `questions` before `session` (nil:
  /// a session starting now, after everything recorded).
  package static func before(
    _ session: SessionRecord?, of questions: [Question], in state: ProgressState
  ) -> [String: Int] {
    var counts: [String: Int] = [:]
    var groups: [String: Int] = [:]
    var synchronised: [String: String] = [:]
    let calculated = questions.filter { $0.kind.type == .calculated }
    guard !calculated.isEmpty else { return [:] }
    let wanted = Set(calculated.map(\.id))
    var answers: [String: Int] = [:]
    for id in wanted { answers[id] = state.questions[id]?.attempts ?? 0 }
    for record in state.sessions.values {
      let isBefore = session.map { (record.start, record.id) < ($0.start, $0.id) } ?? true
      if isBefore {
        for skip in record.skips where wanted.contains(skip.questionID) { answers[skip.questionID, default: 0] += 1 }
      } else {
        for answer in record.answers where wanted.contains(answer.questionID) {
          answers[answer.questionID, default: 0] -= 1
        }
      }
    }
    for question in calculated {
      let count = max(0, answers[question.id] ?? 0)
      counts[question.id] = count
      if case .calculated(let model) = question.kind, let name = model.definition.synchronised {
        synchronised[question.id] = name
        groups[name] = max(groups[name] ?? 0, count)
      }
    }
    for (id, name) in synchronised { counts[id] = groups[name] }
    return counts
  }
}
