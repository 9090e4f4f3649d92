import PracticeFiles
import PracticeTestSupport
import XCTest

/// The one check of a text file's encoding, shared by the course loader and the question-bank readers.
final class TextEncodingGuessTests: XCTestCase {
  let text = "[{\"chapterName\": \"Café 第一章\", \"parts\": []}]\n"

  func testUTF16WithAndWithoutAByteOrderMarkIsToldByEndianness() {
    let cases: [(name: String, bytes: [UInt8])] = [
      ("UTF-16LE", EncodedText.utf16(text, bigEndian: false, byteOrderMark: true)),
      ("UTF-16LE", EncodedText.utf16(text, bigEndian: false)),
      ("UTF-16BE", EncodedText.utf16(text, bigEndian: true, byteOrderMark: true)),
      ("UTF-16BE", EncodedText.utf16(text, bigEndian: true)),
    ]
    for (name, bytes) in cases {
      let guess = TextEncodingGuess.of(bytes)
      XCTAssertEqual(guess?.name, name, "\(bytes.prefix(6))")
      XCTAssertEqual(guess?.offset, 0)
    }
    XCTAssertEqual(TextEncodingGuess.Encoding.utf16LittleEndian.rawValue, "UTF-16LE")
    XCTAssertEqual(TextEncodingGuess.Encoding.utf16BigEndian.rawValue, "UTF-16BE")
  }

  func testWindows1252IsNamedAtItsFirstByteThatIsNotUTF8() {
    // "Café “quoted”" as Windows-1252: é is 0xE9, the curly quotes 0x93 and 0x94.
    let bytes = Array("Caf".utf8) + [0xE9] + Array(" ".utf8) + [0x93] + Array("quoted".utf8) + [0x94]
    XCTAssertEqual(TextEncodingGuess.of(bytes), TextEncodingGuess(encoding: .windows1252, offset: 3, byte: 0xE9))
    XCTAssertEqual(TextEncodingGuess.of(bytes)?.name, "Windows-1252")
  }

  func testUTF8IsNoFinding() {
    XCTAssertNil(TextEncodingGuess.of(Array(text.utf8)))
    XCTAssertNil(TextEncodingGuess.of([0xEF, 0xBB, 0xBF] + Array(text.utf8)))
    XCTAssertNil(TextEncodingGuess.of([]))
    // One stray NUL in a long UTF-8 text is not UTF-16.
    XCTAssertNil(TextEncodingGuess.of(Array(String(repeating: text, count: 5).utf8) + [0] + Array(text.utf8)))
  }

  func testDamagedUTF8IsNotTakenForWindows1252() {
    // A valid multi-byte character, then one cut short: damaged UTF-8, not another encoding.
    let bytes = Array("第一章 ".utf8) + [0xE4, 0xB8] + Array(" x".utf8)
    let guess = TextEncodingGuess.of(bytes)
    XCTAssertEqual(guess?.encoding, nil)
    XCTAssertEqual(guess?.offset, Array("第一章 ".utf8).count)
    // Bytes Windows-1252 leaves undefined (0x81) are not Windows-1252 either.
    XCTAssertEqual(
      TextEncodingGuess.of(Array("a".utf8) + [0x81]), TextEncodingGuess(encoding: nil, offset: 1, byte: 0x81))
  }

  func testFirstInvalidUTF8RefusesOverlongFormsAndSurrogates() {
    XCTAssertNil(TextEncodingGuess.firstInvalidUTF8(Array("aé中😀".utf8)[...]))
    for bad: [UInt8] in [
      [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F],
    ] {
      XCTAssertEqual(TextEncodingGuess.firstInvalidUTF8((Array("ab".utf8) + bad)[...]), 2, "\(bad)")
    }
  }
}
