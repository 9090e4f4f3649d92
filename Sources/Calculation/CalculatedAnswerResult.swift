/// A calculated answer for one set of values (``CalculatedAnswer/evaluate(_:)``).
package struct CalculatedAnswerResult: Equatable, Sendable {
  /// The formula's value: responses are marked against it, not against the rounded ``shown``.
  package var value: Double
  /// The correct answer as the learner is shown it, in the answer's format.
  package var shown: String
  /// The responses marked right.
  package var accepted: ClosedRange<Double>

  package init(value: Double, shown: String, accepted: ClosedRange<Double>) {
    self.value = value
    self.shown = shown
    self.accepted = accepted
  }

  /// Whether `response` (in the answer's unit) is marked right.
  package func accepts(_ response: Double) -> Bool {
    accepted.contains(response)
  }

  /// Whether the answer as shown would itself be marked right. Moodle warns a teacher when it is
  /// not ("correct answer outside limits"): two decimals of a 0.1 % tolerance on 0.0123 show 0.01,
  /// which a learner copying it would get wrong.
  package var shownIsAccepted: Bool {
    Double(shown).map(accepts) ?? false
  }
}
