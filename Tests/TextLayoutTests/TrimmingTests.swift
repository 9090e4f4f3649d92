import Foundation
import QuizEngine
import TextLayout
import XCTest

final class TrimmingTests: XCTestCase {
  func testTrimsWhatFoundationsWhitespacesSetTrims() {
    let pieces = [" ", "\t", "\u{3000}", "\u{00A0}", "\u{2003}", "\n", "\r\n", "\u{2028}", "a", "课", "e\u{301}", "x y"]
    // Seeded, so a failure repeats on the next run.
    var generator = SeededRandomNumberGenerator(seed: 20_261_207)
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      XCTAssertEqual(
        text.trimmingSpaces(), text.trimmingCharacters(in: .whitespaces),
        "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  func testExamples() {
    XCTAssertEqual("\u{3000} start 1.2 \t".trimmingSpaces(), "start 1.2")
    XCTAssertEqual("   ".trimmingSpaces(), "")
    XCTAssertEqual("a\n".trimmingSpaces(), "a\n")
    XCTAssertEqual(" 汽化 和 液化 "[...].trimmingSpaces(), "汽化 和 液化")
  }
}
