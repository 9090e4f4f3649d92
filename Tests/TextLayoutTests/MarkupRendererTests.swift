import TextLayout
import XCTest

/// The one renderer of course text: HTML, Moodle's auto-format, Markdown and plain text.
final class MarkupRendererTests: XCTestCase {
  func marked(_ text: String, _ markup: TextMarkup) -> String {
    MarkupRenderer.render(MarkedText(text, markup: markup)).marked
  }

  func testStylesBecomeMarksAndAreKeptApartFromSpaces() {
    XCTAssertEqual(marked("<p><u>Very few people</u> has seen it.</p>", .html), "_Very few people_ has seen it.")
    XCTAssertEqual(marked("Elle est <strong>incorrecte</strong> .", .html), "Elle est *incorrecte* .")
    XCTAssertEqual(marked("a<i> slanted </i>b", .html), "a /slanted/ b")
    XCTAssertEqual(marked("<b><u>both</u></b>", .html), "_*both*_")
    XCTAssertEqual(marked("<span style=\"text-decoration: underline;\">Atto</span>", .html), "_Atto_")
    XCTAssertEqual(
      marked("I used to _(ride)_ to **Grant's tomb**.", .markdown), "I used to /(ride)/ to *Grant's tomb*.")
    // Underscores inside words, a Cloze blank and a lone star are text.
    XCTAssertEqual(marked("snake_case_name and _____ and 2 * 3", .markdown), "snake_case_name and _____ and 2 * 3")
  }

  func testParagraphsLineBreaksAndLists() {
    XCTAssertEqual(
      marked("<p>One</p><p>Two<br>three</p><ul><li>a</li><li>b<ol><li>c</li></ol></li></ul>after", .html),
      "One\n\nTwo\nthree\n\n• a\n• b\n  1. c\n\nafter")
    XCTAssertEqual(marked("line one\nline two", .moodle), "line one\nline two")
    XCTAssertEqual(marked("line one\nline two", .html), "line one line two")
    XCTAssertEqual(
      marked("# Title\n\nA soft\nbreak.\n\n- x\n- y\n\n1. first", .markdown),
      "*Title*\n\nA soft break.\n\n• x\n• y\n\n1. first")
    // Paragraphs and breaks inside items, as editors write them, stay in the item.
    XCTAssertEqual(
      marked("<p>Intro</p><ul><li><p>one</p></li><li><p>two<br>more</p></li></ul><p>End</p>", .html),
      "Intro\n\n• one\n• two\n  more\n\nEnd")
    XCTAssertEqual(marked("- a\n- b\n# Next\ntext", .markdown), "• a\n• b\n\n*Next*\n\ntext")
    let list = MarkupRenderer.render(MarkedText("<ul><li>item</li></ul>", markup: .html))
    XCTAssertEqual(list.lines.first?.hang, 2)
  }

  func testLinksAndTables() {
    XCTAssertEqual(marked("See <a href=\"https://x.org\">the site</a>.", .html), "See the site <https://x.org>.")
    XCTAssertEqual(marked("<a href=\"https://x.org\">https://x.org</a>", .html), "https://x.org")
    XCTAssertEqual(marked("See [the site](https://x.org).", .markdown), "See the site <https://x.org>.")
    XCTAssertEqual(
      marked("<table><tr><th>Name</th><th>年龄</th></tr><tr><td>Li Lei</td><td>13</td></tr></table>", .html),
      "Name    年龄\nLi Lei  13")
    XCTAssertEqual(marked("| a | 中文 |\n|---|---|\n| ccc | d |", .markdown), "a    中文\nccc  d")
  }

  func testMediaArePlaceholdersThatNeverNameAFileWhenThereIsAltText() {
    let shown = MarkupRenderer.render(
      MarkedText(
        "<img src=\"@@PLUGINFILE@@/uk.png\" alt=\"a flag\"> <img src=\"aHR0cHM6.jpg\"> Listen: <a href=\"@@PLUGINFILE@@/bonjour.mp3\">bonjour.mp3</a> <audio controls><source src=\"a/b%20c.ogg\">fallback</audio> [sound:hola.mp3]",
        markup: .html))
    XCTAssertEqual(
      shown.plain, "[image: a flag] [image 2] Listen: [audio: bonjour.mp3] [audio: b c.ogg] [audio: hola.mp3]")
    XCTAssertEqual(shown.media.map(\.kind), [.image, .image, .audio, .audio, .audio])
    XCTAssertEqual(marked("![a red flag](flag.png)", .markdown), "[image: a red flag]")
    XCTAssertEqual(marked("[sound:x.mp3] front", .plain), "[audio: x.mp3] front")
    // For options, which must stay apart, an image without alt text is named by its file.
    XCTAssertEqual(
      MarkupRenderer.render(MarkedText("<img src='x/b.png'>", markup: .html), namingImagesByFile: true).plain,
      "[image: b.png]")
  }

