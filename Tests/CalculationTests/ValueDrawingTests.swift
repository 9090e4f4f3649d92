import Calculation
import QuizEngine
import XCTest

/// Values drawn as Moodle draws them (`generate_dataset_item`): between the bounds, written with the
/// range's decimals, uniform or log-uniform, the same for the same seed.
final class ValueDrawingTests: XCTestCase {
  /// A generator stuck at one output, to see the ends of a range.
  private struct Constant: RandomNumberGenerator {
    let output: UInt64
    mutating func next() -> UInt64 { output }
  }

  func testTheEndsOfTheRangeCanBeDrawn() throws {
    let range = try ValueRange(minimum: 20, maximum: 80, decimals: 1)
    var low = Constant(output: 0)
    var high = Constant(output: .max)
    XCTAssertEqual(range.draw(using: &low), DrawnValue(value: 20, text: "20.0"))
    XCTAssertEqual(range.draw(using: &high), DrawnValue(value: 80, text: "80.0"))
    let log = try ValueRange(minimum: 1, maximum: 1000, decimals: 0, distribution: .logUniform)
    XCTAssertEqual(log.draw(using: &low).value, 1)
    XCTAssertEqual(log.draw(using: &high).value, 1000)
  }

  func testDrawsStayInTheRangeWithTheirDecimals() throws {
    var generator = SeededRandomNumberGenerator(seed: 33)
    for (minimum, maximum, decimals) in [(20.0, 80.0, 1), (-5.0, 5.0, 2), (0.001, 0.002, 4), (3.0, 1.0, 0)] {
      let range = try ValueRange(minimum: minimum, maximum: maximum, decimals: decimals)
      for _ in 0..<2_000 {
        let drawn = range.draw(using: &generator)
        XCTAssertTrue((min(minimum, maximum)...max(minimum, maximum)).contains(drawn.value), "\(drawn)")
        XCTAssertEqual(drawn.value, Double(drawn.text))
        let fraction = drawn.text.split(separator: ".").dropFirst().first ?? ""
        XCTAssertEqual(fraction.count, decimals, drawn.text)
      }
    }
  }

  func testASeedReplaysTheSameValues() throws {
    let range = try ValueRange(minimum: 1, maximum: 100, decimals: 2)
    var first = SeededRandomNumberGenerator(seed: 7)
    var second = SeededRandomNumberGenerator(seed: 7)
    let a = (0..<20).map { _ in range.draw(using: &first) }
    let b = (0..<20).map { _ in range.draw(using: &second) }
    XCTAssertEqual(a, b)
    XCTAssertGreaterThan(Set(a.map(\.text)).count, 15)
  }

  /// Uniform: each half of the range gets about half the draws. Log-uniform: each decade does.
  func testTheDistributionsSpreadAsTheySay() throws {
    var generator = SeededRandomNumberGenerator(seed: 1)
    let uniform = try ValueRange(minimum: 1, maximum: 100, decimals: 3)
    let logUniform = try ValueRange(minimum: 1, maximum: 100, decimals: 3, distribution: .logUniform)
    let n = 20_000
    let uniformLow = (0..<n).filter { _ in uniform.draw(using: &generator).value < 50.5 }.count
    let logLow = (0..<n).filter { _ in logUniform.draw(using: &generator).value < 10 }.count
    XCTAssertEqual(Double(uniformLow) / Double(n), 0.5, accuracy: 0.02)
    XCTAssertEqual(Double(logLow) / Double(n), 0.5, accuracy: 0.02)
    // Moodle's log-uniform uses the bounds' sizes: negative bounds still draw positive values.
    let negative = try ValueRange(minimum: -1, maximum: -10, decimals: 2, distribution: .logUniform)
    XCTAssertTrue((0..<500).allSatisfy { _ in (1...10).contains(negative.draw(using: &generator).value) })
  }

  func testRangesThatCannotBeDrawnFromAreRefused() {
    XCTAssertThrowsError(try ValueRange(minimum: 0, maximum: 10, decimals: 1, distribution: .logUniform)) {
      XCTAssertEqual($0 as? ValueRangeError, .logUniformBoundIsZero)
    }
    XCTAssertThrowsError(try ValueRange(minimum: 1, maximum: .infinity, decimals: 1)) {
      XCTAssertEqual($0 as? ValueRangeError, .boundNotFinite)
    }
    XCTAssertThrowsError(try ValueRange(minimum: 1, maximum: 2, decimals: 16)) {
      XCTAssertEqual($0 as? ValueRangeError, .decimalsOutOfRange(16))
    }
  }

  func testAListGivesEachEntryAlike() {
    var generator = SeededRandomNumberGenerator(seed: 5)
    let source = VariableSource.list([1.5, 2, 2.5].map { DrawnValue($0) })
    var counts: [String: Int] = [:]
    for _ in 0..<3_000 { counts[source.draw(using: &generator).text, default: 0] += 1 }
    XCTAssertEqual(Set(counts.keys), ["1.5", "2", "2.5"])
    for count in counts.values { XCTAssertEqual(Double(count), 1_000, accuracy: 120) }
  }

  func testStoredSetsComeBackOnlyWhenAllHaveBeenUsed() {
    for count in 1...12 {
      for key in ["density-1", "mass-2", "learner-a/volume-3"] {
        let cycle = StoredItemCycle(count: count, key: key)
        for start in [0, 3, 17] {
          let items = (start..<start + count).map { cycle.item(forAttempt: $0) }
          XCTAssertEqual(Set(items), Set(0..<count), "\(key) from attempt \(start)")
        }
      }
    }
    // The start depends on the key only, the same in every run and on every toolchain (FNV-1a).
    XCTAssertEqual(StoredItemCycle(count: 1_000_003, key: "density-1").offset, 462_330)  // FNV-1a by Python
    let starts = Set((0..<50).map { StoredItemCycle(count: 20, key: "q\($0)").offset })
    XCTAssertGreaterThan(starts.count, 10)
  }

  /// A message names a value as the question shows it up to 17 digits (all a double holds), past
  /// them as PHP writes it: a 309-digit draw from a range up to 1e308 is not written in full.
  func testAMessageNamesAValueCompactly() throws {
    XCTAssertEqual(DrawnValue(value: 20, text: "20.0").messageText, "20.0")
    XCTAssertEqual(DrawnValue(value: 1.782589260026811, text: "1.782589260026811").messageText, "1.782589260026811")
    let range = try ValueRange(minimum: 1e307, maximum: 1e308, decimals: 0)
    var top = Constant(output: .max)
    let huge = range.draw(using: &top)
    XCTAssertEqual(huge.text.count, 309)
    XCTAssertEqual(huge.messageText, "1.0E+308")
    XCTAssertEqual(range.value(-123_456_789_012_345_678).messageText, "-1.2345678901235E+17")
    XCTAssertEqual(try ValueRange(minimum: 0, maximum: 1, decimals: 15).value(12345.5).messageText, "12345.5")
  }
}
