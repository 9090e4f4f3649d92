import QuizEngine
import TextLayout
import XCTest

final class OutputSanitizerTests: XCTestCase {
  func testControlsAreShownVisiblyExceptNewlineAndTab() {
    XCTAssertEqual(OutputSanitizer.clean("a\u{1B}[2Jb\u{07}\u{9B}c\r"), "a\\u{1B}[2Jb\\u{7}\\u{9B}c\\u{D}")
    XCTAssertEqual(OutputSanitizer.clean("line\n\tnext"), "line\n\tnext")
    XCTAssertEqual(OutputSanitizer.clean("\u{7F}"), "\\u{7F}")
    // CSV's CRLF line ends stay; a lone CR (which overwrites the line on a terminal) does not.
    XCTAssertEqual(OutputSanitizer.clean("a,b\r\nc\rd\r"), "a,b\r\nc\\u{D}d\\u{D}")
    XCTAssertFalse(OutputSanitizer.needsCleaning("a\r\nb\r\n"))
  }

  func testBidiAndZeroWidthCharactersAreNamed() {
    XCTAssertEqual(OutputSanitizer.clean("abc\u{202E}fed\u{2066}\u{200B}"), "abc<U+202E>fed<U+2066><U+200B>")
    XCTAssertEqual(OutputSanitizer.clean("\u{61C}"), "<U+061C>")
  }

  func testOrdinaryTextIsUntouched() {
    for text in ["", "熔化 ab", "José", "👩‍👩‍👧", "é", "\u{FEFF}bom", "a\u{200D}b"] {
      XCTAssertEqual(OutputSanitizer.clean(text), text)
      XCTAssertFalse(OutputSanitizer.needsCleaning(text))
    }
  }

  /// The byte scan that lets most text through undecoded must never let an unsafe scalar by,
  /// wherever it stands in the text.
  func testEveryUnsafeScalarIsFoundAmongSafeText() {
    for value in UInt32(0)...0x2FFFF {
      guard let scalar = Unicode.Scalar(value), OutputSanitizer.kind(of: scalar) != nil else { continue }
      // (A CR before a newline is CSV's line end, which stays.)
      let next = scalar == "\r" ? "x" : "\n"
      for text in ["\(scalar)", "熔化 ▸ \(scalar)", "\(scalar)\(next)✓ ab", "·\n\t\(scalar)é"] {
        XCTAssertTrue(OutputSanitizer.needsCleaning(text), "U+\(String(value, radix: 16))")
        XCTAssertTrue(Array(text.utf8).withUnsafeBufferPointer { OutputSanitizer.mayNeedCleaning(utf8: $0) })
      }
    }
    XCTAssertFalse(OutputSanitizer.needsCleaning("  ▾ 1.2  熔化和凝固  ✓ · best 43%\n\t▸ 1.3\n"))
    XCTAssertFalse(
      Array("  ▾ 1.2  熔化和凝固  ✓ · best 43%\n\t▸ 1.3\n".utf8).withUnsafeBufferPointer {
        OutputSanitizer.mayNeedCleaning(utf8: $0)
      })
  }

  /// The scan reads eight bytes at a time: an unsafe scalar is found at any offset in a long
  /// line, whichever word its bytes fall in.
  func testEveryUnsafeScalarIsFoundAtEveryOffsetOfALongLine() {
    let unsafe: [Unicode.Scalar] = [
      "\u{0}", "\u{1B}", "\r", "\u{1F}", "\u{7F}", "\u{80}", "\u{9B}", "\u{9F}",
      "\u{61C}", "\u{200B}", "\u{200E}", "\u{202E}", "\u{2060}", "\u{2066}", "\u{2069}",
    ]
    for scalar in unsafe {
      for offset in 0..<24 {
        let text = String(repeating: "a", count: offset) + "\(scalar)x" + "熔化和凝固：光现象（一）"
        XCTAssertTrue(
          Array(text.utf8).withUnsafeBufferPointer { OutputSanitizer.mayNeedCleaning(utf8: $0) },
          "U+\(String(scalar.value, radix: 16)) after \(offset) bytes")
        XCTAssertTrue(OutputSanitizer.needsCleaning(text))
      }
    }
  }

  /// The word-at-a-time scan says exactly what a plain byte-by-byte scan says, on random bytes
  /// rich in the bytes it looks at.
  func testTheWordScanAgreesWithAByteScan() {
    func byteScan(_ bytes: [UInt8]) -> Bool {
      for (i, byte) in bytes.enumerated() {
        if byte < 0x20 && byte != 0x0A && byte != 0x09 { return true }
        if byte == 0x7F { return true }
        guard i + 1 < bytes.count, bytes[i + 1] < 0xC0 else { continue }
        let next = bytes[i + 1]
        if (byte == 0xC2 && next <= 0x9F) || (byte == 0xD8 && next == 0x9C) || (byte == 0xE2 && next <= 0x81) {
          return true
        }
      }
      return false
    }
    let alphabet: [UInt8] = [
      0x09, 0x0A, 0x1B, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0x81, 0x9C, 0x9F, 0xA0, 0xBF, 0xC2, 0xD8,
      0xE2, 0xE5, 0xEF, 0x96, 0xB8,
    ]
    // Seeded, so a failure repeats on the next run.
    var generator = SeededRandomNumberGenerator(seed: 20_261_203)
    var found = 0
    for _ in 0..<20_000 {
      let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        Int.random(in: 0..<8, using: &generator) == 0 ? alphabet.randomElement(using: &generator)! : 0x61
      }
      let expected = byteScan(bytes)
      if expected { found += 1 }
      XCTAssertEqual(bytes.withUnsafeBufferPointer { OutputSanitizer.mayNeedCleaning(utf8: $0) }, expected, "\(bytes)")
    }
    XCTAssertGreaterThan(found, 1_000)
    XCTAssertLessThan(found, 19_000, "too few texts without an unsafe byte")
  }

  func testColorIsKeptOnlyWhenAskedAndOnlyAsColor() {
    let painted = "\u{1B}[32mok\u{1B}[0m"
    XCTAssertEqual(OutputSanitizer.clean(painted, keepingColor: true), painted)
    XCTAssertEqual(OutputSanitizer.clean(painted), "\\u{1B}[32mok\\u{1B}[0m")
    XCTAssertEqual(OutputSanitizer.clean("\u{1B}]52;c;x\u{07}", keepingColor: true), "\\u{1B}]52;c;x\\u{7}")
    XCTAssertEqual(OutputSanitizer.clean("\u{1B}[2J", keepingColor: true), "\\u{1B}[2J")
  }

  /// Cleaning is idempotent: cleaned text has nothing left to clean.
  func testCleanedTextNeedsNoCleaning() {
    // Seeded, so a failure repeats on the next run.
    var generator = SeededRandomNumberGenerator(seed: 20_261_204)
    for _ in 0..<500 {
      let scalars = (0..<20).map { _ -> Unicode.Scalar in
        let pick = [
          UInt32.random(in: 0..<0x100, using: &generator), UInt32.random(in: 0x2000..<0x2070, using: &generator),
        ]
        return Unicode.Scalar(pick.randomElement(using: &generator)!)!
      }
      let text = String(String.UnicodeScalarView(scalars))
      let cleaned = OutputSanitizer.clean(text)
      XCTAssertFalse(OutputSanitizer.needsCleaning(cleaned), cleaned.debugDescription)
      XCTAssertEqual(OutputSanitizer.clean(cleaned), cleaned)
    }
  }
}
