import Foundation
import XCTest

@testable import QuizEngine

/// `MeasurementUnit.named` compares bytes before it compares strings (canonical equivalence): it must
/// find what the comparison of strings finds, for every listed spelling and its other normal forms.
final class UnitNameBytesTests: XCTestCase {
  /// The search as it was before the byte comparison, `==` on strings: the unit's symbol and the
  /// symbol it is shown with.
  static func namedByStringComparison(_ text: String) -> (canonical: String, shown: String)? {
    for unit in MeasurementUnit.all {
      if unit.symbol == text || unit.aliases.contains(text) { return (unit.canonicalSymbol, unit.symbol) }
      if unit.symbolForms.contains(text) { return (unit.canonicalSymbol, text) }
    }
    return nil
  }

  static var spellings: [String] { MeasurementUnit.all.flatMap { [$0.symbol] + $0.aliases + $0.symbolForms } }

  func testBytesFindWhatStringComparisonFinds() {
    var found = 0
    for spelling in Self.spellings {
      for text in [
        spelling, spelling.decomposedStringWithCanonicalMapping, spelling.precomposedStringWithCanonicalMapping,
      ] {
        guard let expected = Self.namedByStringComparison(text) else { continue }
        found += 1
        let unit = MeasurementUnit.named(text)
        XCTAssertEqual(unit?.canonicalSymbol, expected.canonical, text)
        XCTAssertEqual(unit?.symbol.utf8.elementsEqual(expected.shown.utf8), true, text)
      }
    }
    XCTAssertGreaterThanOrEqual(found, Self.spellings.count * 3)
  }

  /// The premise of the byte search: no two listed spellings are canonically equivalent, so the first
  /// byte match is the first string match.
  func testNoTwoSpellingsAreCanonicallyEquivalent() {
    let spellings = Self.spellings
    XCTAssertEqual(Set(spellings).count, spellings.count, "a spelling is listed twice")
  }
}
