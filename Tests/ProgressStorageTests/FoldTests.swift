import Foundation
import PracticeJSON
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

final class FoldTests: StoreTestCase {
  func testNodeOpenedCountsAndKeepsFirstAndLastTimes() {
    var state = ProgressState()
    state.apply(.nodeOpened(node: "ch1", at: at(50)))
    state.apply(.nodeOpened(node: "ch1", at: at(10)))
    state.apply(.nodeOpened(node: "ch1", at: at(30)))
    XCTAssertEqual(
      state.nodes["ch1"],
      NodeProgress(hadRead: true, browseCount: 3, firstStudied: at(10), lastStudied: at(50)))
    XCTAssertNil(state.nodes["ch2"])
  }

  func testAnswersFoldIntoQuestionsAndSessions() {
    var state = ProgressState()
    state.apply(.sessionStarted(session: "s1", node: "n1", questions: ["q1", "q2"], at: at(0)))
    state.apply(
      .answered(session: "s1", question: "q1", node: "n1", given: "a", correct: false, at: at(1)))
    state.apply(
      .answered(session: "s1", question: "q1", node: "n1", given: "b", correct: true, at: at(2)))
    state.apply(
      .answered(session: "s1", question: "q1", node: "n1", given: "c", correct: true, at: at(3)))
    state.apply(.sessionEnded(session: "s1", at: at(60), score: 0.5, endedEarly: true))

    let q1 = state.questions["q1"]!
    XCTAssertEqual(q1.attempts, 3)
    XCTAssertEqual(q1.correct, 2)
    XCTAssertEqual(q1.lastCorrect, true)
    XCTAssertEqual(q1.lastAnsweredAt, at(3))
    XCTAssertEqual(q1.recentResults, [false, true, true])
    XCTAssertTrue(q1.answeredRight(lastTimes: 2))
    XCTAssertFalse(q1.answeredRight(lastTimes: 3))

    let s1 = state.sessions["s1"]!
    XCTAssertEqual(s1.node, "n1")
    XCTAssertEqual(s1.questionIDs, ["q1", "q2"])
    XCTAssertEqual(s1.answers.map(\.given), ["a", "b", "c"])
    XCTAssertEqual(s1.score, 0.5)
    XCTAssertEqual(s1.endedEarly, true)
    XCTAssertEqual(s1.duration, 60)
  }

