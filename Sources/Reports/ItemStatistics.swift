/// Moodle's item analysis of a test: each question's facility, discrimination and weight, and the
/// test's mean, spread, shape and reliability, from a table of marks.
///
/// Pure arithmetic on values: `marks[a][q]` is attempt `a`'s mark on question `q`, nil where the
/// attempt did not reach it (it then counts 0 in the attempt's total, as in Moodle). Two passes over
/// the table (means, then deviations from them), as Moodle's calculators make them, so the figures
/// are as exact as the data and `sql/item-analysis.sql` computes the same.
///
/// ```swift
/// let stats = ItemStatistics(marks: [[1, 1, 0], [1, 0, 0], [0, 1, 1], [1, 1, 1]])
/// stats.questions[0].facility   // 75 (%)
/// stats.test.coefficientAlpha   // Moodle's CIC, in %
/// ```
package struct ItemStatistics: Sendable, Hashable {
  package var questions: [QuestionStatistics]
  package var test: TestStatistics

  /// - Parameters:
  ///   - marks: one row per attempt, one column per question.
  ///   - maxMarks: each question's highest mark (1 when not given).
  ///   - randomGuessScores: each question's random guess score as a fraction of its highest mark, nil where none.
  package init(marks: [[Double?]], maxMarks: [Double]? = nil, randomGuessScores: [Double?]? = nil) {
    let count = marks.first?.count ?? maxMarks?.count ?? 0
    let maxMarks = maxMarks ?? [Double](repeating: 1, count: count)
    let totals = marks.map { row in row.reduce(0.0) { $0 + ($1 ?? 0) } }
    var questions = (0..<count).map { q -> QuestionStatistics in
      var stats = Self.question(column: marks.map { $0[q] }, totals: totals)
      stats.figures.maxMark = maxMarks[q]
      if let m = stats.markMean, maxMarks[q] != 0 {
        stats.figures.facility = 100 * m / maxMarks[q]
        stats.figures.standardDeviation = stats.figures.markVariance.map { 100 * $0.squareRoot() / maxMarks[q] }
      }
      stats.figures.randomGuessScore = randomGuessScores?[q].map { 100 * $0 }
      return stats.figures
    }
    // Effective weights: each question's share of Σ √cov(xᵢ, T), over those whose covariance is not negative.
    var sumOfRoots = 0.0
    for q in questions { if let c = q.covarianceWithTotal, c >= 0 { sumOfRoots += c.squareRoot() } }
    for i in questions.indices {
      if sumOfRoots > 0, let c = questions[i].covarianceWithTotal, c >= 0 {
        questions[i].effectiveWeight = 100 * c.squareRoot() / sumOfRoots
      }
    }
    self.questions = questions
    self.test = Self.test(
      totals: totals, maxMark: maxMarks.reduce(0, +), questionCount: count,
      sumOfMarkVariance: questions.reduce(0) { $0 + ($1.markVariance ?? 0) })
  }

  /// A question's figures with the mean mark (before the facility, which needs the highest mark).
  private struct Partial {
    var figures = QuestionStatistics()
    var markMean: Double?
  }

  private static func question(column: [Double?], totals: [Double]) -> Partial {
    var x: [Double] = []
    var others: [Double] = []
    var sums: [Double] = []
    for (mark, total) in zip(column, totals) {
      guard let mark else { continue }
      x.append(mark)
      others.append(total - mark)
      sums.append(total)
    }
    var out = Partial()
    let s = x.count
    out.figures.attempts = s
    guard s > 0 else { return out }
    let n = Double(s)
    let meanX = x.reduce(0, +) / n
    let meanO = others.reduce(0, +) / n
    let meanT = sums.reduce(0, +) / n
    out.markMean = meanX
    guard s > 1 else { return out }
    let sortedX = x.sorted()
    let sortedO = others.sorted()
    var varX = 0.0
    var varO = 0.0
    var cov = 0.0
    var covMax = 0.0
    var covT = 0.0
    for i in 0..<s {
      let dx = x[i] - meanX
      let dO = others[i] - meanO
      varX += dx * dx
      varO += dO * dO
      cov += dx * dO
      covMax += (sortedX[i] - meanX) * (sortedO[i] - meanO)
      covT += dx * (sums[i] - meanT)
    }
    let d = n - 1
    // Equal values have no spread at all: tested on the values, since a mean of equal fractions can
    // differ from them in the last bit and leave a spread of 1e-33 that would divide into noise.
    let xVaries = sortedX.first! != sortedX.last!
    let oVaries = sortedO.first! != sortedO.last!
    out.figures.markVariance = xVaries ? varX / d : 0
    out.figures.otherMarkVariance = oVaries ? varO / d : 0
    out.figures.covariance = xVaries && oVaries ? cov / d : 0
    out.figures.covarianceMax = xVaries && oVaries ? covMax / d : 0
    out.figures.covarianceWithTotal = xVaries ? covT / d : 0
    if xVaries && oVaries {
      out.figures.discriminationIndex = 100 * (cov / d) / ((varX / d) * (varO / d)).squareRoot()
      if covMax != 0 { out.figures.discriminativeEfficiency = 100 * cov / covMax }
    }
    return out
  }

  private static func test(totals: [Double], maxMark: Double, questionCount p: Int, sumOfMarkVariance: Double)
    -> TestStatistics
  {
    var out = TestStatistics()
    out.attempts = totals.count
    out.maxMark = maxMark
    let s = totals.count
    guard s > 0 else { return out }
    let n = Double(s)
    let mean = totals.reduce(0, +) / n
    out.mean = mean
    let sorted = totals.sorted()
    out.median = s % 2 == 1 ? sorted[s / 2] : (sorted[s / 2 - 1] + sorted[s / 2]) / 2
    guard s > 1 else { return out }
    let varies = sorted.first! != sorted.last!
    var power2 = 0.0
    var power3 = 0.0
    var power4 = 0.0
    if varies {
      for t in totals {
        let d = t - mean
        power2 += d * d
        power3 += d * d * d
        power4 += d * d * d * d
      }
    }
    out.standardDeviation = (power2 / (n - 1)).squareRoot()
    guard s > 2, varies else { return out }
    let m2 = power2 / n
    let m3 = power3 / n
    let m4 = power4 / n
    let k2 = n * m2 / (n - 1)
    let k3 = n * n * m3 / ((n - 1) * (n - 2))
    out.skewness = k3 / (k2 * k2.squareRoot())
    if s > 3 {
      let k4 = n * n * ((n + 1) * m4 - 3 * (n - 1) * m2 * m2) / ((n - 1) * (n - 2) * (n - 3))
      out.kurtosis = k4 / (k2 * k2)
    }
    if p > 1 {
      let k = Double(p)
      let alpha = 100 * k / (k - 1) * (1 - sumOfMarkVariance / k2)
      out.coefficientAlpha = alpha
      if alpha <= 100 {
        let ratio = 100 * (1 - alpha / 100).squareRoot()
        out.errorRatio = ratio
        out.standardError = ratio * out.standardDeviation! / 100
      }
    }
    return out
  }
}
