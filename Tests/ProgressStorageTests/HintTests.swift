import Foundation
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

/// Hints used: an answer or skip after the learner asked for the hint carries `"hint": true`, and
/// folding counts it on its question; records without it (all older ones) count none.
final class HintTests: StoreTestCase {
  func hintedHistory() -> [ProgressEvent] {
    [
      .sessionStarted(session: "s1", node: "n1", questions: ["q1", "q2", "q3"], at: at(0)),
      .answered(
        session: "s1", question: "q1", node: "n1", given: "x", correct: true, at: at(1),
        review: ReviewMark(rating: 2, hinted: true)),
      .skipped(session: "s1", question: "q2", node: "n1", at: at(2), review: ReviewMark(rating: 1, hinted: true)),
      .answered(
        session: "s1", question: "q3", node: "n1", given: "y", correct: false, at: at(3), review: ReviewMark(rating: 1)),
      .answered(
        session: "s1", question: "q1", node: "n1", given: "x", correct: true, at: at(4),
        review: ReviewMark(rating: 2, fuzz: 0.5, hinted: true)),
    ]
  }

  func testHintsAreCountedPerQuestionAndKeptByTheJournalAndTheSnapshot() throws {
    let store = try open()
    for event in hintedHistory() { try store.record(event) }
    let expected = store.state
    store.close()
    XCTAssertEqual(expected.questions["q1"]?.hints, 2)
    XCTAssertEqual(expected.questions["q2"]?.hints, 1)
    XCTAssertEqual(expected.questions["q3"]?.hints, 0)
    XCTAssertEqual(expected.sessions["s1"]?.skips.first?.review?.hinted, true)
    let lines = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n")
    XCTAssertEqual(lines.filter { $0.contains(#""hint":true"#) }.count, 3)
    XCTAssertFalse(lines[3].contains("hint"), String(lines[3]))
    XCTAssertEqual(try reloaded(), expected)

    var state = expected
    state.appliedSequence = ["w1": 5]
    let snapshot = Array(JSONWriterShim.pretty(SnapshotCodec.encode(state)).utf8)
    XCTAssertTrue(String(decoding: snapshot, as: UTF8.self).contains(#""hints": 2"#))
    XCTAssertEqual(try SnapshotCodec.decode(JSONParserShim.parse(snapshot)), state)
    XCTAssertEqual(SnapshotFastPath.decode(snapshot), state)
  }

  /// A session left with a hint shown for its open question: the end record names the question
  /// (`"hinted"`), the session keeps it through the journal and the snapshot (both decoders), a
  /// later end without it clears it, and an end from before it was kept (or with `null`) has none.
  func testAnEndKeepsTheQuestionLeftWithItsHintShown() throws {
    let store = try open()
    try store.record(.sessionStarted(session: "s1", node: "n1", questions: ["q1", "q2"], at: at(0)))
    try store.record(.sessionEnded(session: "s1", at: at(1), score: nil, endedEarly: true, hinted: "q1"))
    let expected = store.state
    store.close()
    XCTAssertEqual(expected.sessions["s1"]?.hintedQuestion, "q1")
    let lines = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n")
    XCTAssertTrue(lines[1].hasSuffix(#""early":true,"hinted":"q1"}"#), String(lines[1]))
    XCTAssertEqual(try reloaded(), expected)
    var state = expected
    state.appliedSequence = ["w1": 2]
    let snapshot = Array(JSONWriterShim.pretty(SnapshotCodec.encode(state)).utf8)
    XCTAssertTrue(String(decoding: snapshot, as: UTF8.self).contains(#""hinted": "q1""#))
    XCTAssertEqual(try SnapshotCodec.decode(JSONParserShim.parse(snapshot)), state)
    XCTAssertEqual(SnapshotFastPath.decode(snapshot), state)
    state.apply(.sessionResumed(session: "s1", at: at(2)))
    state.apply(.sessionEnded(session: "s1", at: at(3), score: nil, endedEarly: true))
    XCTAssertNil(state.sessions["s1"]?.hintedQuestion)

    let old = #"{"writer":"w","seq":1,"type":"end","time":1,"session":"s","score":null,"early":true}"#
    guard case .sessionEnded(_, _, _, _, let hinted) = try JournalRecord(line: Array(old.utf8)).event else {
      return XCTFail(old)
    }
    XCTAssertNil(hinted)
    let null = old.replacingOccurrences(of: "}", with: #","hinted":null}"#)
    XCTAssertEqual(try JournalRecord(line: Array(null.utf8)).event, try JournalRecord(line: Array(old.utf8)).event)
    let bad = old.replacingOccurrences(of: "}", with: #","hinted":true}"#)
    XCTAssertThrowsError(try JournalRecord(line: Array(bad.utf8)))
  }

  /// A hint shown is recorded at once (`"type":"hint"`): with nothing after it (the program killed
  /// before the answer, no end written), the session still names the question left with its hint
  /// shown, through the journal and the snapshot; a resume keeps it; the record counts no hint by
  /// itself (the answer's `hint` does), and a later end decides again.
  func testAHintRecordAloneKeepsTheHintAcrossAResume() throws {
    let store = try open()
    try store.record(.sessionStarted(session: "s1", node: "n1", questions: ["q1", "q2"], at: at(0)))
    try store.record(.hintShown(session: "s1", question: "q1", node: "n1", at: at(1)))
    let expected = store.state
    store.close()
    XCTAssertEqual(expected.sessions["s1"]?.hintedQuestion, "q1")
    XCTAssertNil(expected.sessions["s1"]?.end)
    XCTAssertEqual(expected.questions["q1"]?.hints ?? 0, 0)
    let lines = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n")
    XCTAssertTrue(
      lines[1].hasSuffix(#""type":"hint","time":1700000001000,"session":"s1","question":"q1","node":"n1"}"#),
      String(lines[1]))
    XCTAssertEqual(try reloaded(), expected)
    var state = expected
    state.appliedSequence = ["w1": 2]
    let snapshot = Array(JSONWriterShim.pretty(SnapshotCodec.encode(state)).utf8)
    XCTAssertEqual(try SnapshotCodec.decode(JSONParserShim.parse(snapshot)), state)
    XCTAssertEqual(SnapshotFastPath.decode(snapshot), state)

    state.apply(.sessionResumed(session: "s1", at: at(60)))
    XCTAssertEqual(state.sessions["s1"]?.hintedQuestion, "q1")
    state.apply(
      .answered(
        session: "s1", question: "q1", node: "n1", given: "x", correct: true, at: at(61),
        review: ReviewMark(rating: 2, hinted: true)))
    XCTAssertEqual(state.questions["q1"]?.hints, 1)
    state.apply(.sessionEnded(session: "s1", at: at(62), score: nil, endedEarly: true))
    XCTAssertNil(state.sessions["s1"]?.hintedQuestion)

    // A hint in a session whose start was lost makes no session (it would start at the hint).
    state.apply(.hintShown(session: "lost", question: "q1", node: "n1", at: at(70)))
    XCTAssertNil(state.sessions["lost"])

    // A record missing a member is damaged, like any other.
    let bad = #"{"writer":"w","seq":1,"type":"hint","time":1,"session":"s","node":"n"}"#
    XCTAssertThrowsError(try JournalRecord(line: Array(bad.utf8)))
  }

  /// A record from before hints were kept has no `hint` and counts none; `"hint": false` reads as none
  /// too, and anything but a boolean is refused like any other bad member.
  func testOldRecordsCountNoHintAndABadHintIsRefused() throws {
    let old =
      #"{"writer":"w","seq":1,"type":"answer","time":1,"session":"s","question":"q","node":"n","given":"g","correct":true,"rating":2}"#
    let record = try JournalRecord(line: Array(old.utf8))
    guard case .answered(_, _, _, _, _, _, let review, _, _) = record.event else { return XCTFail("\(record)") }
    XCTAssertEqual(review?.hinted, false)
    let off = old.replacingOccurrences(of: #""rating":2}"#, with: #""rating":2,"hint":false}"#)
    XCTAssertEqual(try JournalRecord(line: Array(off.utf8)).event, record.event)
    let bad = old.replacingOccurrences(of: #""rating":2}"#, with: #""rating":2,"hint":"yes"}"#)
    XCTAssertThrowsError(try JournalRecord(line: Array(bad.utf8)))
  }
}
