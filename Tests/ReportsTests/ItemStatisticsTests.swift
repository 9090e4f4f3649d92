import Foundation
import PracticeTestSupport
import XCTest

@testable import Reports

/// Moodle's item analysis figures: Moodle's own fixture, a plain re-implementation on random classes, and the
/// degenerate classes where figures are undefined.
final class ItemStatisticsTests: XCTestCase {
  static let fixtures = Repository.root.appendingPathComponent("Tests/ReportsTests/Fixtures/moodle")

  /// Rows of a small CSV file (no quoting in these fixtures), the header first.
  func csv(_ name: String) throws -> [[String]] {
    let text = try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
    return text.split(whereSeparator: \.isNewline).map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
  }

  func assertClose(_ actual: Double?, _ expected: Double, _ what: String, relative: Double = 1e-5) {
    guard let actual else { return XCTFail("\(what): nil, expected \(expected)") }
    XCTAssertEqual(actual, expected, accuracy: abs(expected) * relative, what)
  }

  /// results00.csv's 25 attempts × 7 questions give qstats00.csv's figures and the quiz's, every one.
  func testMoodleFixture() throws {
    let results = try csv("results00.csv")
    XCTAssertEqual(results.count, 26)
    let marks = results.dropFirst().map { row in row[1...7].map { Double($0)! as Double? } }
    let stats = ItemStatistics(marks: Array(marks))
    let expected = try csv("qstats00.csv")
    let header = expected[0]
    var checked = 0
    for row in expected.dropFirst() {
      let q = stats.questions[Int(row[0])! - 1]
      XCTAssertEqual(q.attempts, 25)
      for (name, text) in zip(header, row).dropFirst() {
        let value = Double(text)!
        let what = "\(name) of slot \(row[0])"
        switch name {
        // Moodle keeps these two as fractions; this program as percentages.
        case "facility": assertClose(q.facility, 100 * value, what)
        case "sd": assertClose(q.standardDeviation, 100 * value, what)
        case "effectiveweight": assertClose(q.effectiveWeight, value, what)
        case "covariance": assertClose(q.covariance, value, what)
        case "markvariance": assertClose(q.markVariance, value, what)
        case "othermarkvariance": assertClose(q.otherMarkVariance, value, what)
        case "discriminationindex": assertClose(q.discriminationIndex, value, what)
        case "covariancemax": assertClose(q.covarianceMax, value, what)
        case "discriminativeefficiency": assertClose(q.discriminativeEfficiency, value, what)
        default: XCTFail("unknown column \(name)")
        }
        checked += 1
      }
    }
    XCTAssertEqual(checked, 63)
    let test = stats.test
    for row in try csv("quiz00.csv").dropFirst() {
      let value = Double(row[1])!
      switch row[0] {
      case "median": assertClose(test.median, value, "median")
      case "firstattemptsavg": assertClose(test.mean, value, "mean")
      case "firstattemptscount": XCTAssertEqual(Double(test.attempts), value)
      case "standarddeviation": assertClose(test.standardDeviation, value, "SD")
      case "skewness": assertClose(test.skewness, value, "skewness")
      case "kurtosis": assertClose(test.kurtosis, value, "kurtosis")
      case "cic": assertClose(test.coefficientAlpha, value, "CIC")
      case "errorratio": assertClose(test.errorRatio, value, "error ratio")
      case "standarderror": assertClose(test.standardError, value, "standard error")
      default: XCTFail("unknown statistic \(row[0])")
      }
    }
    XCTAssertEqual(test.maxMark, 7)
    // Every question of the fixture discriminates negatively: all flagged.
    XCTAssertTrue(stats.questions.allSatisfy { $0.flags.contains(.negativeDiscrimination) })
  }

  // MARK: a plain implementation, formula by formula

