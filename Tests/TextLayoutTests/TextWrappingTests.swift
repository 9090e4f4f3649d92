import TextLayout
import XCTest

final class TextWrappingTests: XCTestCase {
  func testBreaksAtSpacesWithinTheWidth() {
    XCTAssertEqual(
      TextWrapping.lines("practise the questions of a node", width: 12), ["practise the", "questions of", "a node"])
    XCTAssertEqual(TextWrapping.lines("fits", width: 4), ["fits"])
    XCTAssertEqual(TextWrapping.lines("", width: 10), [""])
    XCTAssertEqual(TextWrapping.lines("  spaced   out  ", width: 20), ["spaced out"])
  }

  func testSplitsWordsWiderThanALineBetweenCharacters() {
    // Chinese characters are two columns each: four fit in 9 columns, never half of one.
    XCTAssertEqual(TextWrapping.lines("物质从液态变为气态", width: 9), ["物质从液", "态变为气", "态"])
    XCTAssertEqual(TextWrapping.lines("abcdefgh ij", width: 3), ["abc", "def", "gh", "ij"])
    XCTAssertEqual(TextWrapping.lines("汽化", width: 1), ["汽", "化"])
  }

  func testNoLineIsWiderThanAsked() {
    var generator = SystemRandomNumberGenerator()
    let words = ["a", "practise", "汽化和液化", "x", "questions", "——", "ll"]
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in words.randomElement()! }.joined(
        separator: " ")
      let width = Int.random(in: 2...20, using: &generator)
      let lines = TextWrapping.lines(text, width: width)
      for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "\(text) at \(width)") }
      // Nothing is lost: the words come back in order.
      XCTAssertEqual(lines.joined().filter { $0 != " " }, text.filter { $0 != " " })
    }
  }
}
