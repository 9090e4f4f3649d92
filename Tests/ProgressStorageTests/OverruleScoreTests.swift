import Foundation
import PracticeTestSupport
import QuizEngine
import XCTest

@testable import ProgressStorage

/// `!!` after a session's end rescores it as its `end` record scored it (``SessionSummary/recordedScore``):
/// the credit, partly right answers by their fraction, over the graded questions set. It once counted
/// right answers over answers given, so partial credit, skips and essays were miscounted.
final class OverruleScoreTests: StoreTestCase {
  /// Four questions: half right, right, a quarter right, wrong; ended at 1.75 of 4.
  func partlyRight() -> ProgressState {
    var state = ProgressState()
    state.apply(.sessionStarted(session: "s", node: "n", questions: ["q1", "q2", "q3", "q4"], at: at(0)))
    for (i, (correct, fraction)) in [(false, 0.5), (true, nil), (false, 0.25), (false, nil)].enumerated() {
      state.apply(
        .answered(
          session: "s", question: "q\(i + 1)", node: "n", given: "x", correct: correct, at: at(i + 1),
          fraction: fraction))
    }
    state.apply(.sessionEnded(session: "s", at: at(5), score: 43.75, endedEarly: false))
    return state
  }

  func testOverrulingKeepsTheOtherAnswersPartialCredit() {
    var state = partlyRight()
    state.apply(.overruled(session: "s", question: "q4", node: "n", at: at(6)))
    // 0.5 + 1 + 0.25 + 1 of 4 (counting right answers of answers given said 50).
    XCTAssertEqual(state.sessions["s"]?.score, 68.75)
    state.apply(.overruled(session: "s", question: "q1", node: "n", at: at(7)))
    XCTAssertEqual(state.sessions["s"]?.score, 81.25)
    XCTAssertEqual(state.sessions["s"]?.score, state.sessions["s"]?.result)
  }

  func testSkipsAndEssaysCountAsTheEndRecordCountedThem() {
    var state = ProgressState()
    state.apply(.sessionStarted(session: "s", node: "n", questions: ["q1", "q2", "q3", "e1"], at: at(0)))
    state.apply(.answered(session: "s", question: "q1", node: "n", given: "a", correct: true, at: at(1)))
    state.apply(.answered(session: "s", question: "q2", node: "n", given: "b", correct: false, at: at(2)))
    state.apply(.skipped(session: "s", question: "q3", node: "n", at: at(3), review: ReviewMark(rating: 1)))
    state.apply(.responded(session: "s", question: "e1", node: "n", text: "…", at: at(4)))
    state.apply(.sessionEnded(session: "s", at: at(5), score: 100.0 / 3, endedEarly: false))
    state.apply(.overruled(session: "s", question: "q2", node: "n", at: at(6)))
    // 2 of the 3 graded questions set: the skip is not right, the essay counts nowhere (it said 100).
    XCTAssertEqual(state.sessions["s"]?.score, 200.0 / 3)
    XCTAssertEqual(state.sessions["s"]?.score, state.sessions["s"]?.result)
  }

  func testASessionEndedWithoutAScoreGetsNone() {
    var state = ProgressState()
    state.apply(.sessionStarted(session: "s", node: "n", questions: ["q1", "q2"], at: at(0)))
    state.apply(.answered(session: "s", question: "q1", node: "n", given: "a", correct: false, at: at(1)))
    state.apply(.sessionEnded(session: "s", at: at(2), score: nil, endedEarly: true))
    state.apply(.overruled(session: "s", question: "q1", node: "n", at: at(3)))
    XCTAssertNil(state.sessions["s"]?.score)
  }

  /// Property: for random finished sessions (right, partly right, wrong, skipped), the score folding
  /// gives after overrides is the one the session's summary would record after the same overrides.
  func testTheRescoreIsTheSummarysRecordedScore() throws {
    var generator = SeededRandomNumberGenerator(seed: 15)
    for round in 0..<300 {
      let count = Int.random(in: 1...12, using: &generator)
      var answers: [AnsweredQuestion] = []
      var state = ProgressState()
      let ids = (0..<count).map { "q\($0)" }
      state.apply(.sessionStarted(session: "s", node: "n", questions: ids, at: at(0)))
      for (i, id) in ids.enumerated() {
        let kind = Int.random(in: 0..<4, using: &generator)
        var answer = AnsweredQuestion(
          questionID: id, number: i + 1, input: "x", given: "x", isCorrect: kind == 0, isSkipped: kind == 3,
          answeredAt: at(i + 1), timeTaken: 1)
        if kind == 3 {
          state.apply(.skipped(session: "s", question: id, node: "n", at: at(i + 1), review: ReviewMark(rating: 1)))
        } else {
          let fraction = kind == 1 ? Double(Int.random(in: 1...9, using: &generator)) / 10 : nil
          answer.fraction = kind == 0 ? 1 : fraction ?? 0
          state.apply(
            .answered(
              session: "s", question: id, node: "n", given: "x", correct: kind == 0, at: at(i + 1), fraction: fraction))
        }
        answers.append(answer)
      }
      func summary() -> SessionSummary {
        let answered = answers.filter { !$0.isSkipped }
        return SessionSummary(
          total: count, answered: answered.count, correct: answered.filter(\.isCorrect).count,
          skipped: count - answered.count, unanswered: 0, score: 0, duration: 1, endedEarly: false, mistakes: [],
          answers: answers)
      }
      state.apply(.sessionEnded(session: "s", at: at(100), score: summary().recordedScore, endedEarly: false))
      for (i, answer) in answers.enumerated()
      where !answer.isSkipped && !answer.isCorrect && Bool.random(using: &generator) {
        // As PracticeSession.overrule marks it.
        answers[i].isCorrect = true
        answers[i].fraction = 1
        answers[i].isOverruled = true
        state.apply(.overruled(session: "s", question: answer.questionID, node: "n", at: at(200 + i)))
        let expected = try XCTUnwrap(summary().recordedScore)
        let folded = try XCTUnwrap(state.sessions["s"]?.score)
        XCTAssertEqual(folded, expected, accuracy: 1e-9, "round \(round), after overruling \(answer.questionID)")
      }
    }
  }
}
