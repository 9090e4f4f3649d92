import Foundation
import PracticeJSON
import XCTest

@testable import Scheduling

/// The optimiser against py-fsrs 6.3.2's `Optimizer` (torch autograd) and fsrs-rs's `evaluate`:
/// vectors written by `Vectors/Optimizer/generate_optimizer_vectors.py` from inside the reference's
/// own run, on py-fsrs's test review logs and three generated histories.
final class OptimizerVectorTests: XCTestCase {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Vectors/Optimizer")

  struct ReferenceFit {
    var name: String
    var json: JSONValue
    var history: ReviewHistory
  }

  static let vectors: JSONValue = {
    let data = try! Data(contentsOf: folder.appendingPathComponent("optimizer-vectors.json"))
    return try! JSONParser.parse(Array(data))
  }()

  func fits(including names: Set<String>? = nil) throws -> [ReferenceFit] {
    try XCTUnwrap(Self.vectors["fits"]?.array).compactMap { fit in
      let name = fit["name"]?.string ?? "?"
      guard names?.contains(name) ?? true else { return nil }
      return ReferenceFit(name: name, json: fit, history: try Self.history(named: name))
    }
  }

  /// The history files: py-fsrs's own CSV (ISO times) or the generated ones (milliseconds).
  static func history(named name: String) throws -> ReviewHistory {
    let text = try String(contentsOf: folder.appendingPathComponent("\(name).csv"), encoding: .utf8)
    var lines = text.split(separator: "\n")
    let header = lines.removeFirst()
    let reviews = lines.map { line -> ReviewHistory.Review in
      let fields = line.split(separator: ",").map(String.init)
      if header.hasPrefix("card_id,review_rating,review_time") {
        return .init(
          card: Int(fields[0])!, time: milliseconds(iso: fields[2]), rating: Rating(rawValue: Int(fields[1])!)!)
      }
      return .init(card: Int(fields[0])!, time: Int64(fields[1])!, rating: Rating(rawValue: Int(fields[2])!)!)
    }
    return ReviewHistory(reviews)
  }

  /// `2024-03-29T20:32:32.250000+00:00` (fraction optional, always UTC) in milliseconds since 1970.
  static func milliseconds(iso text: String) -> Int64 {
    let digits = text.split(whereSeparator: { !$0.isNumber }).map { Int64($0)! }
    let (year, month, day) = (digits[0], digits[1], digits[2])
    let fraction = text.contains(".") ? digits[6] / 1000 : 0
    // Days from civil (Howard Hinnant's algorithm).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return ((days * 24 + digits[3]) * 60 + digits[4]) * 60_000 + digits[5] * 1000 + fraction
  }

  func assertClose(
    _ actual: Double, _ expected: Double, relative: Double, _ what: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let scale = max(abs(expected), 1e-300)
    XCTAssertLessThanOrEqual(
      abs(actual - expected) / scale, relative, "\(what): \(actual) vs \(expected)", file: file, line: line)
  }

  // MARK: - Python's random

  func testMersenneTwisterSeededWith42GivesCPythonsWords() throws {
    let python = try XCTUnwrap(Self.vectors["python_random"])
    var random = PythonRandom(seed: 42)
    let words = (0..<8).map { _ in Int(random.nextWord()) }
    XCTAssertEqual(words, python["first_words"]?.array?.compactMap(\.int))
  }

  func testShuffleGivesCPythonsOrders() throws {
    let shuffles = try XCTUnwrap(Self.vectors["python_random"]?["two_shuffles"])
    for size in [1, 2, 3, 10, 100, 1000] {
      var random = PythonRandom(seed: 42)
      var items = Array(0..<size)
      random.shuffle(&items)
      random.shuffle(&items)
      let expected = try XCTUnwrap(shuffles["\(size)"]?.array?.compactMap(\.int))
      XCTAssertEqual(Array(items.prefix(expected.count)), expected, "size \(size)")
    }
  }

  // MARK: - Layer 1: the loss at fixed parameters

  func testLossAtTheDefaultsEqualsPyFSRS() throws {
    for fit in try fits() {
      let loss = FSRSOptimizer(history: fit.history).loss(parameters: FSRSScheduler.defaultParameters)
      assertClose(loss, try XCTUnwrap(fit.json["default_loss"]?.double), relative: 1e-9, "\(fit.name) loss")
    }
  }

  func testQualifyingReviewsAreThoseOnALaterDay() throws {
    // py-fsrs's cosine period is ceil(qualifying / 512) · 5 steps: the number of learning rates.
    for fit in try fits() where fit.json["defaults_returned"]?.bool == false {
      let steps = try XCTUnwrap(fit.json["learning_rates"]?.array).count
      let qualifying = fit.history.qualifyingReviewCount
      XCTAssertEqual((qualifying + 511) / 512 * 5, steps, fit.name)
    }
  }

