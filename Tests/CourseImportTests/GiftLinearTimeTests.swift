import CourseImport
import Foundation
import XCTest

/// The GIFT reader stays linear in its input where text was read again and again.
final class GiftLinearTimeTests: XCTestCase {
  /// Seconds to parse and convert `text`, the best of three runs.
  func seconds(_ text: String) -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
      let start = DispatchTime.now().uptimeNanoseconds
      let (questions, _) = GiftParser.parse(text, file: "t.gift")
      _ = GiftConverter.items(questions)
      best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
  }

  /// Issue 31 item 9: many `<` and no `>` in the default format (60 KB did not finish; 40 KB took 8 s).
  func testManyOpeningAnglesWithoutAClosingOneAreReadInLinearTime() {
    let small = seconds("Q " + String(repeating: "<a ", count: 20_000) + "{T}")
    let large = seconds("Q " + String(repeating: "<a ", count: 40_000) + "{T}")
    XCTAssertLessThan(large, 4, "120 KB of '<' took \(large) s")
    // Doubling the input at most ~2.5× the time (quadratic is 4×; 3 leaves room for a busy machine);
    // below 50 ms, noise decides.
    if large > 0.05 { XCTAssertLessThan(large / small, 3, "\(small) s then \(large) s") }
  }
}
