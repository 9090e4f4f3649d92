import Foundation
import XCTest

@testable import ProgressStorage
@testable import QuizEngine

/// The tree-free snapshot reader must agree with the tree decoder on every snapshot the store
/// writes, and give up (leaving the tree decoder to speak) on anything else.
final class SnapshotFastPathTests: XCTestCase {
  func randomState(_ generator: inout SeededRandomNumberGenerator) -> ProgressState {
    func time() -> Date {
      Date(millisecondsSince1970: Int64.random(in: 1_700_000_000_000...1_800_000_000_000, using: &generator))
    }
    func text() -> String {
      let pieces = ["q", "熔化", "\"", "\\", "\n", "é", "😀", "#ch1.1", " ", "\u{0}", "/"]
      return (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
    }
    // A calculated question's values (names unique, as the JSON parser requires), on some answers and skips.
    func values() -> ShownValues? {
      let names = ["m", "V", "ρ", "t1", "x\"", "a b"].shuffled(using: &generator)
      let count = Int.random(in: -2...3, using: &generator)
      guard count > 0 else { return nil }
      return ShownValues(
        names.prefix(count).map { ($0, ["54.0", "-15", "2.50", text()].randomElement(using: &generator)!) })
    }
    var state = ProgressState()
    for _ in 0..<Int.random(in: 0...3, using: &generator) {
      state.appliedSequence[text() + UUID().uuidString] = Int.random(in: 0...1_000_000, using: &generator)
    }
    for _ in 0..<Int.random(in: 0...5, using: &generator) {
      state.nodes[text()] = NodeProgress(
        hadRead: Bool.random(using: &generator), browseCount: Int.random(in: 0...99, using: &generator),
        firstStudied: Bool.random(using: &generator) ? time() : nil,
        lastStudied: Bool.random(using: &generator) ? time() : nil)
    }
    for _ in 0..<Int.random(in: 0...5, using: &generator) {
      state.questions[text()] = QuestionProgress(
        attempts: Int.random(in: 0...50, using: &generator), correct: Int.random(in: 0...50, using: &generator),
        lastCorrect: [true, false, nil].randomElement(using: &generator)!,
        lastAnsweredAt: Bool.random(using: &generator) ? time() : nil,
        recentResults: (0..<Int.random(in: 0...10, using: &generator)).map { _ in Bool.random(using: &generator) },
        skippedLast: Bool.random(using: &generator))
    }
    // Partial credit, written only when there is some.
    for id in state.questions.keys.sorted() {
      state.questions[id]?.partialCredit = [0, 0, 0.5, 1.25, 0.3].randomElement(using: &generator)!
    }
    for n in 0..<Int.random(in: 0...5, using: &generator) {
      // Review marks (rating, then fuzz) and skips are optional members: some answers have them.
      func mark() -> ReviewMark? {
        switch Int.random(in: 0...2, using: &generator) {
        case 0: return nil
        case 1: return ReviewMark(rating: Int.random(in: 1...4, using: &generator))
        default:
          return ReviewMark(
            rating: Int.random(in: 1...4, using: &generator), fuzz: Double.random(in: 0..<1, using: &generator))
        }
      }
      let answers = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        let correct = Bool.random(using: &generator)
        // A partly right answer has its fraction (only a wrong one can).
        let fraction =
          !correct && Bool.random(using: &generator) ? Double.random(in: 0.01..<0.99, using: &generator) : nil
        return SessionAnswer(
          questionID: text(), given: text(), correct: correct, time: time(), review: mark(), fraction: fraction,
          values: values())
      }
      let skips = (0..<Int.random(in: 0...2, using: &generator)).map { _ in
        SessionAnswer(
          questionID: text(), given: "", correct: false, time: time(), review: ReviewMark(rating: 1), values: values())
      }
      defer { state.sessions["s\(n)"]?.skips = skips }
      // A seed is kept only with a kind (sessions from before kinds had neither).
      let kind = [nil, .full, .mistakes, SessionKind(rawValue: text())].randomElement(using: &generator)!
      state.sessions["s\(n)"] = SessionRecord(
        id: "s\(n)", node: text(), start: time(), end: Bool.random(using: &generator) ? time() : nil,
        questionIDs: (0..<Int.random(in: 0...4, using: &generator)).map { _ in text() }, answers: answers,
        score: [nil, 0, 50, 66.7, 100].randomElement(using: &generator)!, endedEarly: Bool.random(using: &generator),
        kind: kind, seed: kind == nil ? nil : [nil, 0, 7, (1 << 53) - 1].randomElement(using: &generator)!)
      state.sessions["s\(n)"]?.resumes = (0..<Int.random(in: 0...2, using: &generator)).map { _ in time() }
      // Essay responses (an empty text: an essay skipped), written only when there are some.
      state.sessions["s\(n)"]?.responses = (0..<Int.random(in: 0...2, using: &generator)).map { _ in
        SessionResponse(questionID: text(), text: text(), time: time())
      }
    }
    return state
  }

