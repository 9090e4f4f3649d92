import PracticeTime
import QuizEngine
import XCTest

final class PracticeSessionTests: XCTestCase {
  let start = Date(timeIntervalSince1970: 1_000_000)
  func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

  let questions = [
    single(["0 ℃", "100 ℃"], answer: 0, id: "q1"),
    Question(
      id: "q2", prompt: "Ice floats.", explanation: "Less dense.", hint: "Think of icebergs.",
      kind: .trueFalse(answer: true)),
    numeric(2.7, "g/cm³", id: "q3"),
    Question(id: "q4", prompt: "Symbol of water?", explanation: "H2O.", kind: .fill(answers: ["H2O"])),
  ]

  func testPresentsInGivenOrderWithoutSeed() {
    var session = PracticeSession(questions: questions, seed: nil, startedAt: start)
    let first = session.current
    XCTAssertEqual(first?.id, "q1")
    XCTAssertEqual(first?.number, 1)
    XCTAssertEqual(first?.total, 4)
    XCTAssertEqual(first?.options, ["0 ℃", "100 ℃"])
    XCTAssertEqual(first?.optionLabels, ["A", "B"])
    XCTAssertEqual(first?.typeLabel, "single choice")
    XCTAssertNil(first?.hint)
    _ = session.answer("a", at: at(5))
    XCTAssertEqual(session.current?.id, "q2")
    XCTAssertEqual(session.current?.number, 2)
    XCTAssertEqual(session.current?.hint, "Think of icebergs.")
    XCTAssertEqual(session.current?.type, .trueFalse)
    XCTAssertEqual(session.current?.options, [])
  }

  func testInvalidAnswersDoNotAdvance() {
    var session = PracticeSession(questions: questions, seed: nil, startedAt: start)
    XCTAssertEqual(
      session.answer("  ", at: at(1)).invalidMessage,
      "type the letter or number of one option, for example \"A\" or \"1\"")
    XCTAssertEqual(
      session.answer("z", at: at(2)).invalidMessage,
      "there is no option Z; use letters A–B, numbers 1–2 or an option's text")
    XCTAssertEqual(session.current?.id, "q1")
    XCTAssertEqual(session.answers, [])
    _ = session.answer("a", at: at(3))
    _ = session.answer("yes", at: at(4))
    XCTAssertEqual(session.current?.unit?.symbol, "g/cm³")
    XCTAssertEqual(
      session.answer("2.7 kg", at: at(5)).invalidMessage,
      "kg is a unit of mass; this answer needs a density, for example \"12.5 g/cm³\"")
    XCTAssertEqual(session.current?.id, "q3")
  }

  func testFullRunSummary() {
    var session = PracticeSession(questions: questions, seed: nil, startedAt: start)
    XCTAssertEqual(session.answer("b", at: at(10)).feedback?.isCorrect, false)
    XCTAssertEqual(session.answer("对", at: at(15)).feedback?.isCorrect, true)
    XCTAssertEqual(session.answer("2700 kg/m3", at: at(45)).feedback?.isCorrect, true)
    XCTAssertFalse(session.isFinished)
    XCTAssertEqual(session.answer("h2o", at: at(60)).feedback?.isCorrect, true)
    XCTAssertTrue(session.isFinished)
    XCTAssertNil(session.current)
    XCTAssertEqual(
      session.answer("a", at: at(61)).invalidMessage, "the session is over; there is no question to answer")

    // The end is the last answer, not the (later) moment the summary is asked for.
    let summary = session.finish(at: at(100))
    XCTAssertEqual(summary.total, 4)
    XCTAssertEqual(summary.answered, 4)
    XCTAssertEqual(summary.correct, 3)
    XCTAssertEqual(summary.skipped, 0)
    XCTAssertEqual(summary.unanswered, 0)
    XCTAssertEqual(summary.score, 75)
    XCTAssertEqual(summary.duration, 60)
    XCTAssertFalse(summary.endedEarly)
    XCTAssertEqual(
      summary.mistakes,
      [Mistake(questionID: "q1", prompt: "Pick one", given: "B. 100 ℃", expected: "A. 0 ℃", explanation: "Because.")])
    XCTAssertEqual(summary.answers.map(\.questionID), ["q1", "q2", "q3", "q4"])
    XCTAssertEqual(summary.answers.map(\.timeTaken), [10, 5, 30, 15])
    XCTAssertEqual(summary.answers.map(\.input), ["b", "对", "2700 kg/m3", "h2o"])
    XCTAssertEqual(summary.answers.map(\.given), ["B. 100 ℃", "true", "2700 kg/m³", "h2o"])
    XCTAssertEqual(summary.answers[2].answeredAt, at(45))
  }

