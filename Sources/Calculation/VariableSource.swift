/// Where a calculated question's variable takes its value from on each attempt: a range (Moodle's
/// way) or a list the teacher wrote (one entry, equally likely, per attempt).
package enum VariableSource: Equatable, Sendable {
  case range(ValueRange)
  /// Values to choose among; never empty (``draw(using:)`` needs one).
  case list([DrawnValue])

  /// One value for an attempt.
  package func draw(using generator: inout some RandomNumberGenerator) -> DrawnValue {
    switch self {
    case .range(let range):
      return range.draw(using: &generator)
    case .list(let values):
      precondition(!values.isEmpty, "a list of values must not be empty")
      return values[RandomDraw.index(below: values.count, using: &generator)]
    }
  }
}
