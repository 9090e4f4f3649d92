import Foundation
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

/// `!!`: an `override` record after a wrong answer makes it count as right, keeping the first verdict.
final class OverruleTests: StoreTestCase {
  func wrongThenOverruled() -> ProgressState {
    var state = ProgressState()
    state.apply(.sessionStarted(session: "s1", node: "n1", questions: ["q1", "q2"], at: at(0)))
    state.apply(.answered(session: "s1", question: "q1", node: "n1", given: "2.5 km", correct: false, at: at(1)))
    state.apply(.overruled(session: "s1", question: "q1", node: "n1", at: at(2)))
    return state
  }

  func testAnOverruledAnswerCountsAsRight() {
    let state = wrongThenOverruled()
    let q1 = state.questions["q1"]!
    XCTAssertEqual(q1.attempts, 1)
    XCTAssertEqual(q1.correct, 1)
    XCTAssertEqual(q1.overruled, 1)
    XCTAssertEqual(q1.lastCorrect, true)
    XCTAssertEqual(q1.recentResults, [true])
    XCTAssertEqual(state.sessions["s1"]?.answers.map(\.correct), [true])
    XCTAssertEqual(state.sessions["s1"]?.answers.map(\.overruled), [true])
  }

  func testOverrulingTwiceOrARightAnswerOrNothingChangesNothing() {
    var state = wrongThenOverruled()
    let once = state
    state.apply(.overruled(session: "s1", question: "q1", node: "n1", at: at(3)))
    XCTAssertEqual(state, once)
    state.apply(.overruled(session: "s9", question: "q1", node: "n1", at: at(3)))
    state.apply(.overruled(session: "s1", question: "q2", node: "n1", at: at(3)))
    XCTAssertEqual(state, once)
  }

  func testTheLatestAnswerIsTheLatestInTimeWhateverTheOrderFolded() {
    // Two devices, one clock ahead: its right answer (stamped 95) is folded before the other's wrong
    // one (stamped 5), which is then overruled. The latest answer is the right one: mastered, as the
    // SQL (ordered by time) and a snapshot (which keeps times, not the order across sessions) say.
    var state = ProgressState()
    state.apply(.sessionStarted(session: "ahead", node: "n1", questions: ["q1", "q2"], at: at(90)))
    state.apply(.answered(session: "ahead", question: "q1", node: "n1", given: "a", correct: true, at: at(95)))
    state.apply(.sessionStarted(session: "behind", node: "n1", questions: ["q1", "q2"], at: at(0)))
    state.apply(.answered(session: "behind", question: "q1", node: "n1", given: "b", correct: false, at: at(5)))
    XCTAssertEqual(state.questions["q1"]?.latestAnswerRight, true, "an older answer folded late is not the latest")
    state.apply(.overruled(session: "behind", question: "q1", node: "n1", at: at(6)))
    XCTAssertEqual(state.questions["q1"]?.latestAnswerRight, true)
    XCTAssertEqual(state.questions["q1"]?.correct, 2)
    // The other way round: the overruled answer is older than a wrong one, which stays the latest.
    state.apply(.answered(session: "ahead", question: "q2", node: "n1", given: "a", correct: false, at: at(99)))
    state.apply(.answered(session: "behind", question: "q2", node: "n1", given: "b", correct: false, at: at(7)))
    state.apply(.overruled(session: "behind", question: "q2", node: "n1", at: at(8)))
    XCTAssertEqual(state.questions["q2"]?.latestAnswerRight, false)
    XCTAssertEqual(state.questions["q2"]?.correct, 1)
    // Equal times: the later folded answer is the latest.
    state.apply(.answered(session: "ahead", question: "q2", node: "n1", given: "c", correct: true, at: at(99)))
    XCTAssertEqual(state.questions["q2"]?.latestAnswerRight, true)
  }