  func testSkipMovesOnAndIsNotAnswered() {
    var session = PracticeSession(questions: questions, seed: nil, startedAt: start)
    session.skip(at: at(3))
    XCTAssertEqual(session.current?.id, "q2")
    _ = session.answer("t", at: at(5))
    session.skip(at: at(6))
    _ = session.answer("water", at: at(9))
    let summary = session.finish(at: at(9))
    XCTAssertEqual(summary.answered, 2)
    XCTAssertEqual(summary.skipped, 2)
    XCTAssertEqual(summary.correct, 1)
    // Right answers over the questions set: skips count as not right.
    XCTAssertEqual(summary.score, 25)
    XCTAssertEqual(summary.wrong, 1)
    XCTAssertEqual(summary.mistakes.map(\.questionID), ["q4"])
    XCTAssertEqual(summary.answers.map(\.isSkipped), [true, false, true, false])
    XCTAssertEqual(summary.answers[0].input, "")
    XCTAssertFalse(summary.answers[0].isCorrect)
  }

  func testEarlyFinishKeepsAnswers() {
    var session = PracticeSession(questions: questions, seed: nil, startedAt: start)
    _ = session.answer("a", at: at(4))
    _ = session.answer("f", at: at(7))
    _ = session.answer("1 kg", at: at(8))  // invalid: a mass for a density; not recorded
    let summary = session.finish(at: at(20))
    XCTAssertTrue(session.isFinished)
    XCTAssertNil(session.current)
    XCTAssertEqual(summary.answered, 2)
    XCTAssertEqual(summary.correct, 1)
    XCTAssertEqual(summary.unanswered, 2)
    XCTAssertTrue(summary.endedEarly)
    // 1 right of 4 set: the two never reached count as not right.
    XCTAssertEqual(summary.score, 25)
    XCTAssertEqual(summary.duration, 20)
    XCTAssertEqual(summary.mistakes.map(\.given), ["false"])
    // Finishing twice keeps the first end; a finished session ignores skips.
    session.skip(at: at(30))
    XCTAssertEqual(session.finish(at: at(40)), summary)
  }

  func testARestoredSessionGoesOnWhereItStoppedWithItsRecordedResults() {
    var session = PracticeSession(questions: questions, seed: 11, startedAt: start)
    let order = session.presented.map(\.id)
    // Recorded as right even if grading would now say otherwise: history is not regraded.
    session.restoreAnswer("anything", isCorrect: true, at: at(2))
    session.restoreSkip(at: at(3))
    XCTAssertEqual(session.current?.id, order[2])
    XCTAssertEqual(session.current?.number, 3)
    let summary = session.finish(at: at(9))
    XCTAssertEqual(summary.correct, 1)
    XCTAssertEqual(summary.skipped, 1)
    XCTAssertEqual(summary.unanswered, 2)
    XCTAssertEqual(summary.score, 25)
    // The same seed asks the same questions in the same order with the same options.
    let again = PracticeSession(questions: questions, seed: 11, startedAt: start)
    XCTAssertEqual(again.presented, session.presented)
  }

