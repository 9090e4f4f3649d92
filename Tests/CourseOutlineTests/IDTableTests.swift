import XCTest

@testable import CourseOutline

/// `IDTable` stands in for `[String: Int]` where a course's ids are indexed: it must answer as the
/// dictionary does, for any ids, however many, whatever their hashes.
final class IDTableTests: XCTestCase {
  func testAnswersAsADictionaryDoesOnRandomIds() {
    var generator = SystemRandomNumberGenerator()
    // Few letters and short ids, so that ids repeat; "e\u{301}" and "é" are one id to a String.
    let pieces = ["a", "b", "1", ".", "é", "e\u{301}", "章", "-"]
    for round in 0..<40 {
      var table = IDTable(minimumCapacity: round % 3 == 0 ? 0 : 50)
      var dictionary: [String: Int] = [:]
      for value in 0..<(round * 25) {
        let id = (0..<Int.random(in: 0...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
          .joined()
        if value % 2 == 0 {
          XCTAssertEqual(table.updateValue(value, forKey: id), dictionary.updateValue(value, forKey: id), id)
        } else {
          let had = dictionary[id]
          if had == nil { dictionary[id] = value }
          XCTAssertEqual(table.keepingFirst(value, forKey: id), had, id)
        }
      }
      XCTAssertEqual(table.count, dictionary.count)
      for (id, value) in dictionary { XCTAssertEqual(table[id], value, id) }
      XCTAssertNil(table["zz"])
    }
  }

  func testATableOfUniqueKeysIsTheDictionaryOfThemAndARepeatIsRefused() throws {
    var generator = SystemRandomNumberGenerator()
    for count in [0, 1, 7, 300, 5_000] {
      var unique = Set<String>()
      while unique.count < count { unique.insert("n\(UInt32.random(in: 0...UInt32.max, using: &generator))") }
      let keys = Array(unique)
      let table = try XCTUnwrap(IDTable(uniqueKeys: keys, values: Array(keys.indices)))
      XCTAssertEqual(table.count, count)
      for (i, key) in keys.enumerated() { XCTAssertEqual(table[key], i, key) }
      XCTAssertNil(table["m1"])
      if let key = keys.randomElement(using: &generator) {
        var repeated = keys
        repeated.insert(key, at: Int.random(in: 0...keys.count, using: &generator))
        XCTAssertNil(IDTable(uniqueKeys: repeated, values: Array(repeated.indices)), key)
      }
    }
    // Canonically equal spellings are one key, as in a dictionary.
    XCTAssertNil(IDTable(uniqueKeys: ["caf\u{E9}", "x", "cafe\u{301}"], values: [0, 1, 2]))
  }

  func testKeepingFirstKeepsTheFirstNumberAndUpdateValueTheLast() {
    var table = IDTable()
    XCTAssertNil(table.keepingFirst(10, forKey: "q1"))
    XCTAssertEqual(table.keepingFirst(20, forKey: "q1"), 10)
    XCTAssertEqual(table.keepingFirst(30, forKey: "q1"), 10)
    XCTAssertEqual(table.updateValue(40, forKey: "q1"), 10)
    XCTAssertEqual(table["q1"], 40)
    XCTAssertEqual(table.count, 1)
  }

  func testAHundredThousandIdsGrownFromEmpty() {
    var table = IDTable()
    for i in 0..<100_000 { XCTAssertNil(table.updateValue(i, forKey: "c\(i / 100).\(i % 100)")) }
    XCTAssertEqual(table.count, 100_000)
    XCTAssertEqual(table["c999.99"], 99_999)
    XCTAssertEqual(table["c0.0"], 0)
    XCTAssertNil(table["c1000.0"])
  }
}