  func testAgreesWithTheTreeDecoderOnWhatTheStoreWrites() throws {
    var generator = SeededRandomNumberGenerator(seed: 6)
    for _ in 0..<300 {
      let state = randomState(&generator)
      let bytes = Array(JSONWriterShim.pretty(SnapshotCodec.encode(state)).utf8)
      let fast = try XCTUnwrap(SnapshotFastPath.decode(bytes), String(decoding: bytes, as: UTF8.self))
      XCTAssertEqual(fast, state)
      XCTAssertEqual(fast, try SnapshotCodec.decode(JSONParserShim.parse(bytes)))
    }
  }

  func testGivesUpOnAnythingElseAndTheTreeDecoderStillReadsOrRefusesIt() throws {
    var generator = SeededRandomNumberGenerator(seed: 7)
    var state = randomState(&generator)
    state.sessions["s9"] = SessionRecord(
      id: "s9", node: "n", start: Date(millisecondsSince1970: 1), questionIDs: ["q"],
      answers: [SessionAnswer(questionID: "q", given: "B", correct: true, time: Date(millisecondsSince1970: 2))])
    // Compact, so each change below is one contiguous piece of text (the fast path reads both layouts).
    let good = JSONWriterShim.compact(SnapshotCodec.encode(state))
    XCTAssertNotNil(SnapshotFastPath.decode(Array(good.utf8)))
    let variants: [(String, String)] = [
      (#""version":2"#, #""version":1"#),  // an older version: upgraded by the tree path
      (#""given":"B""#, #""given":"B","extra":1"#),  // a member the layout does not have
      (#""given":"B","correct":true"#, #""correct":true,"given":"B""#),  // members reordered
      (#""given":"B","correct":true"#, #""given":"B","correct":"yes""#),  // a wrong type
      (#""given":"B""#, #""given":"B",,"#),  // not JSON
      (#""given":"B""#, #""given":"B""given":"B""#),  // a missing comma
      (#""time":2}"#, #""time":2,"values":{}}"#),  // no values: written as none
      (#""time":2}"#, #""time":2,"values":{"m":54}}"#),  // a value that is not a string
      (#""time":2}"#, #""time":2,"values":{"m":"1","m":"2"}}"#),  // a name twice
    ]
    for (from, to) in variants {
      XCTAssertTrue(good.contains(from), from)
      let changed = good.replacingOccurrences(of: from, with: to)
      XCTAssertNil(SnapshotFastPath.decode(Array(changed.utf8)), to)
    }
    XCTAssertNil(SnapshotFastPath.decode(Array((good + "x").utf8)))
    XCTAssertNil(SnapshotFastPath.decode([0xEF, 0xBB, 0xBF] + Array(good.utf8)))
    // Reordered members are still a valid snapshot: the tree path reads it the same.
    let reordered = good.replacingOccurrences(of: #""given":"B","correct":true"#, with: #""correct":true,"given":"B""#)
    XCTAssertEqual(try SnapshotCodec.read(Array(reordered.utf8)).state, state)
  }
}
