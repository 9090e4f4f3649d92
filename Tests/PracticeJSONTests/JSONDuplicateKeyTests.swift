import QuizEngine
import XCTest

@testable import PracticeJSON

/// Keys are compared as bytes when both are plain ASCII and as strings (canonical equivalence)
/// otherwise; the parser must find the same repeated key, at the same place, as comparing every
/// pair of decoded keys as strings does.
final class JSONDuplicateKeyTests: XCTestCase {
  func testRepeatsFoundAsStringComparisonFindsThem() {
    var generator = SeededRandomNumberGenerator(seed: 20_261_205)
    // (as written in JSON, the text it stands for); several spell one key, some differ in one byte.
    let keys: [(json: String, text: String)] = [
      ("id", "id"), ("type", "type"), ("hint", "hint"), ("tape", "tape"), ("typo", "typo"), ("", ""),
      ("a", "a"), ("\\u0061", "a"), ("K", "K"), ("\u{212A}", "\u{212A}"), ("é", "é"), ("e\u{301}", "e\u{301}"),
      ("\\u00e9", "é"), ("prompt", "prompt"), ("answer", "answer"), ("中文", "中文"), ("ab", "ab"), ("ba", "ba"),
    ]
    var repeats = 0
    for _ in 0..<5_000 {
      let chosen = (0..<Int.random(in: 1...6, using: &generator)).map { _ in keys.randomElement(using: &generator)! }
      var json = "{"
      var offsets: [Int] = []
      for (i, key) in chosen.enumerated() {
        if i > 0 { json += ", " }
        offsets.append(json.utf8.count)
        json += "\"\(key.json)\": \(i)"
      }
      json += "}"
      let repeated = chosen.indices.first { j in chosen[..<j].contains { $0.text == chosen[j].text } }
      do {
        let value = try JSONParser.parse(json)
        XCTAssertNil(repeated, json)
        XCTAssertEqual(value.members?.map(\.key), chosen.map(\.text), json)
      } catch {
        guard let repeated else {
          XCTFail("\(json): \(error)")
          continue
        }
        repeats += 1
        XCTAssertEqual(error.offset, offsets[repeated], json)
        XCTAssertEqual(error.message, "duplicate key \"\(chosen[repeated].text)\"", json)
      }
    }
    XCTAssertGreaterThan(repeats, 500)
  }

  /// Nested arrays and objects of every size read back as written (their elements gather in one
  /// scratch space shared by all open containers).
  func testNestedContainersReadAsWritten() throws {
    var generator = SeededRandomNumberGenerator(seed: 20_261_206)
    func randomValue(_ depth: Int) -> JSONValue {
      switch Int.random(in: 0..<(depth > 3 ? 3 : 5), using: &generator) {
      case 0: return .int(Int.random(in: -5...1_000, using: &generator))
      case 1: return .string(String(repeating: "中a", count: Int.random(in: 0...10, using: &generator)))
      case 2: return .bool(Bool.random(using: &generator))
      case 3: return .array((0..<Int.random(in: 0...7, using: &generator)).map { _ in randomValue(depth + 1) })
      default:
        return .object((0..<Int.random(in: 0...7, using: &generator)).map { ("k\($0)", randomValue(depth + 1)) })
      }
    }
    for _ in 0..<300 {
      let value = randomValue(0)
      let text = JSONWriter.compact(value)
      XCTAssertEqual(JSONWriter.compact(try JSONParser.parse(text)), text)
    }
    // Wider than the scratch space's first capacity, so it grows while containers are open.
    let wide = JSONValue.array((0..<300).map { i in .object((0..<40).map { ("k\($0)", .int(i)) }) })
    let text = JSONWriter.compact(wide)
    XCTAssertEqual(JSONWriter.compact(try JSONParser.parse(text)), text)
  }
}
