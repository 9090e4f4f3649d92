import XCTest

@testable import Localization

/// The catalogs compiled into the program are read without a check at start (``Catalog/embedded(_:)``):
/// here each is checked as a file from elsewhere is, and read both ways.
final class EmbeddedCatalogTests: XCTestCase {
  func testEveryCompiledInCatalogPassesTheChecksOfAFileFromElsewhere() throws {
    XCTAssertEqual(Catalog.embeddedCodes, ["zh_CN"])
    for code in Catalog.embeddedCodes {
      let bytes = try XCTUnwrap(Catalog.embeddedMO(code), code)
      let file = try MOFile(bytes)
      XCTAssertTrue(file.isSorted, "\(code): msgfmt sorts the messages; the in-place lookup needs them sorted")
      XCTAssertGreaterThan(file.count, 100, code)
    }
    XCTAssertNil(Catalog.embeddedMO("en"))
  }

  func testACompiledInCatalogReadsAsTheCheckedReadingDoes() throws {
    for code in Catalog.embeddedCodes {
      let checked = try Catalog(mo: try XCTUnwrap(Catalog.embeddedMO(code)))
      let compiledIn = try XCTUnwrap(Catalog.embedded(Language(code: code)), code)
      let all = checked.translations
      XCTAssertEqual(compiledIn.translations, all, code)
      XCTAssertEqual(compiledIn.pluralRule, checked.pluralRule, code)
      for msgid in all.keys { XCTAssertEqual(compiledIn.translation(of: msgid), all[msgid], msgid) }
      XCTAssertNil(compiledIn.translation(of: "zzzz not a message"))
    }
  }

  func testLanguagesWithACompiledInCatalog() {
    XCTAssertEqual(Language.available.map(\.code), ["en"] + Catalog.embeddedCodes)
    XCTAssertNil(Catalog.embedded(.english))
    XCTAssertNotNil(Catalog.embedded(.chinese))
  }
}