  /// Chinese text and full-width punctuation take no space before a placeholder; a word does.
  func testAPlaceholderAfterChineseTextIsNotSpacedOff() {
    XCTAssertEqual(marked("如图所示：<img src=\"a.png\" alt=\"冰\">哪一个？", .html), "如图所示：[image: 冰]哪一个？")
    XCTAssertEqual(marked("看图 <img src=\"a.png\">", .html), "看图 [image 1]")
    XCTAssertEqual(marked("Look:<img src=\"a.png\">", .html), "Look: [image 1]")
    XCTAssertEqual(marked("见图<b>一</b><img src=\"a.png\">", .html), "见图*一*[image 1]")
  }

  func testTeXIsRenderedInMarkupButNotInPlainText() {
    XCTAssertEqual(marked("What is $$\\frac{1}{2}$$ of 10?", .html), "What is 1⁄2 of 10?")
    XCTAssertEqual(marked("Area \\(\\pi r^2\\) with _x_", .markdown), "Area πr² with /x/")
    XCTAssertEqual(marked("$$\\frac{1}{2}$$", .plain), "$$\\frac{1}{2}$$")
    let unknown = MarkupRenderer.render(MarkedText("See $$\\begin{matrix}a\\end{matrix}$$.", markup: .html))
    XCTAssertEqual(unknown.plain, "See $$\\begin{matrix}a\\end{matrix}$$.")
    XCTAssertEqual(unknown.unrenderedTeX, ["$$\\begin{matrix}a\\end{matrix}$$"])
  }

  func testPlainTextIsShownAsWritten() {
    let text = "  two  spaces\n\n\n<b>not bold</b> &amp;"
    XCTAssertEqual(MarkupRenderer.render(MarkedText(text)).plain, text)
    XCTAssertEqual(MarkupRenderer.render(MarkedText(text)).marked, text)
  }

  func testCourseEscapeCodesStayTextInRuns() {
    // The renderer passes control characters on as text; the terminal layer cleans each run.
    let shown = MarkupRenderer.render(MarkedText("<b>\u{1B}[31mred</b>", markup: .html))
    XCTAssertEqual(shown.lines.first?.runs, [StyledText.Run("\u{1B}[31mred", .bold)])
  }

  /// Splitting a line along wrapped lines keeps each character's style and drops only the break spaces.
  func testSplittingAlongWrappedLinesKeepsStyles() {
    let line = StyledText.Line([.init("plain "), .init("under lined", .underline), .init(" end")])
    let pieces = StyledText.split(line, along: ["plain under", "lined end"])
    XCTAssertEqual(pieces[0], [.init("plain "), .init("under", .underline)])
    XCTAssertEqual(pieces[1], [.init("lined", .underline), .init(" end")])
  }

  /// Property: whatever the input, the plain text holds no sentinel and no markup run breaks a line.
  func testRandomMarkupNeverLeaksSentinelsOrLineBreaksInRuns() {
    var generator = SystemRandomNumberGenerator()
    let pieces = [
      "<b>", "</b>", "<u>", "<p>", "</p>", "<br>", "**", "_", "*", "$$x^2$$", "\\(", "\\)", "[sound:a.mp3]",
      "<img src=a.png>", "<a href=x>", "</a>", "<li>", "<table>", "<td>", " ", "\n", "text", "&amp;", "<", ">", "`",
    ]
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 0..<30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      for markup in TextMarkup.allCases {
        let shown = MarkupRenderer.render(MarkedText(text, markup: markup))
        XCTAssertFalse(shown.plain.unicodeScalars.contains { $0.value == 0xFDD0 || $0.value == 0xFDD1 }, text)
        for line in shown.lines { for run in line.runs { XCTAssertFalse(run.text.contains("\n"), text) } }
      }
    }
  }
}
