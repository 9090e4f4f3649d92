/// What became of an answer: graded, or not understood and to be asked again.
///
/// ```swift
/// switch session.answer("2700", at: now) {
/// case .graded(let feedback): show(feedback)
/// case .invalid(let message): ask(again: message)  // give a unit, for example "2700 g/cm³"
/// }
/// ```
package enum AnswerOutcome: Sendable, Equatable {
  case graded(Feedback)
  /// Not graded and the question stays current; the message says what is expected.
  case invalid(String)
}

extension AnswerOutcome {
  /// The feedback when graded, nil when invalid.
  package var feedback: Feedback? {
    if case .graded(let feedback) = self { return feedback }
    return nil
  }

  /// The message when invalid, nil when graded.
  package var invalidMessage: String? {
    if case .invalid(let message) = self { return message }
    return nil
  }
}