  /// What a learner wrote to an essay is kept in the journal and counts nowhere: no answer, no
  /// question progress, no score; the session only notes it for a resume.
  func testAnEssayResponseIsKeptAndCountsNowhere() throws {
    let store = try open()
    try store.record(.sessionStarted(session: "s1", node: "n1", questions: ["e1", "q1"], at: at(0)))
    try store.record(.responded(session: "s1", question: "e1", node: "n1", text: "Because ice floats.", at: at(1)))
    try store.record(.answered(session: "s1", question: "q1", node: "n1", given: "a", correct: true, at: at(2)))
    store.close()
    let state = try open().state
    XCTAssertNil(state.questions["e1"])
    XCTAssertEqual(state.sessions["s1"]?.answers.map(\.questionID), ["q1"])
    XCTAssertEqual(
      state.sessions["s1"]?.responses, [SessionResponse(questionID: "e1", text: "Because ice floats.", time: at(1))])
    // The essay written to is behind a resume as the answered question is.
    XCTAssertEqual(state.sessions["s1"]?.position, 2)
    XCTAssertTrue(String(decoding: bytes(journalPath), as: UTF8.self).contains(#""text":"Because ice floats.""#))
  }

  func testSkipsAndResumesFoldIntoTheSessionAndTheQuestionsToRetry() {
    var state = ProgressState()
    state.apply(
      .sessionStarted(session: "s1", node: "n1", questions: ["q1", "q2", "q3"], at: at(0), kind: .full, seed: 9))
    state.apply(.answered(session: "s1", question: "q1", node: "n1", given: "a", correct: true, at: at(10)))
    state.apply(.skipped(session: "s1", question: "q2", node: "n1", at: at(20), review: ReviewMark(rating: 1)))
    state.apply(.sessionEnded(session: "s1", at: at(30), score: 100.0 / 3, endedEarly: true))
    var s1 = state.sessions["s1"]!
    XCTAssertEqual(s1.kind, .full)
    XCTAssertEqual(s1.seed, 9)
    XCTAssertEqual(s1.position, 2)
    XCTAssertTrue(s1.isResumable)
    // Unfinished: no score until it is finished.
    XCTAssertNil(s1.result)
    XCTAssertEqual(state.questions["q2"]?.needsRetry, true)
    XCTAssertEqual(state.questions["q2"]?.attempts, 0)
    XCTAssertEqual(state.questions["q1"]?.latestAnswerRight, true)

    // An hour later it goes on: the break does not count as time spent, and a right answer to a
    // skipped question takes it off the list to retry.
    state.apply(.sessionResumed(session: "s1", at: at(3600)))
    XCTAssertNil(state.sessions["s1"]?.end)
    state.apply(.answered(session: "s1", question: "q3", node: "n1", given: "b", correct: false, at: at(3610)))
    state.apply(.sessionEnded(session: "s1", at: at(3615), score: 100.0 / 3, endedEarly: false))
    s1 = state.sessions["s1"]!
    XCTAssertEqual(s1.resumes, [at(3600)])
    // The first end record was replaced by the second: that stretch runs to its last skip.
    XCTAssertEqual(s1.activeSeconds, 20 + 15)
    XCTAssertEqual(s1.activeMilliseconds, 35_000)
    XCTAssertFalse(s1.isUnfinished)
    XCTAssertEqual(s1.result!, 100.0 / 3, accuracy: 1e-9)
    XCTAssertEqual(state.questions["q3"]?.needsRetry, true)
    XCTAssertEqual(state.questions["q3"]?.latestAnswerRight, false)
    state.apply(.answered(session: "s2", question: "q2", node: "n1", given: "c", correct: true, at: at(4000)))
    XCTAssertEqual(state.questions["q2"]?.needsRetry, false)
    // A skip after a right answer puts it back on the list, but it stays mastered.
    state.apply(.skipped(session: "s3", question: "q1", node: "n1", at: at(5000), review: ReviewMark(rating: 1)))
    XCTAssertEqual(state.questions["q1"]?.needsRetry, true)
    XCTAssertEqual(state.questions["q1"]?.latestAnswerRight, true)
  }

  func testNewRecordsRoundTripThroughTheJournalAndOldStartsReadWithoutKind() throws {
    let events: [ProgressEvent] = [
      .sessionStarted(session: "s", node: "n", questions: ["q"], at: at(1), kind: .mistakes, seed: (1 << 53) - 1),
      .sessionStarted(session: "t", node: "n", questions: ["q"], at: at(1), kind: .full, seed: nil),
      .skipped(session: "s", question: "q", node: "n", at: at(2), review: ReviewMark(rating: 1)),
      .sessionResumed(session: "s", at: at(3)),
    ]
    for event in events {
      let line = JournalRecord(writer: "w", sequence: 1, event: event).line
      XCTAssertEqual(try JournalRecord(line: Array(line.dropLast())).event, event)
    }
    let old = #"{"writer":"w","seq":1,"type":"start","time":1,"session":"s","node":"n","questions":["q"]}"#
    XCTAssertEqual(
      try JournalRecord(line: Array(old.utf8)).event,
      .sessionStarted(
        session: "s", node: "n", questions: ["q"], at: Date(millisecondsSince1970: 1), kind: nil, seed: nil))
  }

  func testHistoryKeepsOnlyTheLatestResults() {
    var state = ProgressState()
    for i in 0..<25 { state.apply(answer(1, correct: i % 2 == 0)) }
    XCTAssertEqual(state.questions["q1"]?.recentResults.count, QuestionProgress.historyLimit)
    XCTAssertEqual(state.questions["q1"]?.recentResults.last, true)
    XCTAssertEqual(state.questions["q1"]?.attempts, 25)
  }

  func testRecordsAreAppliedOncePerWriterSequence() {
    var state = ProgressState()
    let first = JournalRecord(writer: "w", sequence: 1, event: .nodeOpened(node: "n", at: at(0)))
    XCTAssertTrue(state.apply(first))
    XCTAssertFalse(state.apply(first))
    XCTAssertTrue(
      state.apply(JournalRecord(writer: "v", sequence: 1, event: .nodeOpened(node: "n", at: at(1))))
    )
    XCTAssertEqual(state.nodes["n"]?.browseCount, 2)
  }

  func testJournalLineRoundTrips() throws {
    let events: [ProgressEvent] = [
      .nodeOpened(node: "a/b", at: at(1)),
      .sessionStarted(session: "s", node: "a/b", questions: ["x", "y"], at: at(2)),
      .answered(
        session: "s", question: "x", node: "a/b", given: "line\nbreak \"quoted\" ü", correct: false,
        at: at(3)),
      .sessionEnded(session: "s", at: at(4), score: 0.75, endedEarly: false),
      .sessionEnded(session: "t", at: at(5), score: nil, endedEarly: true),
    ]
    for (i, event) in events.enumerated() {
      let record = JournalRecord(writer: "w", sequence: i + 1, event: event)
      XCTAssertEqual(record.line.filter { $0 == UInt8(ascii: "\n") }.count, 1)
      let parsed = try JournalRecord(json: JSONParserShim.parse(Array(record.line.dropLast())))
      XCTAssertEqual(parsed, record)
    }
  }

  func testSessionEndedBeforeAnyAnswerHasNoScore() throws {
    var state = ProgressState()
    state.apply(.sessionStarted(session: "s1", node: "n1", questions: ["q1"], at: at(1)))
    state.apply(.sessionEnded(session: "s1", at: at(2), score: nil, endedEarly: true))
    XCTAssertEqual(state.sessions["s1"]?.end, at(2))
    XCTAssertNil(state.sessions["s1"]?.score)
    // Journals written before the score could be null still read, and a wrong type is still refused.
    let line = #"{"writer":"w","seq":1,"type":"end","time":1700000002000,"session":"s1","score":50,"early":false}"#
    let old = try JournalRecord(json: JSONParserShim.parse(Array(line.utf8)))
    XCTAssertEqual(old.event, .sessionEnded(session: "s1", at: at(2), score: 50, endedEarly: false))
    let bad = line.replacingOccurrences(of: #""score":50"#, with: #""score":"50""#)
    XCTAssertThrowsError(try JournalRecord(json: JSONParserShim.parse(Array(bad.utf8)))) {
      XCTAssertEqual(($0 as? JSONProblem)?.message, #""score" must be a number or null"#)
    }
  }

  func testSnapshotRoundTrips() throws {
    var state = ProgressState()
    state.apply(.nodeOpened(node: "n1", at: at(1)))
    state.apply(.sessionStarted(session: "s1", node: "n1", questions: ["q1"], at: at(2)))
    state.apply(answer(1))
    state.apply(.sessionEnded(session: "s1", at: at(9), score: 1, endedEarly: false))
    state.apply(.sessionStarted(session: "s2", node: "n1", questions: ["q1"], at: at(20)))
    state.appliedSequence = ["w1": 4, "w2": 1]
    let decoded = try SnapshotCodec.decode(
      JSONParserShim.parse(Array(JSONWriterShim.pretty(SnapshotCodec.encode(state)).utf8)))
    XCTAssertEqual(decoded, state)
  }

  /// Essay responses are in the snapshot: a compacted state is the journal's replay, so a session
  /// with an essay is as finished (and scored) after compaction as before.
  func testSnapshotRoundTripsEssayResponses() throws {
    let store = try open()
    try store.record(.sessionStarted(session: "s1", node: "n1", questions: ["e1", "q1", "e2"], at: at(0)))
    try store.record(.responded(session: "s1", question: "e1", node: "n1", text: "Ice is lighter.", at: at(1)))
    try store.record(.answered(session: "s1", question: "q1", node: "n1", given: "t", correct: true, at: at(2)))
    try store.record(.responded(session: "s1", question: "e2", node: "n1", text: "", at: at(3)))
    try store.record(.sessionEnded(session: "s1", at: at(4), score: 100, endedEarly: false))
    let replayed = store.state
    XCTAssertEqual(replayed.sessions["s1"]?.result, 100)
    try store.compact()
    store.close()
    XCTAssertEqual(try reloaded(), replayed)
    let encoded = SnapshotCodec.encode(replayed)
    let bytes = Array(JSONWriterShim.pretty(encoded).utf8)
    XCTAssertEqual(try SnapshotCodec.decode(JSONParserShim.parse(bytes)), replayed)
    XCTAssertEqual(SnapshotFastPath.decode(bytes), replayed)
    XCTAssertTrue(JSONWriterShim.compact(encoded).contains(#""responses":[{"question":"e1","text":"Ice is lighter.""#))
  }

  func testStoreRecordsAndReloads() throws {
    let store = try open()
    try store.record(.nodeOpened(node: "n1", at: at(0)))
    try store.record(
      .sessionStarted(session: "s1", node: "n1", questions: ["q1", "q2"], at: at(1)))
    try store.record(answer(1))
    try store.record(answer(2, correct: false))
    try store.record(.sessionEnded(session: "s1", at: at(3), score: 0.5, endedEarly: false))
    XCTAssertEqual(store.takeWarnings(), [])
    let expected = store.state
    XCTAssertEqual(expected.sessions["s1"]?.answers.count, 2)
    store.close()
    XCTAssertEqual(try reloaded(), expected)
    XCTAssertEqual(files(), ["journal.jsonl", "lock"])
    // One compact object per line.
    let lines = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n")
    XCTAssertEqual(lines.count, 5)
    XCTAssertTrue(lines[0].hasPrefix(#"{"writer":""#))
  }

  func testClosedStoreRefuses() throws {
    let store = try open()
    store.close()
    XCTAssertThrowsError(try store.record(answer(1))) { error in
      XCTAssertEqual("\(error)", "The progress store was already closed; open it again.")
    }
  }
}
