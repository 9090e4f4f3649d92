/// How values are spread over a range: Moodle's two distributions, named as in Moodle XML
/// (`<distribution>`).
package enum ValueDistribution: String, CaseIterable, Sendable {
  /// Every value of the range equally likely.
  case uniform
  /// Every order of magnitude equally likely: as many values from 1 to 10 as from 10 to 100.
  case logUniform = "loguniform"
}
