import CourseOutline
import Foundation
import PracticeJSON
import XCTest

@testable import QuizEngine

/// An essay is asked and written to, and graded by no one: what was written is kept, and it counts
/// in none of a session's figures.
final class EssayTests: XCTestCase {
  let essay = Question(
    id: "e1", prompt: "Why does ice float?", explanation: "Ice is less dense than water.", kind: .essay)
  let choice = Question(
    id: "q1", prompt: "Water freezes at?", explanation: "", kind: .single(options: ["0 ℃", "100 ℃"], answer: 0))

  func testAResponseCountsInNoFigureOfTheSession() {
    let start = Date(timeIntervalSince1970: 0)
    var session = PracticeSession(questions: [essay, choice], seed: nil, startedAt: start, keepingOrder: true)
    XCTAssertEqual(session.current?.type, .essay)
    session.respond("Because it is lighter.", at: start + 30)
    XCTAssertEqual(session.current?.id, "q1")
    _ = session.answer("b", at: start + 40)
    let summary = session.finish(at: start + 50)
    XCTAssertEqual(summary.total, 1)
    XCTAssertEqual(summary.answered, 1)
    XCTAssertEqual(summary.correct, 0)
    XCTAssertEqual(summary.score, 0)
    XCTAssertEqual(summary.answers.map(\.questionID), ["q1"])
    XCTAssertEqual(summary.mistakes.map(\.questionID), ["q1"])
    XCTAssertFalse(summary.endedEarly)
  }

  func testAnEssayNotReachedIsLeftSoTheSessionHasNoScoreYet() {
    let start = Date(timeIntervalSince1970: 0)
    var session = PracticeSession(questions: [choice, essay], seed: nil, startedAt: start, keepingOrder: true)
    _ = session.answer("a", at: start + 10)
    // Quit at the essay: the graded question is answered, the essay is still to come.
    let summary = session.finish(at: start + 20)
    XCTAssertEqual([summary.total, summary.answered, summary.correct], [1, 1, 1])
    XCTAssertEqual(summary.unanswered, 1)
    XCTAssertTrue(summary.endedEarly)
  }

  func testTheSummaryCountsTheEssaysWrittenNotTheSkipped() {
    let start = Date(timeIntervalSince1970: 0)
    let second = Question(id: "e2", prompt: "Why?", explanation: "", kind: .essay)
    var session = PracticeSession(
      questions: [essay, choice, second], seed: nil, startedAt: start, keepingOrder: true)
    session.respond("Because it is lighter.", at: start + 10)
    _ = session.answer("a", at: start + 20)
    session.respond("", at: start + 30)
    let summary = session.finish(at: start + 30)
    XCTAssertEqual([summary.essaysWritten, summary.total, summary.correct, summary.unanswered], [1, 1, 1, 0])
  }

  func testAnEssayAloneScoresNothingAndEndsWhenWrittenTo() {
    var session = PracticeSession(questions: [essay], seed: nil, startedAt: Date(timeIntervalSince1970: 0))
    session.respond("Because it is lighter.", at: Date(timeIntervalSince1970: 5))
    XCTAssertTrue(session.isFinished)
    let summary = session.summary(at: Date(timeIntervalSince1970: 5))
    XCTAssertEqual([summary.total, summary.answered, summary.unanswered, summary.score], [0, 0, 0, 0])
  }

  func testTheNativeFormatKeepsAnEssay() throws {
    let json = essay.json
    XCTAssertEqual(
      JSONWriter.compact(json),
      #"{"id":"e1","type":"essay","prompt":"Why does ice float?","explanation":"Ice is less dense than water."}"#)
    XCTAssertEqual(Question.decode(json).question, essay)
    // An essay has no answers to give: a field of another type is refused, as for any type.
    let wrong = try JSONParser.parse(#"{"id":"e","type":"essay","prompt":"?","explanation":"","answer":1}"#)
    XCTAssertNil(Question.decode(wrong).question)
  }

  func testNoResponseIsReadForAnItemAnalysis() {
    XCTAssertNil(QuestionResponse.read("anything", question: PresentedQuestion(essay)))
    XCTAssertEqual(essay.kind.type.label, "essay (not graded)")
  }
}
