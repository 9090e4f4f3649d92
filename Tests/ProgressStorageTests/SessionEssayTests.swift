import Foundation
import PracticeJSON
import XCTest

@testable import ProgressStorage

/// A session with essays: finished once every question it set was answered, skipped or responded
/// to, and scored over its graded questions only (issue 29: it was never finished, so `ls` and
/// `report` showed no score though the session's summary did).
final class SessionEssayTests: XCTestCase {
  private func session(_ questions: [String], _ events: (inout ProgressState) -> Void) -> SessionRecord {
    var state = ProgressState()
    state.apply(.sessionStarted(session: "s", node: "n", questions: questions, at: at(0), kind: .full, seed: 1))
    events(&state)
    return state.sessions["s"]!
  }

  private func answer(_ q: String, _ correct: Bool, _ t: Int, fraction: Double? = nil) -> ProgressEvent {
    .answered(session: "s", question: q, node: "n", given: "x", correct: correct, at: at(t), fraction: fraction)
  }

  private func respond(_ q: String, _ text: String, _ t: Int) -> ProgressEvent {
    .responded(session: "s", question: q, node: "n", text: text, at: at(t))
  }

  func testASessionWithAnEssayWrittenToIsFinishedAndScoredOverItsGradedQuestions() {
    let record = session(["e", "q1", "q2"]) {
      $0.apply(respond("e", "Ice is lighter.", 1))
      $0.apply(answer("q1", true, 2))
      $0.apply(answer("q2", false, 3))
    }
    XCTAssertTrue(record.isFinished)
    XCTAssertFalse(record.isUnfinished)
    XCTAssertFalse(record.isResumable)
    XCTAssertEqual(record.position, 3)
    // 1 of 2 graded questions: the essay is in neither the credit nor the questions set.
    XCTAssertEqual(record.result, 50)
  }

  func testAnEssaySkippedIsAnEmptyResponseAndCountsTheSame() {
    let record = session(["q1", "e"]) {
      $0.apply(answer("q1", false, 1, fraction: 0.5))
      $0.apply(respond("e", "", 2))
    }
    XCTAssertTrue(record.isFinished)
    XCTAssertEqual(record.result, 50)
  }

  func testASessionStoppedBeforeItsEssayIsUnfinishedWithNoScore() {
    let record = session(["q1", "e", "q2"]) {
      $0.apply(answer("q1", true, 1))
    }
    XCTAssertFalse(record.isFinished)
    XCTAssertTrue(record.isResumable)
    XCTAssertNil(record.result)
    let later = session(["q1", "e", "q2"]) {
      $0.apply(answer("q1", true, 1))
      $0.apply(respond("e", "Because.", 2))
    }
    XCTAssertEqual(later.position, 2)
    XCTAssertTrue(later.isUnfinished)
    XCTAssertNil(later.result)
  }

  /// Written to, a session of essays only is a session (its time counts) but has no score.
  func testASessionOfEssaysOnlyIsASessionWithoutAScore() {
    let record = session(["e1", "e2"]) {
      $0.apply(respond("e1", "One.", 5))
      $0.apply(respond("e2", "Two.", 9))
    }
    XCTAssertFalse(record.isEmpty)
    XCTAssertTrue(record.isFinished)
    XCTAssertNil(record.result)
    XCTAssertEqual(record.activeMilliseconds, 9_000)
    XCTAssertEqual(record.lastActivity, at(9))
  }

  /// Time spent runs to the last response as to the last answer (the program died after it).
  func testAResponseIsActivity() {
    let record = session(["q1", "e"]) {
      $0.apply(answer("q1", true, 4))
      $0.apply(respond("e", "Late.", 30))
    }
    XCTAssertEqual(record.activeMilliseconds, 30_000)
    XCTAssertEqual(record.result, 100)
  }

  /// `export --events` gives a base snapshot's responses as `response` records, between the
  /// session's start and end, so the SQL class report finishes the session as the program does.
  func testAnExportedSnapshotKeepsTheResponses() {
    var state = ProgressState()
    state.apply(.sessionStarted(session: "s", node: "n", questions: ["e", "q1"], at: at(0), kind: .full, seed: 1))
    state.apply(respond("e", "", 1))
    state.apply(answer("q1", true, 2))
    state.apply(.sessionEnded(session: "s", at: at(3), score: 100, endedEarly: false))
    let types = LearnerEvents.snapshotRecords(state).compactMap { record in
      record.first { $0.0 == "type" }?.1.string
    }
    XCTAssertEqual(types, ["start", "response", "answer", "end"])
  }

  /// Sessions without essays score as before: the property over random sessions that no response
  /// changes a result but the essays' own.
  func testResponsesChangeNoScoreOfGradedQuestions() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let graded = (0..<Int.random(in: 1...5, using: &generator)).map { "q\($0)" }
      let essays = (0..<Int.random(in: 0...3, using: &generator)).map { "e\($0)" }
      let outcomes = graded.map { _ in Int.random(in: 0...2, using: &generator) }
      func apply(_ state: inout ProgressState) {
        for (i, q) in graded.enumerated() {
          switch outcomes[i] {
          case 0: state.apply(answer(q, true, i + 1))
          case 1: state.apply(answer(q, false, i + 1))
          default:
            state.apply(.skipped(session: "s", question: q, node: "n", at: at(i + 1), review: ReviewMark(rating: 1)))
          }
        }
      }
      let plain = session(graded, apply)
      let mixed = session((graded + essays).shuffled(using: &generator)) {
        apply(&$0)
        for (i, e) in essays.enumerated() { $0.apply(respond(e, i % 2 == 0 ? "" : "text", 10 + i)) }
      }
      XCTAssertEqual(mixed.result, plain.result)
      XCTAssertEqual(mixed.isFinished, plain.isFinished)
      let right = outcomes.filter { $0 == 0 }.count
      XCTAssertEqual(plain.result, Double(right) * 100 / Double(graded.count))
    }
  }
}
