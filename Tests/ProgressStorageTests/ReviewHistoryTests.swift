import Foundation
import PracticeTestSupport
import Scheduling
import XCTest

@testable import ProgressStorage
@testable import QuizEngine

/// Ratings in the journal: what the review scheduler replays, so the memories can always be rebuilt.
final class ReviewHistoryTests: StoreTestCase {
  /// A learner's history over a few weeks: answers (some fuzzed) and skips, at random times.
  func recordHistory(into store: ProgressStore, seed: UInt64) throws -> [ReviewEvent] {
    var generator = SeededRandomNumberGenerator(seed: seed)
    var time = Date(millisecondsSince1970: 1_796_112_000_000)  // 2026-12-01 08:00 UTC
    var expected: [ReviewEvent] = []
    for session in 0..<12 {
      let id = "s\(session)"
      try store.record(.sessionStarted(session: id, node: "#ch1", questions: ["q1", "q2", "q3"], at: time))
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        time += Double(Int.random(in: 1...600_000, using: &generator)) / 1000
        let question = "q\(Int.random(in: 1...3, using: &generator))"
        let fuzz: Double? = Bool.random(using: &generator) ? Double.random(in: 0..<1, using: &generator) : nil
        if Int.random(in: 0..<5, using: &generator) == 0 {
          try store.record(
            .skipped(session: id, question: question, node: "#ch1", at: time, review: ReviewMark(rating: 1, fuzz: fuzz))
          )
          expected.append(ReviewEvent(questionID: question, time: time, rating: .again, fuzz: fuzz, correct: false))
        } else {
          let rating = Int.random(in: 1...4, using: &generator)
          try store.record(
            .answered(
              session: id, question: question, node: "#ch1", given: "x", correct: rating > 1, at: time,
              review: ReviewMark(rating: rating, fuzz: fuzz)))
          expected.append(
            ReviewEvent(
              questionID: question, time: time, rating: Rating(rawValue: rating)!, fuzz: fuzz, correct: rating > 1))
        }
      }
      try store.record(.sessionEnded(session: id, at: time, score: 50, endedEarly: false))
      time += Double(Int.random(in: 3_600...9 * 86_400, using: &generator))
    }
    return expected
  }

  func testTheHistoryReplaysInTheOrderGivenWithItsRatingsAndFuzz() throws {
    let store = try open()
    let expected = try recordHistory(into: store, seed: 1)
    XCTAssertEqual(store.state.reviewHistory, expected)
    var memories: [String: CardMemory] = [:]
    for event in expected {
      memories[event.questionID] = FSRSScheduler.standard.review(
        memories[event.questionID] ?? .new(due: event.time), rating: event.rating, at: event.time, fuzz: event.fuzz)
    }
    XCTAssertEqual(store.state.memories(), memories)
    XCTAssertEqual(memories.values.map(\.reps).reduce(0, +), expected.count)
  }

  /// The issue's rebuild: the memories from the journal alone equal those from the stored snapshot.
  func testMemoriesRebuiltFromTheJournalAloneEqualTheStoredOnes() throws {
    for seed in 1...5 as ClosedRange<UInt64> {
      try? FileManager.default.removeItem(atPath: dir)
      var store: ProgressStore? = try open(writer: "w")
      _ = try recordHistory(into: store!, seed: seed)
      let fromJournal = try ReadOnlyProgress.load(directory: dir).state
      XCTAssertFalse(FileManager.default.fileExists(atPath: snapshotPath))
      try store!.compact()
      store = nil
      XCTAssertEqual(bytes(journalPath), [], "compaction empties the journal")
      let fromSnapshot = try ReadOnlyProgress.load(directory: dir).state
      XCTAssertEqual(fromSnapshot, fromJournal)
      XCTAssertEqual(fromSnapshot.memories(), fromJournal.memories(), "seed \(seed)")
      XCTAssertFalse(fromSnapshot.memories().isEmpty)
      let reopened = try open(writer: "w")
      XCTAssertEqual(reopened.state.memories(), fromJournal.memories())
    }
  }

  func testRecordsWrittenBeforeRatingsReplayAsGoodOrAgain() throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try write(
      Array(
        """
        {"writer":"old","seq":1,"type":"answer","time":1796112000000,"session":"s","question":"q","node":"n","given":"b","correct":true}
        {"writer":"old","seq":2,"type":"answer","time":1796112600000,"session":"s","question":"q","node":"n","given":"c","correct":false}

        """.utf8), to: journalPath)
    let state = try open().state
    XCTAssertEqual(state.reviewHistory.map(\.rating), [.good, .again])
    XCTAssertEqual(state.memories()["q"]?.reps, 2)
  }

  func testAnswerAndSkipRecordsCarryTheirRatingAndFuzz() throws {
    let store = try open(writer: "w")
    let at = Date(millisecondsSince1970: 1_796_112_000_000)
    try store.record(
      .answered(
        session: "s", question: "q", node: "n", given: "b", correct: true, at: at,
        review: ReviewMark(rating: 4, fuzz: 0.25)))
    try store.record(.skipped(session: "s", question: "q2", node: "n", at: at, review: ReviewMark(rating: 1)))
    let lines = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n")
    XCTAssertTrue(lines[0].hasSuffix(#""correct":true,"rating":4,"fuzz":0.25}"#), String(lines[0]))
    XCTAssertEqual(
      String(lines[1]),
      #"{"writer":"w","seq":2,"type":"skip","time":1796112000000,"session":"s","question":"q2","node":"n","rating":1}"#)
  }

  func testABadRatingIsADamagedLine() throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try write(
      Array(
        #"{"writer":"w","seq":1,"type":"answer","time":1,"session":"s","question":"q","node":"n","given":"b","correct":true,"rating":7}"#
          .utf8) + [10], to: journalPath)
    let progress = try ReadOnlyProgress.load(directory: dir)
    XCTAssertEqual(progress.damagedLines, [1])
  }

  func testAnAnswerOverruledWithBangBangIsRatedHard() throws {
    let store = try open(writer: "w")
    let at = Date(millisecondsSince1970: 1_796_112_000_000)
    try store.record(
      .answered(
        session: "s", question: "q", node: "n", given: "2.7", correct: false, at: at, review: ReviewMark(rating: 1)))
    XCTAssertEqual(store.state.reviewHistory.map(\.rating), [.again])
    try store.record(.overruled(session: "s", question: "q", node: "n", at: at + 5))
    XCTAssertEqual(store.state.reviewHistory.map(\.rating), [.hard])
    XCTAssertEqual(store.state.reviewHistory.map(\.correct), [true])
    let expected = FSRSScheduler.standard.review(.new(due: at), rating: .hard, at: at)
    XCTAssertEqual(store.state.memories()["q"], expected)
    XCTAssertEqual(expected.due, at + 330)  // Hard at the first step: halfway between 1 and 10 minutes
  }
}
