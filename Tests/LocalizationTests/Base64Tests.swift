import Foundation
import XCTest

@testable import Localization

/// The embedded catalogs' base64 decoder must read what Foundation reads and refuse what it refuses.
final class Base64Tests: XCTestCase {
  func testDecodesAsFoundationDoesForEveryLengthAndPadding() {
    var generator = SystemRandomNumberGenerator()
    for length in 0..<40 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let text = Data(bytes).base64EncodedString()
      XCTAssertEqual(Catalog.decodedBase64(text), bytes, text)
    }
  }

  /// Stricter than Foundation, which reads `ab=c` and `====`: the catalogs are written by `make catalogs`.
  func testRefusesWhatIsNotBase64() {
    for text in ["a", "abc", "ab=c", "a===", "====", "ab==cd==", "ab c", "ab\ncd==", "ab-_"] {
      XCTAssertNil(Catalog.decodedBase64(text), text)
    }
  }

  func testTheEmbeddedChineseCatalogDecodes() {
    XCTAssertNotNil(Catalog.embedded(.chinese))
    XCTAssertEqual(Catalog.embeddedMO.values.compactMap(Catalog.decodedBase64).count, Catalog.embeddedMO.count)
  }
}
