import Foundation
import QuizEngine
import XCTest

@testable import CourseOutline

/// `find`: what it matches, and that a hostile course's huge title costs no more than a real one.
final class CourseSearchTests: XCTestCase {
  /// The ASCII shortcut folds exactly as the full NFKC, case and accent folding does.
  func testTheASCIIKeyIsTheFullFoldingOfASCIIText() {
    // Seeded, so a failure repeats on the next run.
    var generator = SeededRandomNumberGenerator(seed: 20_261_208)
    let samples =
      [
        "", "Force", "FORCE and MOTION 12", "a\u{1B}[2Jb\u{7F}c\tD",
        String((0..<128).map { Character(Unicode.Scalar($0)!) }),
      ]
      + (0..<500).map { _ in
        String(
          (0..<Int.random(in: 0...40, using: &generator)).map { _ in
            Character(Unicode.Scalar(UInt8.random(in: 0...127, using: &generator)))
          })
      }
    for text in samples {
      var visible = String.UnicodeScalarView()
      visible.append(contentsOf: text.unicodeScalars.filter { $0.properties.generalCategory != .control })
      let full = String(visible).precomposedStringWithCompatibilityMapping
        .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      XCTAssertEqual(Course.asciiSearchKey(text), full, text.debugDescription)
    }
    XCTAssertNil(Course.asciiSearchKey("Café"))
    XCTAssertEqual(Course.searchKey("ＣＡＦÉ"), "cafe")
  }

  func testAnASCIIQueryFindsAccentedAndWideTitlesAndTheOtherWayRound() throws {
    let course = try Fixtures.course(#"[{"chapterName": "Café Ｆｏｒｃｅ", "parts": ["cafe force"]}]"#)
    XCTAssertEqual(course.search("CAFE"), [0, 1])
    XCTAssertEqual(course.search("café"), [0, 1])
    XCTAssertEqual(course.search("ｆｏｒｃｅ"), [0, 1])
  }

  func testOnlyTheFirstHundredThousandCharactersOfATitleAreSearched() throws {
    let filler = String(repeating: "ab", count: Course.maximumSearchedTitleLength / 2)
    let course = try Fixtures.course(
      #"[{"chapterName": "\#(filler)", "parts": []}, {"chapterName": "x\#(filler)needle", "parts": []}]"#)
    XCTAssertEqual(course.search("abab"), [0, 1])
    XCTAssertEqual(course.search("needle"), [])
    XCTAssertEqual(Course.searchedPart(of: "第" + filler).unicodeScalars.count, Course.maximumSearchedTitleLength)
  }
}
