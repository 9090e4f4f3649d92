/// A calculated answer's tolerance: the interval of responses marked right, exactly as Moodle's
/// `qtype_numerical_answer::get_tolerance_interval` computes it, including the 10⁻¹⁴ it adds
/// (PHP's default `precision`) so that a response equal to the answer as written is never refused
/// by a rounding error (MDL-3225).
///
/// ```swift
/// AnswerTolerance(.relative, 0.01).interval(around: 2.7)   // 2.673 ... 2.727
/// AnswerTolerance(.nominal, 0.05).accepts(2.74, answer: 2.7)  // true
/// ```
package struct AnswerTolerance: Equatable, Sendable {
  /// Moodle's epsilon: 10 to the minus PHP's `precision` setting (14).
  package static let epsilon = 1e-14

  package var kind: ToleranceKind
  /// The tolerance as given; its sign is ignored, as Moodle takes its absolute value.
  package var value: Double

  package init(_ kind: ToleranceKind, _ value: Double) {
    self.kind = kind
    self.value = value
  }

  /// The responses accepted for `answer`, ends included.
  package func interval(around answer: Double) -> ClosedRange<Double> {
    let tolerance = abs(value)
    let epsilon = Self.epsilon
    switch kind {
    case .relative:
      let range = abs(answer) * (tolerance + epsilon)
      return (answer - range)...(answer + range)
    case .nominal:
      let range = tolerance + epsilon * max(tolerance, abs(answer), epsilon)
      return (answer - range)...(answer + range)
    case .geometric:
      let quotient = 1 + (tolerance + epsilon)
      // A negative answer's interval runs from answer × q up to answer ÷ q (Moodle's test of −7 accepts −14 to −3.5).
      let ends = (answer / quotient, answer * quotient)
      return min(ends.0, ends.1)...max(ends.0, ends.1)
    }
  }

  /// Whether `response` is within the tolerance of `answer`.
  package func accepts(_ response: Double, answer: Double) -> Bool {
    interval(around: answer).contains(response)
  }
}
