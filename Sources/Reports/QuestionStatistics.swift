/// One question's figures in an item analysis, with Moodle's definitions
/// (question/classes/statistics/questions/calculator.php).
///
/// With x the question's mark, T an attempt's total and O = T − x the rest of the test, over the `attempts` that
/// reached the question, sample (co)variances divided by attempts − 1. A figure is nil where it is undefined:
/// a question everyone got right has no discrimination, one attempt has no standard deviation.
///
/// ```swift
/// let q = ItemStatistics(marks: [[1, 0], [0, 1], [1, 1]]).questions[0]
/// q.facility  // 66.67 (%)
/// ```
package struct QuestionStatistics: Sendable, Hashable {
  /// Attempts that reached the question (Moodle's `s`).
  package var attempts = 0
  /// The highest mark the question gives.
  package var maxMark = 1.0
  /// Mean mark as a percentage of the highest (Moodle's facility index).
  package var facility: Double?
  /// Standard deviation of the mark, as a percentage of the highest (Moodle's SD).
  package var standardDeviation: Double?
  /// What guessing scores on average, in % (choice questions only; Moodle's random guess score).
  package var randomGuessScore: Double?
  /// 100 · cov(x, O) / √(var(x) · var(O)) (Moodle's discrimination index).
  package var discriminationIndex: Double?
  /// 100 · cov(x, O) / cov_max(x, O), x and O each sorted (Moodle's discriminative efficiency).
  package var discriminativeEfficiency: Double?
  /// 100 · √cov(x, T) / Σ √cov(xᵢ, T) (Moodle's intended/effective weight); nil where cov(x, T) < 0.
  package var effectiveWeight: Double?
  /// var(x), var(O), cov(x, O), cov_max(x, O), cov(x, T): Moodle's intermediate figures.
  package var markVariance: Double?
  package var otherMarkVariance: Double?
  package var covariance: Double?
  package var covarianceMax: Double?
  package var covarianceWithTotal: Double?

  package init() {}

  /// Why the question deserves a look, as Moodle flags it; empty when it works.
  package var flags: [ItemFlag] {
    var out: [ItemFlag] = []
    if let d = discriminationIndex, d < 0 { out.append(.negativeDiscrimination) }
    if let e = discriminativeEfficiency, e < ItemFlag.efficiencyBelow, !out.contains(.negativeDiscrimination) {
      out.append(.lowEfficiency)
    }
    if let f = facility, f < ItemFlag.facilityBelow { out.append(.veryHard) }
    if let f = facility, f > ItemFlag.facilityAbove { out.append(.veryEasy) }
    return out
  }
}
