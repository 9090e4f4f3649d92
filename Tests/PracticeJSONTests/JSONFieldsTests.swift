import Localization
import PracticeJSON
import XCTest

/// The typed field accessors every JSON reader uses: one wording, and the offset of the value at fault.
final class JSONFieldsTests: XCTestCase {
  let json = try! JSONParser.parse(#"{"s": "x", "n": 3, "b": true, "a": ["p", 2], "z": null, "f": 1.5}"#)

  func problem(_ body: () throws(JSONProblem) -> Void) -> String {
    do {
      try body()
      return "no problem"
    } catch {
      return "\(error.offset.map(String.init) ?? "-"): \(error.message)"
    }
  }

  func testValuesOfTheRightType() throws {
    XCTAssertEqual(try json.string("s"), "x")
    XCTAssertEqual(try json.wholeNumber("n"), 3)
    XCTAssertEqual(try json.boolean("b"), true)
    XCTAssertEqual(try json.array("a").count, 2)
    XCTAssertEqual(try json.numberOrNull("z"), nil)
    XCTAssertEqual(try json.numberOrNull("f"), 1.5)
    XCTAssertEqual(json.present("z"), nil)
    XCTAssertEqual(json.found("z"), "null")
    XCTAssertEqual(json.found("nope"), "none")
    XCTAssertEqual(json.offset(of: "n"), 16)
    XCTAssertEqual(json.offset(of: "nope"), 0)
  }

  func testProblemsNameTheFieldAndPointAtTheValue() {
    XCTAssertEqual(problem { () throws(JSONProblem) in _ = try json.string("nope") }, #"0: missing "nope""#)
    XCTAssertEqual(problem { () throws(JSONProblem) in _ = try json.string("n") }, #"16: "n" must be a string"#)
    XCTAssertEqual(
      problem { () throws(JSONProblem) in _ = try json.wholeNumber("f") }, #"61: "f" must be a whole number"#)
    XCTAssertEqual(problem { () throws(JSONProblem) in _ = try json.boolean("z") }, #"50: "z" must be true or false"#)
    XCTAssertEqual(
      problem { () throws(JSONProblem) in _ = try json.numberOrNull("s") }, #"6: "s" must be a number or null"#)
    XCTAssertEqual(
      problem { () throws(JSONProblem) in
        _ = try json.elements("a", mustHold: .trc("what a JSON array must hold", "strings")) { $0.string }
      },
      #"41: "a" must hold strings"#)
  }

  func testLocatorAgreesWithAScanOnLongLinesAndWideCharacters() {
    let text = "{\n" + String(repeating: "\"中\": 1, ", count: 300) + "\n\"x\": tru}"
    let bytes = Array(text.utf8)
    let locator = SourceLocator(bytes)
    for offset in stride(from: 0, through: bytes.count, by: 7) {
      var line = 1
      var column = 1
      for byte in bytes[..<offset] {
        if byte == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      XCTAssertEqual(locator.location(of: offset), SourceLocation(line: line, column: column), "offset \(offset)")
    }
  }
}
