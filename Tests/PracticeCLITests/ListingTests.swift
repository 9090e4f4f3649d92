import CourseOutline
import Foundation
import PracticeCLI
import QuizEngine
import TextLayout
import XCTest

/// `ls` and the rows other commands print: what the listing keeps between runs of itself (title
/// widths, whether a title is clean) must never show a stale or unsafe row.
final class ListingTests: XCTestCase {
  /// Chapter 2's second part has an escape sequence and a CR in its title.
  static let json = #"""
    {"format": "practice-course", "nodes": [
      {"id": "a", "title": "热和温度", "children": [
        {"id": "a1", "title": "熔化：固态变液态"},
        {"id": "a2", "title": "Boiling", "children": [
          {"id": "a21", "title": "沸点（一）"},
          {"id": "a22", "title": "Steam"}]}]},
      {"id": "b", "title": "Light", "children": [
        {"id": "b1", "title": "Mirrors"},
        {"id": "b2", "title": "Bad\u001b[2J\rtitle"},
        {"id": "b3", "title": "Lenses", "children": [{"id": "b31", "title": "Steam lenses"}]}]}]}
    """#

  func makeShell(
    _ json: String = ListingTests.json, sanitized: Bool = true, status: (any NodeStatusProvider)? = nil,
    width: Int? = nil
  ) throws -> (Shell, StringOutput) {
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    let text = StringOutput()
    let shell = Shell(
      course: course, output: sanitized ? SanitizedOutput(text) : text,
      configuration: ShellConfiguration(width: { width }), status: status)
    return (shell, text)
  }

  func testARowWithAnEscapeInItsTitleIsShownVisiblyAndTheRestAsIs() throws {
    let (shell, text) = try makeShell()
    let (raw, rawText) = try makeShell(sanitized: false)
    for (s, line) in [(shell, "expand all"), (shell, "ls"), (raw, "expand all"), (raw, "ls")] {
      XCTAssertEqual(s.handle(line), .ok)
    }
    XCTAssertFalse(text.text.contains("\u{1B}"))
    XCTAssertFalse(text.text.contains("\r"))
    XCTAssertTrue(text.text.contains("Bad\\u{1B}[2J\\u{D}title\n"), text.text)
    XCTAssertTrue(rawText.text.contains("\u{1B}"), "the unsanitized output is the reference")
    XCTAssertEqual(text.text, OutputSanitizer.clean(rawText.text))

    // Without the unsafe title (clean rows are passed on unscanned) the output is the same bytes.
    let (clean, cleanText) = try makeShell(sanitized: true)
    XCTAssertEqual(clean.handle("expand 1"), .ok)
    XCTAssertEqual(clean.handle("ls"), .ok)
    let opened = Self.chapterOneOpen.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n"
    XCTAssertEqual(cleanText.text, opened + Self.chapterOneOpen)
  }

  /// The outline with chapter 1 open and its part 1.2 closed.
  static let chapterOneOpen = """
    ▾ 1      热和温度
        1.1  熔化：固态变液态
      ▸ 1.2  Boiling
    ▸ 2      Light

