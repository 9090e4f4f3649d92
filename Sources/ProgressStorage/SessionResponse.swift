package import Foundation

/// What the learner wrote to an essay in a session: graded by no one, counted in no score, but a
/// step of the session like an answer (it is behind a resume, and the session is finished once
/// every essay it set has one). An empty `text` is an essay passed over with `skip`.
///
/// ```swift
/// let written = session.responses.filter { !$0.text.isEmpty }.map(\.questionID)
/// ```
package struct SessionResponse: Sendable, Hashable {
  package var questionID: String
  /// What the learner wrote, as typed; empty when the essay was skipped.
  package var text: String
  package var time: Date

  package init(questionID: String, text: String, time: Date) {
    self.questionID = questionID
    self.text = text
    self.time = time
  }
}
