import Foundation
import QuizEngine
import TextLayout
import XCTest

/// The Foundation-free text helpers give exactly what the Foundation calls they replaced gave.
final class FoundationParityTests: XCTestCase {
  /// Every Unicode scalar, alone, between letters and around one: trimmed as Foundation trims it.
  func testWhitespaceTrimmingAgreesWithFoundationOnEveryScalar() {
    for value in 0...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let alone = String(scalar)
      XCTAssertEqual(
        UnicodeWhitespace.isWhitespace(scalar), CharacterSet.whitespaces.contains(scalar), "U+\(hex(scalar))")
      XCTAssertEqual(
        UnicodeWhitespace.isWhitespaceOrNewline(scalar), CharacterSet.whitespacesAndNewlines.contains(scalar),
        "U+\(hex(scalar))")
      let text = alone + "a" + alone
      XCTAssertEqual(text.trimmingWhitespace(), text.trimmingCharacters(in: .whitespaces), "U+\(hex(scalar))")
      XCTAssertEqual(
        text.trimmingWhitespaceAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines),
        "U+\(hex(scalar))")
    }
  }

  /// Seeded random text of white space, line breaks, marks that combine with a space, letters and
  /// CJK: each trim equal to Foundation's, on `String` and on `Substring`.
  func testTrimmingAgreesWithFoundationOnMixedText() {
    let pieces = [
      " ", "\t", "\u{3000}", "\u{A0}", "\u{200B}", "\u{2003}", "\u{FEFF}", "\n", "\r\n", "\r", "\u{85}", "\u{2028}",
      "\u{301}", "\u{20DD}", "a", "课", "e\u{301}", "x y", ".", "!", "。", "！", "\u{1F600}", "\u{1F1EB}\u{1F1F7}",
    ]
    let marks = CharacterSet(charactersIn: ".!。！")
    var generator = SeededRandomNumberGenerator(seed: 17)
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...7, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      let scalars = "\(text.unicodeScalars.map(hex))"
      XCTAssertEqual(text.trimmingWhitespace(), text.trimmingCharacters(in: .whitespaces), scalars)
      XCTAssertEqual(
        text.trimmingWhitespaceAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines), scalars)
      XCTAssertEqual(
        text.trimmingScalars(where: { ".!。！".unicodeScalars.contains($0) }), text.trimmingCharacters(in: marks),
        scalars)
      let inner = text.dropFirst()
      XCTAssertEqual(inner.trimmingWhitespace(), inner.trimmingCharacters(in: .whitespaces), scalars)
    }
  }

  /// `String(printf:)` against `String(format:)` for the formats the product uses, over seeded
  /// random doubles of every magnitude, halfway cases of two decimals, and the special values.
  func testPrintfAgreesWithStringFormat() {
    var generator = SeededRandomNumberGenerator(seed: 17)
    var values: [Double] = [
      0, -0.0, 1, -1, 0.5, 1.5, 2.5, 0.125, 0.375, 2.675, 1.005, 1e-7, 1e21, 1e300, -1e-300, .pi,
      .greatestFiniteMagnitude, .leastNonzeroMagnitude, .infinity, -.infinity, .nan, 123_456_789_012.345_678,
    ]
    for _ in 0..<20_000 {
      values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
      values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 1_000)
      values.append(Double(Int.random(in: -10_000...10_000, using: &generator)) / 200)
      values.append(Double.random(in: -1e6...1e6, using: &generator))
    }
    for value in values {
      for format in ["%.12g", "%.2f", "%.1f"] {
        XCTAssertEqual(String(printf: format, value), String(format: format, value), "\(format) of \(value)")
      }
    }
  }

  func testPrintfExamples() {
    XCTAssertEqual(String(printf: "%.2f", 2.675), "2.67")
    XCTAssertEqual(String(printf: "%.12g", 0.1 + 0.2), "0.3")
    XCTAssertEqual(String(printf: "%.1f", -0.04), "-0.0")
    XCTAssertEqual(String(printf: "%.2f", 1e300).count, 304)
  }

  func testTrimmingExamples() {
    XCTAssertEqual(" \u{301}a ".trimmingWhitespace(), "\u{301}a")
    XCTAssertEqual("\u{200B}x\u{3000}".trimmingWhitespace(), "x")
    XCTAssertEqual(" x\r\n".trimmingWhitespace(), "x\r\n")
    XCTAssertEqual(" x\r\n".trimmingWhitespaceAndNewlines(), "x")
    XCTAssertEqual("¡hola!".trimmingScalars { $0 == "!" || $0 == "¡" }, "hola")
  }

  private func hex(_ scalar: Unicode.Scalar) -> String { String(scalar.value, radix: 16) }
}