  func testAnOverruleDoesNotMoveAnAnswerPastAnotherSessionsAnswerOfTheSameMillisecond() {
    // Two devices answer q1 in the same millisecond, the phone's recorded first; the phone then
    // overrules its answer. The overruled answer counts as right but stays where it was: the
    // laptop's wrong answer, recorded later, is still the latest (as `sql/class-report.sql` orders).
    var state = ProgressState()
    state.apply(.sessionStarted(session: "phone", node: "n1", questions: ["q1", "q2"], at: at(0)))
    state.apply(.sessionStarted(session: "laptop", node: "n1", questions: ["q1", "q2"], at: at(0)))
    state.apply(.answered(session: "phone", question: "q1", node: "n1", given: "a", correct: false, at: at(1)))
    state.apply(.answered(session: "laptop", question: "q1", node: "n1", given: "b", correct: false, at: at(1)))
    state.apply(.overruled(session: "phone", question: "q1", node: "n1", at: at(1)))
    XCTAssertEqual(state.questions["q1"]?.correct, 1)
    XCTAssertEqual(state.questions["q1"]?.latestAnswerRight, false)
    XCTAssertEqual(state.questions["q1"]?.recentResults, [false, false])
    // Recorded the other way round, the overruled answer is the latest: mastered.
    state.apply(.answered(session: "laptop", question: "q2", node: "n1", given: "b", correct: false, at: at(2)))
    state.apply(.answered(session: "phone", question: "q2", node: "n1", given: "a", correct: false, at: at(2)))
    state.apply(.overruled(session: "phone", question: "q2", node: "n1", at: at(2)))
    XCTAssertEqual(state.questions["q2"]?.latestAnswerRight, true)
    XCTAssertEqual(state.questions["q2"]?.recentResults, [false, true])
  }

  func testOverrulingAfterTheEndRescoresTheSession() {
    var state = ProgressState()
    state.apply(.sessionStarted(session: "s1", node: "n1", questions: ["q1", "q2"], at: at(0)))
    state.apply(.answered(session: "s1", question: "q1", node: "n1", given: "a", correct: true, at: at(1)))
    state.apply(.answered(session: "s1", question: "q2", node: "n1", given: "b", correct: false, at: at(2)))
    state.apply(.sessionEnded(session: "s1", at: at(2), score: 50, endedEarly: false))
    state.apply(.overruled(session: "s1", question: "q2", node: "n1", at: at(3)))
    XCTAssertEqual(state.sessions["s1"]?.score, 100)
  }

  func testTheJournalKeepsTheVerdictAndTheOverrideAsItsOwnRecord() throws {
    let store = try open()
    try store.record(.sessionStarted(session: "s1", node: "n1", questions: ["q1"], at: at(0)))
    try store.record(.answered(session: "s1", question: "q1", node: "n1", given: "x", correct: false, at: at(1)))
    try store.record(.overruled(session: "s1", question: "q1", node: "n1", at: at(2)))
    let expected = store.state
    store.close()
    let lines = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n")
    XCTAssertEqual(lines.count, 3)
    XCTAssertTrue(lines[1].contains(#""type":"answer""#) && lines[1].contains(#""correct":false"#))
    XCTAssertTrue(lines[2].contains(#""type":"override""#) && lines[2].contains(#""question":"q1""#))
    XCTAssertEqual(try reloaded(), expected)
    XCTAssertEqual(expected.questions["q1"]?.overruled, 1)
  }

  func testSnapshotKeepsOverridesOnBothPaths() throws {
    var state = wrongThenOverruled()
    state.apply(.answered(session: "s1", question: "q2", node: "n1", given: "y", correct: true, at: at(4)))
    state.appliedSequence = ["w1": 4]
    let bytes = Array(JSONWriterShim.pretty(SnapshotCodec.encode(state)).utf8)
    XCTAssertEqual(try SnapshotCodec.decode(JSONParserShim.parse(bytes)), state)
    XCTAssertEqual(SnapshotFastPath.decode(bytes), state)
  }
}
