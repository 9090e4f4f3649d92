import Localization
import PracticeJSON
import PracticeTestSupport
import XCTest

/// Runs the public JSONTestSuite, vendored under JSONTestSuite/ (MIT, see its LICENSE) so every clone has it.
final class JSONTestSuiteTests: XCTestCase {
  static let suite = Repository.root.appendingPathComponent("Tests/PracticeJSONTests/JSONTestSuite/test_parsing")

  func testAcceptsEveryValidAndRejectsEveryInvalidFile() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.suite.path)
    var checked = 0
    for name in files.sorted() where name.hasSuffix(".json") {
      let bytes = [UInt8](try Data(contentsOf: Self.suite.appendingPathComponent(name)))
      let result = Result { () throws(JSONParseError) in try JSONParser.parse(bytes) }
      // Duplicate keys are valid JSON but rejected here on purpose: a course must not say two things.
      let duplicateKeys = name.contains("duplicated_key")
      if name.hasPrefix("y_") && !duplicateKeys {
        if case .failure(let error) = result { XCTFail("\(name) should parse: \(error)") }
      } else if name.hasPrefix("n_") {
        if case .success = result { XCTFail("\(name) should be rejected") }
      }
      checked += 1
    }
    XCTAssertGreaterThan(checked, 300)
  }

  /// Every rejection reads in Chinese as well: no English word is left in a translated message.
  func testEveryRejectionIsTranslated() throws {
    let chinese = Localizer(language: .chinese)
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.suite.path)
    var messages: Set<String> = []
    for name in files.sorted() where name.hasPrefix("n_") {
      let bytes = [UInt8](try Data(contentsOf: Self.suite.appendingPathComponent(name)))
      do {
        _ = try JSONParser.parse(bytes)
      } catch {
        let text = chinese.tr(error.text)
        messages.insert(error.message)
        // Quoted characters (`','`, `'true'`) and `\u` escapes are the file's own text.
        let words = text.replacingOccurrences(
          of: #"'[^']*'|\\u[0-9a-fA-F]*|UTF-8|0x[0-9A-F]+"#, with: "", options: .regularExpression)
        XCTAssertNil(words.range(of: "[A-Za-z]{2,}", options: .regularExpression), "\(name): \(text)")
      }
    }
    XCTAssertGreaterThan(messages.count, 15)
  }

  func testRoundTripKeepsTextAndNumbers() throws {
    let text = #"{"a":[1,-2.5,true,null,"中文\n\"q\""],"b":{},"c":1490889600000}"#
    XCTAssertEqual(JSONWriter.compact(try JSONParser.parse(text)), text)
  }

  func testErrorsNameLineAndColumn() {
    XCTAssertThrowsError(try JSONParser.parse("{\n  \"a\": tru\n}")) { error in
      XCTAssertEqual("\(error)", "2:8: invalid literal, expected 'true'")
    }
    XCTAssertThrowsError(try JSONParser.parse(#"{"a": 1, "a": 2}"#)) { error in
      XCTAssertEqual("\(error)", #"1:10: duplicate key "a""#)
    }
  }

  func testNestingPastTheLimitIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 1_000_000)
    XCTAssertThrowsError(try JSONParser.parse(deep)) { error in
      XCTAssertEqual((error as? JSONParseError)?.message, "nesting deeper than 512 levels")
    }
  }
}
