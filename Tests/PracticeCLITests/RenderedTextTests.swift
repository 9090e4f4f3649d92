import CourseOutline
import Foundation
import Localization
import PracticeTime
import QuizEngine
import TextLayout
import XCTest

@testable import PracticeCLI

/// Course text as the terminal shows it, with and without color: `Snapshots/rendered-text.txt`.
final class RenderedTextTests: XCTestCase {
  static let samples: [(String, MarkedText)] = [
    (
      "underline and bold",
      MarkedText("<p><u>Very few people</u> has seen a <strong>comet</strong>.</p>", markup: .html)
    ),
    ("markdown", MarkedText("Which verb? I used to _(ride)_ my bike to **Grant's tomb**.", markup: .markdown)),
    ("paragraphs", MarkedText("<p>First paragraph.</p><p>Second,<br>with a break.</p>", markup: .html)),
    ("moodle auto-format", MarkedText("Line one\nLine <i>two</i>", markup: .moodle)),
    (
      "lists",
      MarkedText(
        "<ul><li>short</li><li>a long item that wraps onto the next line under its own text</li></ul><ol><li>first</li><li>second</li></ol>",
        markup: .html)
    ),
    ("link", MarkedText("Read <a href=\"https://example.org/a\">the article</a> first.", markup: .html)),
    (
      "table",
      MarkedText(
        "<table><tr><th>Word</th><th>中文</th></tr><tr><td>apple</td><td>苹果</td></tr><tr><td>pear</td><td>梨</td></tr></table>",
        markup: .html)
    ),
    ("tex", MarkedText("What is $$\\frac{1}{2}$$ of $$10^2$$? Angle: \\(90^\\circ\\).", markup: .html)),
    (
      "media",
      MarkedText(
        "<img src=\"@@PLUGINFILE@@/flag-uk.jpg\" alt=\"a flag\"> <img src=\"aHR0cHM6.jpg\"> Listen: <a href=\"@@PLUGINFILE@@/bonjour.mp3\">bonjour.mp3</a>",
        markup: .html)
    ),
    ("escape codes in course text", MarkedText("<b>\u{1B}[31mred\u{1B}[0m</b> plain", markup: .html)),
    ("plain", MarkedText("Plain *text* <b>as written</b>")),
  ]

  func testRenderedTextWithAndWithoutColor() {
    var out = ""
    for (name, text) in Self.samples {
      let rendered = MarkupRenderer.render(text, labels: .localized(.english))
      out += "== \(name) (\(text.markup.rawValue), width 32)\n-- no color\n"
      for line in StyledLines.lines(rendered, color: false, width: 32) { out += line + "\n" }
      out += "-- color (ESC shown as \\e)\n"
      for line in StyledLines.lines(rendered, color: true, width: 32) {
        out += line.replacingOccurrences(of: "\u{1B}", with: "\\e") + "\n"
      }
    }
    assertSnapshot(out, named: "rendered-text")
  }

  /// Every escape sequence in a colored line is one this layer painted: SGR bold, italic,
  /// underline or reset, never one from the course.
  func testOnlyPaintedSequencesReachTheTerminal() {
    for (_, text) in Self.samples {
      for line in StyledLines.lines(MarkupRenderer.render(text), color: true, width: nil) {
        var rest = Substring(line)
        while let escape = rest.firstIndex(of: "\u{1B}") {
          let sequence = rest[escape...].prefix { $0 != "m" }
          XCTAssertTrue(
            ["\u{1B}[1", "\u{1B}[3", "\u{1B}[4", "\u{1B}[0", "\u{1B}[1;4", "\u{1B}[1;3", "\u{1B}[3;4"].contains(
              String(sequence)), line)
          rest = rest[rest.index(after: escape)...]
        }
      }
    }
  }

  /// On a color terminal the program's colors pass the output sanitiser; a course's own escape codes
  /// (in an HTML prompt, a plain option, the explanation) are shown as text, never sent.
  func testACoursesEscapeCodesNeverReachAColorTerminal() throws {
    let json = #"""
      {"format": "practice-course", "nodes": [{"id": "p", "title": "Part", "questions": [
        {"id": "q1", "type": "single", "format": "html", "prompt": "Pick <u>\u001b[31mred</u>",
         "options": ["\u001b[32mgreen", "blue"], "answer": 0, "explanation": "\u001b]52;c;aGk=\u0007 clipboard"}
      ]}]}
      """#
    let text = try colorSession(json, answering: "B")
    XCTAssertTrue(text.contains("\u{1B}[4m\\u{1B}[31mred\u{1B}[0m"), text)
    XCTAssertTrue(text.contains("\\u{1B}[32mgreen"), text)
    XCTAssertTrue(text.contains("\\u{1B}]52;c;aGk=\\u{7} clipboard"), text)
    // Every escape left is one the program painted: `ESC [ digits m`.
    for piece in text.split(separator: "\u{1B}").dropFirst() {
      XCTAssertTrue(piece.hasPrefix("["), String(piece.prefix(12)))
      XCTAssertNotNil(piece.dropFirst().firstIndex(of: "m"), String(piece.prefix(12)))
    }
  }

  /// On a color terminal a partly right answer is painted yellow, apart from a right answer's green
  /// and a wrong one's red (it was painted red, as if wrong).
  func testAPartlyRightAnswerIsNeitherGreenNorRed() throws {
    let json = #"""
      {"format": "practice-course", "nodes": [{"id": "p", "title": "Part", "questions": [
        {"id": "q1", "type": "multiple", "prompt": "Pick the metals", "options": ["iron", "copper", "wood"],
         "answers": [0, 1], "fractions": [0.5, 0.5, -1], "explanation": "Iron and copper are metals."}
      ]}]}
      """#
    let text = try colorSession(json, answering: "A")
    XCTAssertTrue(text.contains("\u{1B}[33m◐ Partly right"), text)
    XCTAssertFalse(text.contains("\u{1B}[31m◐"), text)
  }

  /// What a color terminal is sent when the one question of the course `json` is answered `answer`.
  private func colorSession(_ json: String, answering answer: String) throws -> String {
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    let captured = StringOutput()
    let shell = Shell(
      course: course, output: SanitizedOutput(captured, keepingColor: true),
      configuration: ShellConfiguration(style: OutputStyle(color: true)),
      clock: FixedClock(Date(timeIntervalSince1970: 0)))
    XCTAssertEqual(shell.handle("start --in-order 1"), .ok)
    XCTAssertEqual(shell.handle(answer), .ok)
    return captured.text
  }
}
