import TextLayout
import XCTest

final class DisplayWidthTests: XCTestCase {
  func testChineseCharactersTakeTwoColumns() {
    XCTAssertEqual(DisplayWidth.of("熔化和凝固"), 10)
    XCTAssertEqual(DisplayWidth.of("ab"), 2)
    XCTAssertEqual(DisplayWidth.of("学生实验：探究——物质的密度"), 26)
  }

  func testFullWidthFormsAreWideAndCombiningMarksAreNot() {
    XCTAssertEqual(DisplayWidth.of("ｇ/ｃｍ３"), 9)
    XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
    XCTAssertEqual(DisplayWidth.of("\u{1B}"), 0)
  }

  func testPaddingAlignsMixedScripts() {
    XCTAssertEqual(DisplayWidth.padded("温度", to: 6), "温度  ")
    XCTAssertEqual(DisplayWidth.leftPadded("7", to: 3), "  7")
    XCTAssertEqual(DisplayWidth.padded("toolong", to: 3), "toolong")
  }

  func testTruncationNeverSplitsAWideCharacter() {
    XCTAssertEqual(DisplayWidth.truncated("熔化和凝固", to: 6), "熔化…")
    XCTAssertEqual(DisplayWidth.of(DisplayWidth.truncated("熔化和凝固", to: 6)), 5)
    XCTAssertEqual(DisplayWidth.truncated("short", to: 10), "short")
  }

  func testTableColumnsLineUpByDisplayWidth() {
    var table = TextTable(columns: [.left("Part"), .right("Score")])
    table.append(["熔化和凝固", "82%"])
    table.append(["Review", "100%"])
    XCTAssertEqual(
      table.lines(),
      [
        "Part        Score",
        "----------  -----",
        "熔化和凝固    82%",
        "Review       100%",
      ])
  }
}
