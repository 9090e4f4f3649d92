import Foundation
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

/// Issue 31 item 13: folding `override` records is linear in the journal, in every order they come.
final class OverrideFoldTimeTests: StoreTestCase {
  /// One session of n wrong answers and n overrides, in `order`; the session ended first when `ended`.
  func fold(_ n: Int, overridesLast: Bool, ended: Bool) -> ProgressState {
    var state = ProgressState()
    state.apply(.sessionStarted(session: "s", node: "n", questions: [], at: at(0)))
    func answer(_ i: Int) {
      state.apply(.answered(session: "s", question: "q\(i)", node: "n", given: "x", correct: false, at: at(1)))
    }
    func overrule(_ i: Int) { state.apply(.overruled(session: "s", question: "q\(i)", node: "n", at: at(2))) }
    if overridesLast {
      for i in 0..<n { answer(i) }
      if ended { state.apply(.sessionEnded(session: "s", at: at(3), score: 0, endedEarly: false)) }
      // The first answered overruled first: a search from the end went through them all.
      for i in 0..<n { overrule(i) }
    } else {
      for i in 0..<n {
        answer(i)
        overrule(i)
      }
    }
    return state
  }

  func testOverridesFoldInLinearTime() {
    for (overridesLast, ended) in [(false, false), (true, false), (true, true)] {
      GrowthCheck.assertLinear("overrides last: \(overridesLast), after the end: \(ended)", base: 3000) { n in
        let state = fold(n, overridesLast: overridesLast, ended: ended)
        XCTAssertEqual(state.sessions["s"]?.answers.filter(\.overruled).count, n)
      }
    }
  }

  func testTheScoreAfterOverridesIsTheSummarysFigure() {
    let state = fold(7, overridesLast: true, ended: true)
    XCTAssertEqual(state.sessions["s"]?.score, 100)
    var partly = ProgressState()
    partly.apply(.sessionStarted(session: "s", node: "n", questions: [], at: at(0)))
    for (i, right) in [true, false, false].enumerated() {
      partly.apply(.answered(session: "s", question: "q\(i)", node: "n", given: "x", correct: right, at: at(1)))
    }
    partly.apply(.sessionEnded(session: "s", at: at(3), score: 33, endedEarly: false))
    partly.apply(.overruled(session: "s", question: "q1", node: "n", at: at(4)))
    // As an `end` record keeps it: unrounded (the summary shows 67 %).
    XCTAssertEqual(partly.sessions["s"]?.score, 200.0 / 3)
    // Answered again after the override: the index follows, the new answer is the one overruled.
    partly.apply(.answered(session: "s", question: "q1", node: "n", given: "y", correct: false, at: at(5)))
    partly.apply(.overruled(session: "s", question: "q1", node: "n", at: at(6)))
    XCTAssertEqual(partly.sessions["s"]?.answers.map(\.overruled), [false, true, false, true])
    // Each question's latest answer counts, once: still 2 of 3.
    XCTAssertEqual(partly.sessions["s"]?.score, 200.0 / 3)
    XCTAssertEqual(partly.questions["q1"]?.correct, 2)
  }

  /// Many resumes of one session: each was a copy of the session's list of resumes.
  func testResumesFoldInLinearTime() {
    GrowthCheck.assertLinear("resume records", base: 5000) { n in
      var state = ProgressState()
      state.apply(.sessionStarted(session: "s", node: "n", questions: [], at: at(0)))
      for i in 0..<n { state.apply(.sessionResumed(session: "s", at: at(i))) }
      XCTAssertEqual(state.sessions["s"]?.resumes.count, n)
    }
  }
}
