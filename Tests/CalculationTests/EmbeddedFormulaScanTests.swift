import Calculation
import XCTest

/// `CalculatedText.embeddedFormulas` scans bytes and counts its ranges in characters: on random texts
/// of braces, `=`, names, Chinese and combined characters it finds what a scan of the characters finds.
final class EmbeddedFormulaScanTests: XCTestCase {
  /// The scan as it was written over characters (the reference).
  static func characterScan(_ text: String) -> [EmbeddedFormula] {
    let characters = Array(text)
    var found: [EmbeddedFormula] = []
    var index = 0
    scan: while index + 1 < characters.count {
      guard characters[index] == "{", characters[index + 1] == "=" else {
        index += 1
        continue
      }
      var end = index + 2
      while end < characters.count {
        switch characters[end] {
        case "}":
          found.append(EmbeddedFormula(formula: String(characters[index + 2..<end]), range: index..<end + 1))
          index = end + 1
          continue scan
        case "{":
          var close = end + 1
          while close < characters.count, characters[close] != "}", characters[close] != "{" { close += 1 }
          guard close < characters.count, characters[close] == "}", close > end + 1 else { break }
          end = close + 1
          continue
        default:
          end += 1
          continue
        }
        break
      }
      index += 1
    }
    return found
  }

  func testTheByteScanFindsWhatTheCharacterScanFinds() {
    // No combining mark after a brace or `=`: there the two differ by design (Moodle scans code points).
    let pieces = ["{", "}", "=", "{=", "m", "V", "/", " ", "密度", "ρ", "👍🏽", "e\u{301}", "₁", "{m}", "{=m/V}", "g/cm³"]
    var generator = SystemRandomNumberGenerator()
    var withFormulas = 0
    for _ in 0..<5_000 {
      let count = Int.random(in: 0...14, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      let expected = Self.characterScan(text)
      XCTAssertEqual(CalculatedText.embeddedFormulas(in: text), expected, text)
      if !expected.isEmpty { withFormulas += 1 }
    }
    XCTAssertGreaterThan(withFormulas, 500)
  }

  func testRangesCountCharactersInChineseText() {
    let text = "密度 ρ = {m} g ÷ {V} cm³ = {=m/V} g/cm³，体积 {={V}*2}"
    let found = CalculatedText.embeddedFormulas(in: text)
    XCTAssertEqual(found.map(\.formula), ["m/V", "{V}*2"])
    let characters = Array(text)
    XCTAssertEqual(found.map { String(characters[$0.range]) }, ["{=m/V}", "{={V}*2}"])
  }
}
