import Foundation
import XCTest

@testable import ProgressStorage

/// A review is not a reading of the part (issue 27): answers given in a `review`, or in a `mistakes`
/// round of the whole course, are counted apart on their question (`reviewAnswers`), kept by the journal's replay and the snapshot, and a
/// snapshot from before them reads every answer as a reading, as it did then.
final class ReviewAnswerTests: StoreTestCase {
  func history() -> [ProgressEvent] {
    [
      .sessionStarted(session: "r", node: "", questions: ["q1", "q2"], at: at(0), kind: .review, seed: 1),
      .answered(session: "r", question: "q1", node: "n1", given: "x", correct: true, at: at(1)),
      .answered(session: "r", question: "q2", node: "n2", given: "x", correct: false, at: at(2)),
      .sessionStarted(session: "m", node: "n2", questions: ["q2"], at: at(3), kind: .mistakes, seed: 2),
      .answered(session: "m", question: "q2", node: "n2", given: "y", correct: true, at: at(4)),
      // A mistakes round of the whole course goes over what was studied, as a review does.
      .sessionStarted(session: "w", node: "", questions: ["q1"], at: at(5), kind: .mistakes, seed: 3),
      .answered(session: "w", question: "q1", node: "n1", given: "x", correct: true, at: at(6)),
    ]
  }

  func testReviewAnswersDoNotReadAndAreKept() throws {
    let store = try open()
    for event in history() { try store.record(event) }
    let expected = store.state
    store.close()
    // q1 was only ever answered in a review and a whole-course mistakes round; q2 in a review and
    // in a mistakes round on its node.
    XCTAssertEqual(expected.questions["q1"]?.attempts, 2)
    XCTAssertEqual(expected.questions["q1"]?.reviewAnswers, 2)
    XCTAssertEqual(expected.questions["q1"]?.readByAnswer, false)
    XCTAssertEqual(expected.questions["q2"]?.attempts, 2)
    XCTAssertEqual(expected.questions["q2"]?.reviewAnswers, 1)
    XCTAssertEqual(expected.questions["q2"]?.readByAnswer, true)
    XCTAssertEqual(try reloaded(), expected)

    var state = expected
    state.appliedSequence = ["w1": 5]
    let snapshot = Array(JSONWriterShim.pretty(SnapshotCodec.encode(state)).utf8)
    XCTAssertTrue(String(decoding: snapshot, as: UTF8.self).contains(#""reviewAnswers": 2"#))
    XCTAssertEqual(try SnapshotCodec.decode(JSONParserShim.parse(snapshot)), state)
    XCTAssertEqual(SnapshotFastPath.decode(snapshot), state)

    // A snapshot written before reviews were counted apart: every answer read its part.
    let old = String(decoding: snapshot, as: UTF8.self).replacingOccurrences(
      of: #"(,\s*"reviewAnswers": \d+)"#, with: "", options: .regularExpression)
    XCTAssertFalse(old.contains("reviewAnswers"))
    for decoded in [
      try SnapshotCodec.decode(JSONParserShim.parse(Array(old.utf8))), SnapshotFastPath.decode(Array(old.utf8)),
    ] {
      XCTAssertEqual(decoded?.questions["q1"]?.attempts, 2)
      XCTAssertEqual(decoded?.questions["q1"]?.readByAnswer, true)
    }
    // A count that is no count is damaged, as any other.
    let bad = String(decoding: snapshot, as: UTF8.self).replacingOccurrences(
      of: #""reviewAnswers": 2"#, with: #""reviewAnswers": -1"#)
    XCTAssertThrowsError(try SnapshotCodec.decode(JSONParserShim.parse(Array(bad.utf8))))
    XCTAssertNil(SnapshotFastPath.decode(Array(bad.utf8)))
  }
}
