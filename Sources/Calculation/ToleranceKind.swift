/// How a tolerance widens an answer into the interval of accepted responses: Moodle's three kinds,
/// with their numbers in Moodle XML (`<tolerancetype>`).
package enum ToleranceKind: Int, CaseIterable, Sendable {
  /// The tolerance is a fraction of the answer: 0.01 accepts 1 % either side.
  case relative = 1
  /// The tolerance is an amount: 0.5 accepts the answer ± 0.5.
  case nominal = 2
  /// The tolerance is a factor: 1 accepts from half the answer to twice it.
  case geometric = 3
}