    """

  func testCollapsingALeafSaysItHasNoChildrenAndOpensNothing() throws {
    // `collapse a1` used to open chapter a to show a1's row: a collapse that made rows appear.
    let (shell, text) = try makeShell()
    XCTAssertEqual(shell.handle("collapse 1.2.1"), .ok)
    XCTAssertEqual(text.text, "1.2.1 沸点（一） has no children\n")
    XCTAssertEqual(shell.outline.rows.count, 2, "chapter 1 and 1.2 stay closed")
    XCTAssertEqual(shell.handle("expand all"), .ok)
    let before = text.text
    XCTAssertEqual(shell.handle("collapse -r 1.2.1"), .ok)
    XCTAssertEqual(text.text.dropFirst(before.count), "1.2.1 沸点（一） has no children\n")
  }

  func testListingAgainAfterAToggleShowsTheRowsAndMarkersOfNow() throws {
    let (shell, text) = try makeShell()
    XCTAssertEqual(shell.handle("expand all"), .ok)
    XCTAssertEqual(shell.handle("collapse 1.2"), .ok)
    XCTAssertEqual(shell.handle("collapse 2"), .ok)
    let before = text.text.count
    XCTAssertEqual(shell.handle("ls"), .ok)
    XCTAssertEqual(String(text.text.dropFirst(before)), Self.chapterOneOpen)
  }

  /// Property: `ls` in the columns kept from the last listing of the outline writes what a shell
  /// that never listed before writes for the same expansion, whatever ran in between.
  func testKeptColumnsListAsAFreshShellDoes() throws {
    let (shell, text) = try makeShell(status: ReadMarks())
    let course = shell.course
    let parents = course.nodes.indices.filter { course.hasChildren($0) }.map { course.address(of: $0) }
    let commands =
      ["expand all", "expand all 1", "collapse all", "find steam", "ls", "ls"]
      + parents.flatMap { ["toggle \($0)", "expand \($0)", "collapse -r \($0)"] }
    var generator = SeededRandomNumberGenerator(seed: 3)
    for step in 0..<300 {
      let command = commands.randomElement(using: &generator)!
      XCTAssertEqual(shell.handle(command), .ok, command)
      let before = text.text.count
      XCTAssertEqual(shell.handle("ls"), .ok)
      let freshText = StringOutput()
      let fresh = Shell(
        course: course, outline: Outline(course: course, expanded: shell.outline.expandedNodes),
        output: SanitizedOutput(freshText), status: ReadMarks())
      XCTAssertEqual(fresh.handle("ls"), .ok)
      XCTAssertEqual(String(text.text.dropFirst(before)), freshText.text, "step \(step), after \(command)")
    }
  }

  /// Each row's address, built digit by digit from the row above, is `Course.address(of:)`'s, for
  /// ordinals of one to four digits at every level.
  func testAddressesWithManyDigitsAreTheCoursesOwn() throws {
    func nodes(_ count: Int, _ prefix: String, children: (Int) -> String) -> String {
      (1...count).map { #"{"id": "\#(prefix)\#($0)", "title": "t", "children": [\#(children($0))]}"# }
        .joined(separator: ", ")
    }
    let chapters = nodes(12, "c") { c in
      c < 12 ? "" : nodes(105, "p") { p in p == 10 || p == 105 ? nodes(1010, "l\(p)-") { _ in "" } : "" }
    }
    let json = #"{"format": "practice-course", "nodes": [\#(chapters)]}"#
    let (shell, text) = try makeShell(json)
    XCTAssertEqual(shell.handle("expand all"), .ok)
    let course = shell.course
    let addresses = text.text.split(separator: "\n").map { $0.split(separator: " ").first { !"▾▸".contains($0) }! }
    XCTAssertEqual(addresses.count, course.count)
    for (node, address) in addresses.enumerated() { XCTAssertEqual(String(address), course.address(of: node)) }
    XCTAssertEqual(addresses.last, "12.105.1010")
  }

  /// Rows that do not follow each other in the outline (search results) each get their own address.
  func testSearchResultsShowTheirOwnAddresses() throws {
    let (shell, text) = try makeShell()
    XCTAssertEqual(shell.handle("find steam"), .ok)
    XCTAssertEqual(
      text.text,
      """
      2 matches for 'steam', now shown:
            1.2.2  Steam
            2.3.1  Steam lenses

