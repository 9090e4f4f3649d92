import QuizEngine
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

  /// Property: the width read from UTF-8 bytes equals the sum of the scalars' widths, for text
  /// drawn from every range the table distinguishes (ASCII, controls, C1, combining, CJK, emoji, planes 1-3).
  func testWidthFromBytesEqualsTheSumOfScalarWidths() {
    let ranges: [ClosedRange<UInt32>] = [
      0x00...0x7F, 0x80...0x2FF, 0x300...0x36F, 0x370...0x1FFF, 0x2000...0x2FFF, 0x3000...0x4DFF,
      0x4E00...0x9FFF, 0xA000...0xD7FF, 0xE000...0xFFFF, 0x10000...0x1FFFF, 0x20000...0x3FFFD, 0xE0000...0xE01EF,
    ]
    // Seeded, so a failure repeats on the next run.
    var generator = SeededRandomNumberGenerator(seed: 20_261_202)
    for _ in 0..<2_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        let range = ranges.randomElement(using: &generator)!
        if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { scalars.append(scalar) }
      }
      let text = String(scalars)
      let expected = text.unicodeScalars.reduce(0) { $0 + DisplayWidth.of($1) }
      let fromBytes = Array(text.utf8).withUnsafeBufferPointer { DisplayWidth.of(utf8: $0) }
      XCTAssertEqual(fromBytes, expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
      XCTAssertEqual(DisplayWidth.of(text), expected)
      XCTAssertEqual(DisplayWidth.of(text.dropFirst()), DisplayWidth.of(String(text.dropFirst())))
    }
  }

  /// Property: the one-pass measure a listing takes of each title says what the two plain scans
  /// say (the width, and whether the sanitizer might change the text), on text rich in what either
  /// of them looks at: controls, C1, the bidi and zero-width marks, lead bytes 0xC2, 0xD8, 0xE2.
  func testTheOnePassMeasureAgreesWithWidthAndTheSanitizerScan() {
    let ranges: [ClosedRange<UInt32>] = [
      0x00...0x7F, 0x80...0xBF, 0x600...0x63F, 0x2000...0x20FF, 0x2500...0x25FF, 0x300...0x36F,
      0x4E00...0x9FFF, 0xFF00...0xFF65, 0x3000...0x303F, 0x1F300...0x1F64F, 0xE0000...0xE01EF,
    ]
    let singles: [Unicode.Scalar] = [
      "\n", "\t", "\r", "\u{1B}", "\u{7F}", "\u{9B}", "\u{61C}", "\u{200B}", "\u{202E}", "▾", "：",
    ]
    var generator = SeededRandomNumberGenerator(seed: 17)
    var flagged = 0
    for _ in 0..<5_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...16, using: &generator) {
        if Int.random(in: 0..<4, using: &generator) == 0 {
          scalars.append(singles.randomElement(using: &generator)!)
        } else if let scalar = Unicode.Scalar(
          UInt32.random(in: ranges.randomElement(using: &generator)!, using: &generator))
        {
          scalars.append(scalar)
        }
      }
      let bytes = Array(String(scalars).utf8)
      let measured = bytes.withUnsafeBufferPointer { DisplayWidth.measure(utf8: $0) }
      let scanned = bytes.withUnsafeBufferPointer { OutputSanitizer.mayNeedCleaning(utf8: $0) }
      XCTAssertEqual(measured.width, String(scalars).unicodeScalars.reduce(0) { $0 + DisplayWidth.of($1) }, "\(bytes)")
      XCTAssertEqual(measured.mayNeedCleaning, scanned, "\(bytes)")
      if scanned { flagged += 1 }
    }
    XCTAssertGreaterThan(flagged, 500, "too few texts the sanitizer looks at")
    XCTAssertLessThan(flagged, 4_500, "too few clean texts")
  }

  /// Every scalar of the three-byte ranges the byte reader takes a short cut through (ideographs
  /// led by 0xE4…0xE9, full-width forms led by 0xEF) and their neighbours, one by one.
  func testEveryThreeByteScalarHasItsOwnWidthFromBytes() {
    for value in UInt32(0x3000)...0xFFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "a\(scalar)b"
      let fromBytes = Array(text.utf8).withUnsafeBufferPointer { DisplayWidth.of(utf8: $0) }
      XCTAssertEqual(fromBytes, 2 + DisplayWidth.of(scalar), "U+\(String(value, radix: 16))")
    }
    XCTAssertEqual(DisplayWidth.of("1.1.2 练习：透镜及其应用（二）"), 6 + 2 * 12)
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
