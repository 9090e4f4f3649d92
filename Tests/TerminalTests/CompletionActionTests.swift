import Glibc
import XCTest

@testable import Terminal

/// Tab's rules, without a terminal: what to insert, when to list, and how the list is laid out.
final class CompletionActionTests: XCTestCase {
  override class func setUp() {
    // displayWidth asks wcwidth, which knows wide characters only in a UTF-8 locale.
    _ = setlocale(LC_CTYPE, "C.UTF-8")
  }

  func testOneCandidateCompletesTheWordAndAddsASpace() {
    XCTAssertEqual(CompletionAction.plan(line: "ex", candidates: ["expand"]), .edit(deleting: 0, inserting: "pand "))
    XCTAssertEqual(
      CompletionAction.plan(line: "info 第一", candidates: ["第一章 物态变化"]), .edit(deleting: 0, inserting: "章 物态变化 "))
  }

  func testACaseDifferenceReplacesTheWordCountedInScalars() {
    XCTAssertEqual(
      CompletionAction.plan(line: "info lig", candidates: ["Light"]), .edit(deleting: 3, inserting: "Light "))
  }

  func testSeveralCandidatesInsertTheirCommonPrefixThenList() {
    XCTAssertEqual(
      CompletionAction.plan(line: "info 1", candidates: ["1.1", "1.2", "1.1"]), .edit(deleting: 0, inserting: "."))
    XCTAssertEqual(CompletionAction.plan(line: "info 1.", candidates: ["1.1", "1.2"]), .list(["1.1", "1.2"]))
  }

  func testNothingToOfferBeeps() {
    XCTAssertEqual(CompletionAction.plan(line: "zz", candidates: []), CompletionAction.none)
    XCTAssertEqual(CompletionAction.plan(line: "zz", candidates: [""]), CompletionAction.none)
  }

  func testCommonPrefixNeverSplitsACombiningMark() {
    XCTAssertEqual(CompletionAction.longestCommonPrefix("cafe\u{301}s", "cafe"), "caf")
    XCTAssertEqual(CompletionAction.longestCommonPrefix("abc", "abd"), "ab")
  }

  func testColumnsAlignByDisplayWidthAndCountWhatIsLeftOut() {
    XCTAssertEqual(CompletionAction.columns(["a", "bb", "ccc"], width: 20), "a    bb   ccc\n")
    XCTAssertEqual(CompletionAction.columns(["a", "bb", "ccc"], width: 10), "a    bb\nccc\n")
    XCTAssertEqual(CompletionAction.columns(["温度", "ab"], width: 6), "温度\nab\n")
    XCTAssertEqual(CompletionAction.columns(["x", "y", "z"], width: 80, limit: 2), "x  y\n… 1 more\n")
  }

  func testPromptEscapesAreMarkedInvisibleAndNULsDropped() {
    let marker = LibeditLineReader.invisibleMarker
    let marked = LibeditLineReader.markInvisible("\u{1B}[1mpractice\u{1B}[0m> \u{0}")
    let expected: [CChar] =
      [marker] + Array("\u{1B}[1m".utf8).map { CChar(bitPattern: $0) } + [marker]
      + Array("practice".utf8).map { CChar(bitPattern: $0) }
      + [marker] + Array("\u{1B}[0m".utf8).map { CChar(bitPattern: $0) } + [marker]
      + Array("> ".utf8).map { CChar(bitPattern: $0) }
    XCTAssertEqual(marked, expected)
    // An escape cut off at the end is still closed, so libedit never counts the rest as hidden.
    XCTAssertEqual(LibeditLineReader.markInvisible("\u{1B}[").last, marker)
  }
}
