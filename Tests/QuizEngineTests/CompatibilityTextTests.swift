import Foundation
import XCTest

@testable import QuizEngine

/// The table path must give exactly what Foundation gives, scalar by scalar and for mixed text.
final class CompatibilityTextTests: XCTestCase {
  /// Every scalar in the table's reach, and some just outside it.
  static let reach: [Unicode.Scalar] = {
    let ranges: [ClosedRange<UInt32>] = [
      0x00...0x7F, 0xB0...0xB9, 0xD7...0xD7, 0xF7...0xF7, 0x2014...0x201D, 0x2070...0x207B, 0x2103...0x2103,
      0x2109...0x2109, 0x2212...0x2212, 0x3BB...0x3BD, 0x3000...0x3011, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xFF01...0xFF5E, 0x2010...0x2013, 0x3A0...0x3D0, 0x207F...0x208F, 0x218F...0x219B, 0x245F...0x2475,
    ]
    return ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }
  }()

  func testEachScalarMapsAsFoundationDoes() {
    var mapped = 0
    for scalar in Self.reach {
      let text = String(scalar)
      guard let bytes = CompatibilityText.tableMapped(text, foldingCase: false) else { continue }
      mapped += 1
      XCTAssertEqual(
        String(decoding: bytes, as: UTF8.self), text.precomposedStringWithCompatibilityMapping,
        "U+\(String(scalar.value, radix: 16, uppercase: true))")
      let folded = CompatibilityText.tableMapped(text, foldingCase: true).map { String(decoding: $0, as: UTF8.self) }
      XCTAssertEqual(
        folded, text.precomposedStringWithCompatibilityMapping.folding(options: [.caseInsensitive], locale: nil),
        "U+\(String(scalar.value, radix: 16, uppercase: true)) folded")
    }
    // ASCII, both CJK blocks, full-width ASCII and the marks: the table must not have shrunk unnoticed.
    XCTAssertGreaterThan(mapped, 128 + 6_592 + 20_992 + 94 + 31 + 23 + 10 + 12 + 20 + 1)
  }

  func testScalarsBeyondTheTableGoToFoundation() {
    for text in ["é", "e\u{301}", "Ω", "ß", "Μ", "한", "\u{F900}", "…", "½", "İ", "\u{00A0}", "\u{2028}", "ς", "↚", "ά"]
    {
      XCTAssertNil(CompatibilityText.tableMapped(text, foldingCase: true), text)
    }
  }

  func testNormalizedAnswersEqualFoundationsForMixedText() {
    var generator = SeededRandomNumberGenerator(seed: 20_261_129)
    let alphabet =
      Self.reach.map { String($0) } + [
        " ", " ", "\t", "\n", "\r\n", "A", "Ｚ", "\u{3000}", "é", "e\u{301}", "ß", "\u{00A0}",
      ]
    for _ in 0..<3_000 {
      let length = Int.random(in: 0...12, using: &generator)
      let string = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
      XCTAssertEqual(
        AnswerText.normalize(string), AnswerText.normalizeWithFoundation(string),
        "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
      XCTAssertEqual(CompatibilityText.nfkc(string), string.precomposedStringWithCompatibilityMapping)
    }
  }

  func testUnitKeysIgnoreWidthCaseAndSpaces() {
    XCTAssertEqual(MeasurementUnit.key("Ｋｇ / ｍ³"), "kg/m3")
    XCTAssertEqual(MeasurementUnit.key("℃"), "°c")
    XCTAssertEqual(MeasurementUnit.named("ｇ／ｃｍ３")?.symbol, MeasurementUnit.named("g/cm3")?.symbol)
  }
}

/// The table works on UTF-8 bytes: text of one-, two-, three- and four-byte scalars, in and out of its
/// reach, maps as Foundation maps it or goes to Foundation.
final class CompatibilityTextBytesTests: XCTestCase {
  func testMixedWidthsMapAsFoundationDoes() {
    var generator = SeededRandomNumberGenerator(seed: 20_261_201)
    let alphabet = [
      "a", "Z", " ", "\r\n", "\u{7F}", "°", "×", "é", "²", "µ", "ρ", "ς", "ا", "–", "“", "−", "℃", "①", "⁵", "₉",
      "、", "。", "【", "\u{3000}", "㐀", "中", "鿿", "Ａ", "ｚ", "～", "￥", "😀", "𠀀", "\u{E000}",
    ]
    var mapped = 0
    for _ in 0..<3_000 {
      let length = Int.random(in: 0...10, using: &generator)
      let string = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
      for foldingCase in [false, true] {
        guard let bytes = CompatibilityText.tableMapped(string, foldingCase: foldingCase) else { continue }
        mapped += 1
        let nfkc = string.precomposedStringWithCompatibilityMapping
        XCTAssertEqual(
          String(decoding: bytes, as: UTF8.self),
          foldingCase ? nfkc.folding(options: [.caseInsensitive], locale: nil) : nfkc,
          "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
      }
      XCTAssertEqual(AnswerText.normalizedUTF8(string), Array(AnswerText.normalizeWithFoundation(string).utf8))
    }
    XCTAssertGreaterThan(mapped, 300)
  }
}

/// `isBlank` decides from the first byte when it can: it must say what a walk over the characters says.
final class BlankTextTests: XCTestCase {
  func testTheFirstByteSaysWhatTheCharactersSay() {
    var firsts: [Unicode.Scalar] = (0...0x3100).compactMap(Unicode.Scalar.init)
    firsts += [0x3000, 0x4E00, 0x9FFF, 0xFEFF, 0xFF01, 0x1F600, 0x20000].compactMap(Unicode.Scalar.init)
    let rests = ["", " ", "a", "\u{301}", "\u{3000}", "中", "\n"]
    for first in firsts {
      for rest in rests {
        let text = String(first) + rest
        XCTAssertEqual(AnswerText.isBlank(text), text.allSatisfy(\.isWhitespace), "U+\(String(first.value, radix: 16))")
      }
    }
    XCTAssertTrue(AnswerText.isBlank(""))
  }
}
