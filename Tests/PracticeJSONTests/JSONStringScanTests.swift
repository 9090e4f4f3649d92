import QuizEngine
import XCTest

@testable import PracticeJSON

/// A string's bytes are scanned eight at a time until one of them ends the string, starts an escape
/// or is a control character; from there byte by byte. Both ways must read the same.
final class JSONStringScanTests: XCTestCase {
  /// The word test says what a look at each of its bytes says.
  func testTheWordTestIsExact() {
    var generator = SeededRandomNumberGenerator(seed: 20_261_201)
    let interesting: [UInt8] = [
      0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF,
    ]
    for _ in 0..<20_000 {
      let bytes = (0..<8).map { _ in
        Bool.random(using: &generator)
          ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
      }
      let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
      let expected = bytes.contains { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }
      XCTAssertEqual(JSONScanner.hasQuoteBackslashOrControl(word), expected, "\(bytes)")
    }
  }

  /// Strings of every length, their escapes and multi-byte characters at every offset from the start
  /// of the file, read back as written.
  func testStringsReadAsWritten() throws {
    var generator = SeededRandomNumberGenerator(seed: 20_261_202)
    let pieces: [(json: String, text: String)] = [
      ("a", "a"), ("Z", "Z"), (" ", " "), ("中", "中"), ("é", "é"), ("😀", "😀"), ("\\\"", "\""), ("\\\\", "\\"),
      ("\\n", "\n"), ("\\u00e9", "é"), ("\\ud83d\\ude00", "😀"), ("/", "/"), ("\u{7F}", "\u{7F}"),
    ]
    for _ in 0..<3_000 {
      let chosen = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
      let padding = String(repeating: " ", count: Int.random(in: 0...8, using: &generator))
      let json = padding + "\"" + chosen.map(\.json).joined() + "\""
      XCTAssertEqual(try JSONParser.parse(json).string, chosen.map(\.text).joined(), json)
    }
  }

  /// A control character or a byte that is not UTF-8, anywhere in a long string, is reported where it is.
  func testABadByteIsReportedWhereItIs() {
    var generator = SeededRandomNumberGenerator(seed: 20_261_203)
    for _ in 0..<1_000 {
      var bytes = Array("\"\(String(repeating: "中a", count: Int.random(in: 0...12, using: &generator)))\"".utf8)
      let position = Int.random(in: 1..<bytes.count, using: &generator)
      let bad: UInt8 = Bool.random(using: &generator) ? 0x01 : 0xFF
      bytes.insert(bad, at: position)
      XCTAssertThrowsError(try JSONParser.parse(bytes)) { error in
        let offset = (error as? JSONParseError)?.offset
        if bad == 0x01 {
          XCTAssertEqual(offset, position, "\(bytes)")
        } else {
          // An 0xFF inside a three-byte character makes the character's lead byte the first invalid one.
          XCTAssertTrue(
            offset.map { (position - 2)...position ~= $0 } ?? false, "\(String(describing: offset)) \(bytes)")
        }
      }
    }
  }
}

/// A string without escapes is validated through a C string; it must accept and refuse what
/// `String(validating:as:)` does.
final class JSONStringValidationTests: XCTestCase {
  func testValidatesAsTheStandardLibraryDoes() {
    var generator = SeededRandomNumberGenerator(seed: 20_261_204)
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("中".utf8), Array("é".utf8), Array("😀".utf8), [0x80], [0xC3], [0xE4, 0xB8],
      [0xF0, 0x9F, 0x98],
      [0xFF], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x7F],
    ]
    var valid = 0
    for _ in 0..<5_000 {
      let bytes = (0..<Int.random(in: 0...12, using: &generator)).flatMap { _ in
        pieces.randomElement(using: &generator)!
      }
      let expected = String(validating: bytes, as: UTF8.self)
      if expected != nil { valid += 1 }
      let actual = bytes.withUnsafeBufferPointer { JSONScanner.validatedString($0) }
      XCTAssertEqual(actual.map { Array($0.utf8) }, expected.map { Array($0.utf8) }, "\(bytes)")
    }
    XCTAssertGreaterThan(valid, 200)
  }
}
