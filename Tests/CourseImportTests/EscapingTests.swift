import XCTest

@testable import CourseImport

/// Markup escaping goes by Unicode scalar: a `<`, `&` or `"` followed by a combining mark is one
/// Character with the mark, and must be written as an entity all the same.
final class EscapingTests: XCTestCase {
  func testHTMLTextEscapesMarkupFollowedByACombiningMark() {
    XCTAssertEqual(HTMLText.escape("<\u{301}b>"), "&lt;\u{301}b&gt;")
    XCTAssertEqual(HTMLText.escape("x\"\u{301} onclick=\"y"), "x&quot;\u{301} onclick=&quot;y")
    XCTAssertEqual(HTMLText.escape("&\u{308}amp;"), "&amp;\u{308}amp;")
  }

  func testMoodleXMLEscapesMarkupFollowedByACombiningMark() {
    XCTAssertEqual(MoodleXMLExporter.escape("<\u{301}/text>"), "&lt;\u{301}/text&gt;")
    XCTAssertEqual(MoodleXMLExporter.escape("a \"\u{20DD}\" & b"), "a &quot;\u{20DD}&quot; &amp; b")
  }

  /// GIFT's special characters with a combining mark after them, and a CRLF line break (one
  /// Character), are escaped like any other: unescaped, `=` would mark a right answer on import.
  func testGIFTEscapesSpecialCharactersFollowedByACombiningMarkAndCRLF() {
    XCTAssertEqual(GiftExporter.text("a =\u{301} b\r\nc"), "a \\=\u{301} b\\nc")
    XCTAssertEqual(GiftExporter.text("~\u{301}{\u{301}}\u{301}"), "\\~\u{301}\\{\u{301}\\}\u{301}")
  }

  func testTextWithoutMarkupIsUnchanged() {
    let text = "温度是表示物体冷热程度的物理量 é ü 🇨🇳"
    XCTAssertEqual(HTMLText.escape(text), text)
    XCTAssertEqual(MoodleXMLExporter.escape(text), text)
    XCTAssertEqual(GiftExporter.text(text), text)
  }
}
