import Foundation
import PracticeJSON
import XCTest

@testable import ProgressStorage
@testable import QuizEngine

/// The tree-free journal line reader must read every line the store writes as the strict parser
/// does, and give up on anything else: a line it accepts is one the strict parser reads the same.
final class JournalLineFastPathTests: XCTestCase {
  func strict(_ line: [UInt8]) -> JournalRecord? {
    try? JournalRecord(json: JSONParser.parse(line))
  }

  func fast(_ line: [UInt8]) -> JournalRecord? {
    line.withUnsafeBufferPointer { JournalLineFastPath.record($0) }
  }

  func randomRecord(_ generator: inout SeededRandomNumberGenerator) -> JournalRecord {
    func text() -> String {
      // Half the time only what needs no escape, as real ids and answers mostly are.
      let plain = ["q", "熔化", "é", "😀", "#ch1.1", " ", "/", "\u{7f}", "\u{2028}", "-01"]
      let pieces = Bool.random(using: &generator) ? plain : plain + ["\"", "\\", "\n", "\u{0}", "\t"]
      return (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
    }
    let at = Date(millisecondsSince1970: Int64.random(in: 0...1_800_000_000_000, using: &generator))
    let review: ReviewMark? =
      switch Int.random(in: 0...5, using: &generator) {
      case 0: nil
      case 1: ReviewMark(rating: Int.random(in: 1...4, using: &generator), fuzz: 0.25)
      case 2: ReviewMark(rating: Int.random(in: 1...4, using: &generator), hinted: true)
      case 3: ReviewMark(rating: Int.random(in: 1...4, using: &generator), fuzz: 0.5, hinted: true)
      default: ReviewMark(rating: Int.random(in: 1...4, using: &generator))
      }
    // A calculated question's values on some answers and skips (names unique, as JSON objects need).
    var values: ShownValues?
    if Bool.random(using: &generator) {
      let names = ["m", "V", "ρ", text(), text()]
      var unique: [String] = []
      for name in names.prefix(Int.random(in: 1...5, using: &generator)) where !unique.contains(name) {
        unique.append(name)
      }
      values = ShownValues(unique.map { ($0, Bool.random(using: &generator) ? "54.0" : text()) })
    }
    let event: ProgressEvent =
      switch Int.random(in: 0...4, using: &generator) {
      case 0: .nodeOpened(node: text(), at: at)
      case 1:
        .skipped(
          session: text(), question: text(), node: text(), at: at, review: review ?? ReviewMark(rating: 1),
          values: values)
      case 2:
        .sessionEnded(session: text(), at: at, score: Bool.random(using: &generator) ? 66.7 : nil, endedEarly: true)
      default:
        .answered(
          session: text(), question: text(), node: text(), given: text(), correct: Bool.random(using: &generator),
          at: at, review: review, values: values)
      }
    return JournalRecord(
      writer: text(),
      sequence: Int.random(in: 0...Int(Int32.max), using: &generator) * Int.random(in: 1...3, using: &generator),
      event: event)
  }

  func testEveryLineTheStoreWritesReadsTheSameBothWays() {
    var generator = SeededRandomNumberGenerator(seed: 17)
    var fastOnes = 0
    for _ in 0..<3_000 {
      let record = randomRecord(&generator)
      let line = Array(record.line.dropLast())
      XCTAssertEqual(strict(line), record, String(decoding: line, as: UTF8.self))
      if let read = fast(line) {
        fastOnes += 1
        XCTAssertEqual(read, record, String(decoding: line, as: UTF8.self))
      }
    }
    // Escapes, fuzz and end records go the strict way; plain answers, skips and openings do not.
    XCTAssertGreaterThan(fastOnes, 200)
    let plain = JournalRecord(
      writer: "w", sequence: 3,
      event: .answered(
        session: "s", question: "ch1.1-q01", node: "#ch1.1", given: "熔化", correct: true,
        at: Date(millisecondsSince1970: 1_767_225_607_000), review: ReviewMark(rating: 3)))
    XCTAssertEqual(fast(Array(plain.line.dropLast())), plain)
    // A calculated question's answer and skip, as the program writes them, read without a tree.
    let calculated = JournalRecord(
      writer: "w", sequence: 4,
      event: .answered(
        session: "s", question: "ch2.3-c01", node: "ch2.3", given: "2.5", correct: false,
        at: Date(millisecondsSince1970: 1_767_225_607_000), review: ReviewMark(rating: 1),
        values: ShownValues([("m", "54.0"), ("V", "20")])))
    XCTAssertEqual(
      String(decoding: calculated.line, as: UTF8.self),
      #"{"writer":"w","seq":4,"type":"answer","time":1767225607000,"session":"s","question":"ch2.3-c01","node":"ch2.3","given":"2.5","correct":false,"values":{"m":"54.0","V":"20"},"rating":1}"#
        + "\n")
    XCTAssertEqual(fast(Array(calculated.line.dropLast())), calculated)
    let skipped = JournalRecord(
      writer: "w", sequence: 5,
      event: .skipped(
        session: "s", question: "ch2.3-c01", node: "ch2.3", at: Date(millisecondsSince1970: 1_767_225_608_000),
        review: ReviewMark(rating: 1), values: ShownValues([("t1", "-15")])))
    XCTAssertEqual(fast(Array(skipped.line.dropLast())), skipped)
  }

  /// Each line damaged at every byte (removed, doubled, or replaced by a byte that matters to JSON):
  /// whatever the fast path still accepts, the strict parser reads the same.
  func testDamagedLinesAreNeverReadDifferently() {
    var generator = SeededRandomNumberGenerator(seed: 18)
    let replacements = Array(#"0 9"\.e-,}{:tfn"#.utf8) + [0x80, 0xff, 0x0a]
    var checked = 0
    for _ in 0..<40 {
      let line = Array(randomRecord(&generator).line.dropLast())
      for i in line.indices {
        var mutations = [line, line]
        mutations[0].remove(at: i)
        mutations[1].insert(line[i], at: i)
        for r in replacements {
          var replaced = line
          replaced[i] = r
          mutations.append(replaced)
        }
        for mutated in mutations {
          guard let read = fast(mutated) else { continue }
          checked += 1
          XCTAssertEqual(strict(mutated), read, String(decoding: mutated, as: UTF8.self))
        }
      }
    }
    XCTAssertGreaterThan(checked, 100)
  }

  /// Lines the fast path leaves to the strict parser: other member orders, spaces, extra members, numbers
  /// with fractions, times out of range.
  func testUnusualLinesGoTheStrictWay() {
    let lines = [
      #"{"seq":1,"writer":"w","type":"open","time":1,"node":"n"}"#,
      #"{"writer":"w","seq":1,"type":"open","time":1,"node":"n","extra":1}"#,
      #"{"writer":"w", "seq":1,"type":"open","time":1,"node":"n"}"#,
      #"{"writer":"w","seq":1.0,"type":"open","time":1,"node":"n"}"#,
      #"{"writer":"w","seq":01,"type":"open","time":1,"node":"n"}"#,
      #"{"writer":"w","seq":1,"type":"open","time":253402300800000,"node":"n"}"#,
      #"{"writer":"w","seq":1,"type":"open","time":1,"node":"n\u0041"}"#,
      #"{"writer":"w","seq":1,"type":"answer","time":1,"session":"s","question":"q","node":"n","given":"g","correct":true,"rating":5}"#,
      #"{"writer":"w","seq":1,"type":"open","time":1,"node":"n"} "#,
      #"{"writer":"w","seq":1,"type":"answer","time":1,"session":"s","question":"q","node":"n","given":"g","correct":true,"values":{},"rating":3}"#,
      #"{"writer":"w","seq":1,"type":"answer","time":1,"session":"s","question":"q","node":"n","given":"g","correct":true,"values":{"m":54},"rating":3}"#,
      #"{"writer":"w","seq":1,"type":"answer","time":1,"session":"s","question":"q","node":"n","given":"g","correct":true,"values":{"m":"1","m":"2"},"rating":3}"#,
      #"{"writer":"w","seq":1,"type":"skip","time":1,"session":"s","question":"q","node":"n","values":{"m":"1"},"extra":1}"#,
    ]
    for line in lines { XCTAssertNil(fast(Array(line.utf8)), line) }
    XCTAssertNotNil(fast(Array(#"{"writer":"w","seq":1,"type":"open","time":1,"node":"n"}"#.utf8)))
  }
}