  func testSummaryWhileRunningAndScoreRounding() {
    let three = (1...3).map { single(["a", "b"], answer: 0, id: "r\($0)") }
    var session = PracticeSession(questions: three, seed: nil, startedAt: start)
    _ = session.answer("a", at: at(1))
    _ = session.answer("a", at: at(2))
    _ = session.answer("b", at: at(3))
    let summary = session.summary(at: at(99))
    XCTAssertEqual(summary.score, 67)  // 2 of 3 = 66.7 rounds up
    XCTAssertEqual(summary.duration, 3)

    var running = PracticeSession(questions: three, seed: nil, startedAt: start)
    _ = running.answer("b", at: at(1))
    XCTAssertEqual(running.summary(at: at(12)).duration, 12)
    XCTAssertEqual(running.summary(at: at(12)).score, 0)
  }

  func testEmptySessionIsFinishedAtOnce() {
    var session = PracticeSession(questions: [], seed: 3, startedAt: start)
    XCTAssertTrue(session.isFinished)
    let summary = session.finish(at: at(5))
    XCTAssertEqual(summary.total, 0)
    XCTAssertEqual(summary.score, 0)
    XCTAssertEqual(summary.duration, 0)
  }

  func testSessionIsAValueThatForks() {
    var session = PracticeSession(questions: questions, seed: nil, startedAt: start)
    let before = session
    _ = session.answer("a", at: at(1))
    XCTAssertEqual(before.current?.id, "q1")
    XCTAssertEqual(session.current?.id, "q2")
  }

  func testClocks() {
    let fixed = FixedClock(at(7))
    XCTAssertEqual(fixed.now(), at(7))
    XCTAssertEqual(fixed.now(), fixed.now())
    let clock: any PracticeClock = SystemClock()
    XCTAssertLessThan(abs(clock.now().timeIntervalSinceNow), 5)
  }
}

final class OverruleSessionTests: XCTestCase {
  let start = Date(timeIntervalSince1970: 1_000)
  let questions = [
    Question(id: "q1", prompt: "1 + 1?", explanation: "", kind: .numeric(answer: 2, unit: nil, tolerance: 0)),
    Question(id: "q2", prompt: "2 + 2?", explanation: "", kind: .numeric(answer: 4, unit: nil, tolerance: 0)),
  ]

  func testOverruleMarksTheLastWrongAnswerRightAndDropsTheMistake() {
    var session = PracticeSession(questions: questions, seed: nil, startedAt: start)
    XCTAssertNil(session.overrule(), "nothing graded yet")
    _ = session.answer("3", at: start)
    let overruled = session.overrule()
    XCTAssertEqual(overruled?.questionID, "q1")
    XCTAssertEqual(overruled?.isOverruled, true)
    XCTAssertNil(session.overrule(), "already overruled")
    _ = session.answer("4", at: start)
    XCTAssertNil(session.overrule(), "a right answer has nothing to overrule")
    let summary = session.finish(at: start)
    XCTAssertEqual(summary.correct, 2)
    XCTAssertEqual(summary.overruled, 1)
    XCTAssertEqual(summary.score, 100)
    XCTAssertEqual(summary.mistakes, [])
  }

  func testTheLastAnswerCanBeOverruledAfterTheSessionEnds() {
    var session = PracticeSession(questions: questions, seed: nil, startedAt: start)
    _ = session.answer("2", at: start)
    _ = session.answer("5", at: start)
    XCTAssertTrue(session.isFinished)
    XCTAssertEqual(session.summary(at: start).score, 50)
    XCTAssertEqual(session.overrule()?.questionID, "q2")
    XCTAssertEqual(session.summary(at: start).score, 100)
  }

  func testASkipCannotBeOverruled() {
    var session = PracticeSession(questions: questions, seed: nil, startedAt: start)
    _ = session.answer("9", at: start)
    session.skip(at: start)
    XCTAssertNil(session.overrule())
  }
}