  // MARK: - Layers 2 and 3: the gradient and the Adam steps

  func testFirstStepsGradientsAndParametersEqualTorch() throws {
    for fit in try fits(including: ["py-fsrs-review-logs", "generated-5000"]) {
      let reference = try XCTUnwrap(fit.json["steps"]?.array)
      XCTAssertEqual(reference.count, 3)
      var observed: [(gradient: [Double], parameters: [Double], rate: Double)] = []
      _ = FSRSOptimizer(history: fit.history).fit(maximumSteps: reference.count) { gradient, parameters, rate in
        if observed.count < reference.count { observed.append((gradient, parameters, rate)) }
      }
      for (index, (mine, theirs)) in zip(observed, reference).enumerated() {
        let gradient = try XCTUnwrap(theirs["gradient"]?.array?.compactMap(\.double))
        let largest = gradient.map(abs).max() ?? 1
        for (i, (a, b)) in zip(mine.gradient, gradient).enumerated() {
          // Relative to the component, or to the largest one for components near zero.
          XCTAssertLessThanOrEqual(
            abs(a - b), 1e-7 * max(abs(b), 1e-3 * largest), "\(fit.name) step \(index) ∂w\(i): \(a) vs \(b)")
        }
        assertClose(mine.rate, try XCTUnwrap(theirs["lr"]?.double), relative: 1e-12, "\(fit.name) step \(index) rate")
        let after = try XCTUnwrap(theirs["parameters_after"]?.array?.compactMap(\.double))
        for (i, (a, b)) in zip(mine.parameters, after).enumerated() {
          XCTAssertEqual(a, b, accuracy: 1e-9, "\(fit.name) step \(index) w\(i)")
        }
      }
    }
  }

  // MARK: - Layer 4: whole fits

  func testWholeFitsEqualPyFSRS() throws {
    // Scheduling is optimised in debug builds too (Package.swift): the 50,000-review fit takes seconds.
    for fit in try fits() {
      var rates: [Double] = []
      let result = FSRSOptimizer(history: fit.history).fit { _, _, rate in rates.append(rate) }
      let expected = try XCTUnwrap(fit.json["parameters"]?.array?.compactMap(\.double))
      XCTAssertEqual(result.usedDefaults, fit.json["defaults_returned"]?.bool, fit.name)
      for (i, (a, b)) in zip(result.parameters, expected).enumerated() {
        XCTAssertEqual(a, b, accuracy: 1e-4, "\(fit.name) w\(i)")
      }
      assertClose(
        result.fittedLoss, try XCTUnwrap(fit.json["final_loss"]?.double), relative: 1e-6, "\(fit.name) final loss")
      let referenceRates = try XCTUnwrap(fit.json["learning_rates"]?.array?.compactMap(\.double))
      XCTAssertEqual(rates.count, referenceRates.count, fit.name)
      for (a, b) in zip(rates, referenceRates) { XCTAssertEqual(a, b, accuracy: 1e-12) }
    }
  }

  func testTooLittleDataGivesTheDefaults() throws {
    let fit = try XCTUnwrap(try fits(including: ["generated-500"]).first)
    let result = FSRSOptimizer(history: fit.history).fit()
    XCTAssertTrue(result.usedDefaults)
    XCTAssertLessThan(result.qualifyingReviews, 512)
    XCTAssertEqual(result.parameters, FSRSScheduler.defaultParameters)
  }

  // MARK: - Layer 5: log loss and RMSE(bins)

  func testFitMeasuresEqualFSRSRsEvaluate() throws {
    for fit in try fits(including: ["py-fsrs-review-logs", "generated-500", "generated-5000"]) {
      let fitted = try XCTUnwrap(fit.json["parameters"]?.array?.compactMap(\.double))
      let cases: [(String, [Double], Int64)] = [
        ("fsrs_rs_evaluate_default", FSRSScheduler.defaultParameters, .min),
        ("fsrs_rs_evaluate_fitted", fitted, .min),
        ("fsrs_rs_evaluate_fitted_late", fitted, Int64(fit.json["fsrs_rs_evaluate_fitted_from"]?.int ?? 0)),
      ]
      for (key, parameters, start) in cases {
        let reference = try XCTUnwrap(fit.json[key], "\(fit.name) \(key)")
        let measures = FitMeasures(history: fit.history, parameters: parameters, from: start)
        XCTAssertEqual(measures.count, reference["items"]?.int, "\(fit.name) \(key) items")
        XCTAssertEqual(
          measures.logLoss, try XCTUnwrap(reference["log_loss"]?.double), accuracy: 1e-4, "\(fit.name) \(key)")
        XCTAssertEqual(
          measures.rmseBins, try XCTUnwrap(reference["rmse_bins"]?.double), accuracy: 1e-4, "\(fit.name) \(key)")
      }
    }
  }
}
