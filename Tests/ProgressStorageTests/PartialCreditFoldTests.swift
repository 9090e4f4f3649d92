import Foundation
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

/// Partial credit in the journal: an answer that is not right may carry `"fraction"` (0 < f < 1);
/// folding counts it in the question's credit and the session's score, `!!` makes it worth all, and
/// journals written before it (no `fraction`) read exactly as they always did.
final class PartialCreditFoldTests: StoreTestCase {
  func history() -> [ProgressEvent] {
    [
      .sessionStarted(session: "s1", node: "n1", questions: ["q1", "q2", "q3", "q4"], at: at(0), kind: .full),
      .answered(
        session: "s1", question: "q1", node: "n1", given: "a", correct: false, at: at(1),
        review: ReviewMark(rating: 2), fraction: 0.5),
      .answered(
        session: "s1", question: "q2", node: "n1", given: "b", correct: true, at: at(2), review: ReviewMark(rating: 3)),
      .answered(
        session: "s1", question: "q3", node: "n1", given: "c", correct: false, at: at(3),
        review: ReviewMark(rating: 2), fraction: 0.25),
      .answered(
        session: "s1", question: "q4", node: "n1", given: "d", correct: false, at: at(4), review: ReviewMark(rating: 1)),
      .sessionEnded(session: "s1", at: at(5), score: 43.75, endedEarly: false),
    ]
  }

  func testTheFractionIsKeptByTheJournalAndTheSnapshotAndCounted() throws {
    let store = try open()
    for event in history() { try store.record(event) }
    let expected = store.state
    store.close()
    XCTAssertEqual(expected.questions["q1"]?.partialCredit, 0.5)
    XCTAssertEqual(expected.questions["q1"]?.credit, 0.5)
    XCTAssertEqual(expected.questions["q2"]?.credit, 1)
    XCTAssertEqual(expected.sessions["s1"]?.credit, 1.75)
    XCTAssertEqual(expected.sessions["s1"]?.result, 43.75)
    let lines = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n")
    XCTAssertTrue(lines[1].contains(#""correct":false,"fraction":0.5,"rating":2"#), String(lines[1]))
    XCTAssertFalse(lines[2].contains("fraction"), "a right answer's line is as it always was")
    XCTAssertFalse(lines[4].contains("fraction"), "a wrong answer's line is as it always was")
    XCTAssertEqual(try reloaded(), expected)
    // The snapshot keeps it: by both decoders.
    var state = expected
    state.appliedSequence = ["w1": 6]
    let snapshot = Array(JSONWriterShim.pretty(SnapshotCodec.encode(state)).utf8)
    XCTAssertTrue(String(decoding: snapshot, as: UTF8.self).contains(#""partialCredit": 0.5"#))
    XCTAssertEqual(try SnapshotCodec.decode(JSONParserShim.parse(snapshot)), state)
    XCTAssertEqual(SnapshotFastPath.decode(snapshot), state)
  }

  func testAnOverruledPartlyRightAnswerIsWorthAll() {
    var state = ProgressState()
    for event in history() { state.apply(event) }
    state.apply(.overruled(session: "s1", question: "q1", node: "n1", at: at(6)))
    XCTAssertEqual(state.questions["q1"]?.partialCredit, 0)
    XCTAssertEqual(state.questions["q1"]?.correct, 1)
    XCTAssertEqual(state.questions["q1"]?.credit, 1)
    XCTAssertEqual(state.sessions["s1"]?.answers.first?.fraction, nil)
    XCTAssertEqual(state.sessions["s1"]?.credit, 2.25)
  }

  /// A journal from before partial credit: no `fraction` anywhere, figures as before.
  func testAnOldJournalLoadsUnchanged() throws {
    let old = """
      {"writer":"w","seq":1,"type":"start","time":1700000000000,"session":"s","node":"n","questions":["q1","q2"],"kind":"full","seed":null}
      {"writer":"w","seq":2,"type":"answer","time":1700000001000,"session":"s","question":"q1","node":"n","given":"a","correct":true,"rating":3}
      {"writer":"w","seq":3,"type":"answer","time":1700000002000,"session":"s","question":"q2","node":"n","given":"b","correct":false}
      {"writer":"w","seq":4,"type":"end","time":1700000003000,"session":"s","score":50,"early":false}

      """
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try Data(old.utf8).write(to: URL(fileURLWithPath: journalPath))
    let state = try reloaded()
    XCTAssertEqual(state.questions["q1"]?.credit, 1)
    XCTAssertEqual(state.questions["q2"]?.credit, 0)
    XCTAssertEqual(state.questions["q2"]?.partialCredit, 0)
    XCTAssertEqual(state.sessions["s"]?.result, 50)
    XCTAssertEqual(state.sessions["s"]?.answers.map(\.fraction), [nil, nil])
  }

  func testAFractionOutOfRangeIsRefusedAndZeroOrOneReadAsNone() throws {
    let line =
      #"{"writer":"w","seq":1,"type":"answer","time":1,"session":"s","question":"q","node":"n","given":"g","correct":false,"fraction":F,"rating":2}"#
    func record(_ fraction: String) throws -> JournalRecord {
      try JournalRecord(line: Array(line.replacingOccurrences(of: "F", with: fraction).utf8))
    }
    guard case .answered(_, _, _, _, _, _, _, let half, _) = try record("0.5").event else { return XCTFail() }
    XCTAssertEqual(half, 0.5)
    for none in ["0", "1"] {
      guard case .answered(_, _, _, _, _, _, _, let fraction, _) = try record(none).event else { return XCTFail() }
      XCTAssertNil(fraction, none)
    }
    for bad in ["1.5", "-0.1", "\"half\"", "true"] {
      XCTAssertThrowsError(try record(bad), bad)
    }
    // The journal's written form reads back equal.
    let written = JournalRecord(
      writer: "w", sequence: 1,
      event: .answered(session: "s", question: "q", node: "n", given: "g", correct: false, at: at(1), fraction: 0.125))
    XCTAssertEqual(try JournalRecord(line: written.line.dropLast().map { $0 }), written)
  }
}
