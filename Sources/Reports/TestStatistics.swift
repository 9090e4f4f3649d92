/// The whole test's figures in an item analysis, with Moodle's definitions
/// (mod/quiz/report/statistics/classes/calculator.php), over attempts' totals T in marks.
///
/// Nil where undefined: the standard deviation needs 2 attempts, skewness 3, kurtosis 4, and
/// coefficient alpha, the error ratio and the standard error 3 attempts, 2 questions and totals that differ.
///
/// ```swift
/// let test = ItemStatistics(marks: [[1, 0], [0, 1], [1, 1]]).test
/// test.mean  // 1.33
/// ```
package struct TestStatistics: Sendable, Hashable {
  /// Attempts counted (Moodle's `s`, first or all attempts).
  package var attempts = 0
  /// The highest total: the sum of the questions' highest marks.
  package var maxMark = 0.0
  /// Mean total, in marks (Moodle's average grade).
  package var mean: Double?
  /// Middle total, the mean of the two middle ones for an even count (Moodle's median grade).
  package var median: Double?
  /// Sample standard deviation of the totals (Moodle's standard deviation).
  package var standardDeviation: Double?
  /// k₃ / k₂^{3/2}, bias-corrected k-statistics (Moodle's skewness).
  package var skewness: Double?
  /// k₄ / k₂² (Moodle's kurtosis).
  package var kurtosis: Double?
  /// 100 · k/(k − 1) · (1 − Σ var(xᵢ) / var(T)), in % (Moodle's coefficient of internal consistency).
  package var coefficientAlpha: Double?
  /// 100 · √(1 − α/100), in % (Moodle's error ratio); nil when α > 100.
  package var errorRatio: Double?
  /// error ratio · SD / 100, in marks (Moodle's standard error).
  package var standardError: Double?

  package init() {}

  /// `value` as a percentage of the highest total.
  package func percent(_ value: Double?) -> Double? {
    guard let value, maxMark > 0 else { return nil }
    return value * 100 / maxMark
  }
}