  func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(v.count) }
  func cov(_ a: [Double], _ b: [Double]) -> Double {
    let ma = mean(a)
    let mb = mean(b)
    return zip(a, b).map { ($0 - ma) * ($1 - mb) }.reduce(0, +) / Double(a.count - 1)
  }

  /// Random classes of 0/1 marks (some attempts not reaching some questions) against the formulas written out.
  func testRandomClassesAgainstPlainFormulas() {
    var generator = SystemRandomNumberGenerator()
    var compared = 0
    for trial in 0..<200 {
      let attempts = Int.random(in: 2...40, using: &generator)
      let count = Int.random(in: 1...8, using: &generator)
      let facility = (0..<count).map { _ in Double.random(in: 0...1, using: &generator) }
      let marks: [[Double?]] = (0..<attempts).map { _ in
        (0..<count).map { q in
          trial % 3 == 0 && Int.random(in: 0..<10, using: &generator) == 0
            ? nil : (Double.random(in: 0...1, using: &generator) < facility[q] ? 1 : 0)
        }
      }
      let stats = ItemStatistics(marks: marks)
      let totals = marks.map { $0.map { $0 ?? 0 }.reduce(0, +) }
      var roots: [Double?] = []
      for q in 0..<count {
        let rows = marks.indices.filter { marks[$0][q] != nil }
        let x = rows.map { marks[$0][q]! }
        let t = rows.map { totals[$0] }
        let o = zip(t, x).map { $0 - $1 }
        let figures = stats.questions[q]
        XCTAssertEqual(figures.attempts, x.count)
        guard x.count > 1 else {
          XCTAssertNil(figures.discriminationIndex)
          roots.append(nil)
          continue
        }
        assertClose(figures.facility, 100 * mean(x), "facility", relative: 1e-12)
        XCTAssertEqual(figures.markVariance!, cov(x, x), accuracy: 1e-12)
        let varX = cov(x, x)
        let varO = cov(o, o)
        if Set(x).count > 1 && Set(o).count > 1 {
          XCTAssertEqual(figures.discriminationIndex!, 100 * cov(x, o) / (varX * varO).squareRoot(), accuracy: 1e-9)
          XCTAssertEqual(
            figures.discriminativeEfficiency!, 100 * cov(x, o) / cov(x.sorted(), o.sorted()), accuracy: 1e-9)
          compared += 1
        } else {
          XCTAssertNil(figures.discriminationIndex)
          XCTAssertNil(figures.discriminativeEfficiency)
        }
        let c = cov(x, t)
        roots.append(c >= 0 ? c.squareRoot() : nil)
      }
      let sum = roots.compactMap { $0 }.reduce(0, +)
      for q in 0..<count {
        if let root = roots[q], sum > 0 {
          XCTAssertEqual(stats.questions[q].effectiveWeight!, 100 * root / sum, accuracy: 1e-9)
        } else {
          XCTAssertNil(stats.questions[q].effectiveWeight)
        }
      }
      // The test: k-statistics written out, alpha from the variances.
      let s = Double(attempts)
      let m = mean(totals)
      XCTAssertEqual(stats.test.mean!, m, accuracy: 1e-12)
      let sorted = totals.sorted()
      XCTAssertEqual(
        stats.test.median!,
        attempts % 2 == 1 ? sorted[attempts / 2] : (sorted[attempts / 2 - 1] + sorted[attempts / 2]) / 2)
      let varT = cov(totals, totals)
      XCTAssertEqual(stats.test.standardDeviation!, varT.squareRoot(), accuracy: 1e-12)
      if attempts > 3 && varT > 0 {
        let m2 = totals.map { pow($0 - m, 2) }.reduce(0, +) / s
        let m3 = totals.map { pow($0 - m, 3) }.reduce(0, +) / s
        let m4 = totals.map { pow($0 - m, 4) }.reduce(0, +) / s
        let k2 = s / (s - 1) * m2
        let k3 = s * s / ((s - 1) * (s - 2)) * m3
        let k4 = s * s * ((s + 1) * m4 - 3 * (s - 1) * m2 * m2) / ((s - 1) * (s - 2) * (s - 3))
        XCTAssertEqual(stats.test.skewness!, k3 / pow(k2, 1.5), accuracy: 1e-9)
        XCTAssertEqual(stats.test.kurtosis!, k4 / (k2 * k2), accuracy: 1e-9)
        if count > 1 {
          let variances = (0..<count).map { q -> Double in
            let x = marks.compactMap { $0[q] }
            return x.count > 1 ? cov(x, x) : 0
          }
          let k = Double(count)
          let alpha = 100 * k / (k - 1) * (1 - variances.reduce(0, +) / varT)
          XCTAssertEqual(stats.test.coefficientAlpha!, alpha, accuracy: 1e-9)
          if alpha <= 100 {
            XCTAssertEqual(stats.test.errorRatio!, 100 * (1 - alpha / 100).squareRoot(), accuracy: 1e-9)
            XCTAssertEqual(stats.test.standardError!, stats.test.errorRatio! * varT.squareRoot() / 100, accuracy: 1e-9)
          } else {
            XCTAssertNil(stats.test.errorRatio)
          }
        }
      }
    }
    XCTAssertGreaterThan(compared, 100)
  }

  // MARK: degenerate classes

  func testOneAttemptHasOnlyCountsMeanAndMedian() {
    let stats = ItemStatistics(marks: [[1, 0, 1]])
    XCTAssertEqual(stats.test.attempts, 1)
    XCTAssertEqual(stats.test.mean, 2)
    XCTAssertEqual(stats.test.median, 2)
    XCTAssertNil(stats.test.standardDeviation)
    XCTAssertNil(stats.test.skewness)
    XCTAssertNil(stats.test.coefficientAlpha)
    XCTAssertEqual(stats.questions.map(\.facility), [100, 0, 100])
    for q in stats.questions {
      XCTAssertNil(q.standardDeviation)
      XCTAssertNil(q.discriminationIndex)
      XCTAssertNil(q.discriminativeEfficiency)
      XCTAssertNil(q.effectiveWeight)
    }
  }

  func testEveryMarkEqualHasNoSpreadNorDiscrimination() {
    for mark in [0.0, 1.0, 0.3333333] {
      let stats = ItemStatistics(marks: Array(repeating: [mark, mark, mark], count: 6))
      XCTAssertEqual(stats.test.standardDeviation, 0)
      XCTAssertNil(stats.test.skewness)
      XCTAssertNil(stats.test.kurtosis)
      XCTAssertNil(stats.test.coefficientAlpha)
      XCTAssertNil(stats.test.errorRatio)
      for q in stats.questions {
        XCTAssertEqual(q.standardDeviation, 0)
        XCTAssertNil(q.discriminationIndex)
        XCTAssertNil(q.discriminativeEfficiency)
        XCTAssertNil(q.effectiveWeight)
        XCTAssertEqual(q.flags.contains(.veryEasy), mark == 1)
        XCTAssertEqual(q.flags.contains(.veryHard), mark == 0)
      }
    }
  }

  /// A question nobody reached has no figures at all, and the others are as without it.
  func testQuestionNobodyReached() {
    let marks: [[Double?]] = [[1, 0, nil], [0, 0, nil], [1, 1, nil], [1, 1, nil], [0, 1, nil]]
    let stats = ItemStatistics(marks: marks)
    let without = ItemStatistics(marks: marks.map { Array($0.prefix(2)) })
    let q = stats.questions[2]
    XCTAssertEqual(q.attempts, 0)
    XCTAssertNil(q.facility)
    XCTAssertNil(q.standardDeviation)
    XCTAssertNil(q.discriminationIndex)
    XCTAssertNil(q.effectiveWeight)
    XCTAssertEqual(q.flags, [])
    XCTAssertEqual(stats.questions[0], without.questions[0])
    XCTAssertEqual(stats.test.mean, without.test.mean)
    XCTAssertEqual(stats.test.standardDeviation, without.test.standardDeviation)
  }

  func testNoAttempts() {
    let stats = ItemStatistics(marks: [], maxMarks: [1, 1])
    XCTAssertEqual(stats.questions.count, 2)
    XCTAssertEqual(stats.test.attempts, 0)
    XCTAssertNil(stats.test.mean)
    XCTAssertNil(stats.questions[0].facility)
  }
}