      """)
  }

  /// A title longer than the listing's buffer, with a status column, is written whole and aligned.
  func testATitleLongerThanTheBufferIsWrittenWhole() throws {
    let long = String(repeating: "长", count: 200_000)
    let json = #"{"format": "practice-course", "nodes": [{"id": "a", "title": "A"}, {"id": "b", "title": "\#(long)"}]}"#
    let (shell, text) = try makeShell(json, status: ReadMarks())
    XCTAssertEqual(shell.handle("ls"), .ok)
    let expected = "  1  A" + String(repeating: " ", count: 400_001) + "read\n  2  \(long)  read\n"
    XCTAssertTrue(text.text == expected, "\(text.text.utf8.count) bytes, not \(expected.utf8.count)")
  }

  /// Every row's pieces (indent, marker, address, padding, title, status) are copied a word at a
  /// time: rows whose titles are 1 to 40 bytes long, at three depths with one- and two-digit
  /// ordinals, must read exactly as the same row put together from strings.
  func testRowsOfEveryLengthReadAsTheirPartsJoined() throws {
    let pieces = ["a", "熔", "Bc", "（一）", "de f", "练习：光现象"]
    var serial = 0
    func title() -> String {
      serial += 1
      var text = ""
      while text.utf8.count < serial % 41 { text += pieces[(serial + text.utf8.count) % pieces.count] }
      return text.isEmpty ? "x" : text
    }
    func leaves(_ count: Int) -> String {
      (0..<count).map { _ in #"{"title": "\#(title())"}"# }.joined(separator: ",")
    }
    let chapters = (1...11).map { chapter in
      let parts = (1...(chapter % 3 == 0 ? 11 : 2)).map { _ in
        #"{"title": "\#(title())", "children": [\#(leaves(3))]}"#
      }
      return #"{"title": "\#(title())", "children": [\#(parts.joined(separator: ","))]}"#
    }
    let json = #"{"format": "practice-course", "nodes": [\#(chapters.joined(separator: ","))]}"#
    for withStatus in [false, true] {
      let (shell, text) = try makeShell(json, status: withStatus ? ReadMarks() : nil)
      XCTAssertEqual(shell.handle("expand all"), .ok)
      XCTAssertEqual(shell.handle("ls"), .ok)
      let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
      let rows = course.nodes.indices.map { node in
        let n = course.nodes[node]
        let marker = course.hasChildren(node) ? "▾" : " "
        return (String(repeating: " ", count: n.depth * 2) + marker + " " + course.address(of: node), n.title)
      }
      let first = rows.map { DisplayWidth.of($0.0) }.max()!
      let widest = rows.map { DisplayWidth.of($0.1) }.max()!
      let listing = rows.map { lead, title in
        let row = DisplayWidth.padded(lead, to: first + 2) + title
        return (withStatus ? DisplayWidth.padded(row, to: first + 2 + widest + 2) + "read" : row) + "\n"
      }.joined()
      XCTAssertEqual(text.text, listing + listing)
    }
  }

  /// Seen in tmux at 40 columns: a row and its status were one long line the terminal broke at its
  /// edge, the status going on at column 0 (`已读 1/4 · 掌握 1/66 · 2 题要重做  3 题到期`).
  func testANarrowTerminalGetsTitlesAndStatusesUnderTheirColumn() throws {
    for width in 24...70 {
      let (shell, text) = try makeShell(status: Figures(), width: width)
      XCTAssertEqual(shell.handle("expand all"), .ok)
      let lines = text.text.split(separator: "\n").map(String.init)
      for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "at \(width): \(line)") }
      // Broken between figures, never inside one, and never back at column 0.
      XCTAssertEqual(lines.filter { $0.contains("2 to retry") }.count, 10, "at \(width):\n\(text.text)")
      XCTAssertTrue(lines.allSatisfy { $0.hasPrefix(" ") || $0.hasPrefix("▾") }, "at \(width):\n\(text.text)")
      if width >= 30 { XCTAssertTrue(text.text.contains("2.3.1  Steam lenses\n"), "at \(width):\n\(text.text)") }
    }
    // Wide enough, or a pipe: one line per row, as before.
    for width in [nil, 120] {
      let (shell, text) = try makeShell(status: Figures(), width: width)
      XCTAssertEqual(shell.handle("expand all"), .ok)
      XCTAssertEqual(text.text.split(separator: "\n").count, 10, text.text)
    }
  }

  /// Every row shows the figures a learner's outline shows.
  final class Figures: NodeStatusProvider {
    func status(of node: Int, in course: Course) -> String? { "1/4 read · 1/66 mastered · 2 to retry  3 due" }
    func infoFields(of node: Int, in course: Course) -> [(String, String)] { [] }
  }

  /// Every row shows `read`.
  final class ReadMarks: NodeStatusProvider {
    func status(of node: Int, in course: Course) -> String? { "read" }
    func infoFields(of node: Int, in course: Course) -> [(String, String)] { [] }
  }
}
