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

/// Issue 31 item 22: private-use characters of a GIFT file stay as written (they were taken for
/// the parser's own escape placeholders: an icon became `1`, U+E01B became ESC).
final class GiftPrivateUseTests: XCTestCase {
  func testPrivateUseCharactersAreKeptAsWritten() {
    let icon = "\u{E031}\u{E01B}\u{E000}\u{E07B}"
    let (questions, problems) = GiftParser.parse("Icon \(icon) \\{x\\}? {=\(icon) ~b}", file: "t.gift")
    XCTAssertEqual(problems.filter(\.isError).map(\.description), [])
    XCTAssertEqual(questions.first?.text.text, "Icon \(icon) {x}?")
    guard case .multipleChoice(_, let answers) = questions.first?.kind else { return XCTFail("not a choice") }
    XCTAssertEqual(answers.first?.text.text, icon)
  }
}
