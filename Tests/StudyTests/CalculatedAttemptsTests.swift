import CourseOutline
import Foundation
import ProgressStorage
import QuizEngine
import Study
import XCTest

/// The attempt number that picks a calculated question's stored set: answers and skips before the
/// session, so a new session takes the next set and a resumed one the set it showed.
final class CalculatedAttemptsTests: XCTestCase {
  let questions: [Question] = {
    let json = #"""
      {"format": "practice-course", "nodes": [{"id": "d", "title": "Density", "questions": [
        {"id": "a", "type": "calculated", "prompt": "{m}", "explanation": "", "variables": {"m": {"min": 1, "max": 9}}, "answer": "m",
         "sets": [{"m": 1}, {"m": 2}, {"m": 3}], "synchronised": "density"},
        {"id": "b", "type": "calculated", "prompt": "{m}", "explanation": "", "variables": {"m": {"min": 1, "max": 9}}, "answer": "2 * m",
         "sets": [{"m": 1}, {"m": 2}, {"m": 3}], "synchronised": "density"},
        {"id": "c", "type": "calculated", "prompt": "{m}", "explanation": "", "variables": {"m": {"min": 1, "max": 9}}, "answer": "m"},
        {"id": "t", "type": "truefalse", "prompt": "True?", "answer": true, "explanation": ""}]}]}
      """#
    return CourseLoader().parse(Array(json.utf8), file: "t.json").course!.allQuestions
  }()
  var state = ProgressState()
  let start = Date(timeIntervalSince1970: 1_789_948_800)

  /// A session at `hour` asking `asked`: each answered (or, in `skipped`, skipped) unless in `left`.
  func session(
    _ id: String, hour: Double, asked: [String], skipped: Set<String> = [], left: Set<String> = []
  ) {
    let at = start.addingTimeInterval(hour * 3_600)
    state.apply(.sessionStarted(session: id, node: "#d", questions: asked, at: at, kind: .full, seed: 1))
    for question in asked where !left.contains(question) {
      if skipped.contains(question) {
        state.apply(.skipped(session: id, question: question, node: "#d", at: at, review: ReviewMark(rating: 1)))
      } else {
        state.apply(.answered(session: id, question: question, node: "#d", given: "1", correct: false, at: at))
      }
    }
  }

  func testANewSessionCountsEveryEarlierAnswerAndSkip() {
    XCTAssertEqual(CalculatedAttempts.before(nil, of: questions, in: state), ["a": 0, "b": 0, "c": 0])
    session("s1", hour: 1, asked: ["c", "t"])
    session("s2", hour: 2, asked: ["c"], skipped: ["c"])
    session("s3", hour: 3, asked: ["c"], left: ["c"])
    // Answered once, skipped once; the third session never reached it.
    XCTAssertEqual(CalculatedAttempts.before(nil, of: questions, in: state)["c"], 2)
    // Only calculated questions are counted.
    XCTAssertNil(CalculatedAttempts.before(nil, of: questions, in: state)["t"])
  }

  /// Resumed, a session counts what came before it began: not its own answers, nor later sessions'.
  func testAResumedSessionCountsAsWhenItBegan() throws {
    session("s1", hour: 1, asked: ["c"])
    session("s2", hour: 2, asked: ["c", "a"], left: ["a"])
    session("s3", hour: 3, asked: ["a"])
    let resumed = try XCTUnwrap(state.sessions["s2"])
    let counts = CalculatedAttempts.before(resumed, of: questions, in: state)
    XCTAssertEqual(counts["c"], 1)
    XCTAssertEqual(counts["a"], 0)
    // A new session after all three counts them all.
    XCTAssertEqual(CalculatedAttempts.before(nil, of: questions, in: state)["c"], 2)
  }

  /// Synchronised questions take the most any of them has, so they show the same set together.
  func testSynchronisedQuestionsCountTogether() {
    session("s1", hour: 1, asked: ["a", "b"])
    session("s2", hour: 2, asked: ["a"])
    let counts = CalculatedAttempts.before(nil, of: questions, in: state)
    XCTAssertEqual(counts["a"], 2)
    XCTAssertEqual(counts["b"], 2)
    // Drawn with those counts, the two show the same stored set.
    func shown(_ id: String) -> [String: Double]? {
      guard let question = questions.first(where: { $0.id == id }),
        case .calculated(let drawn) = question.drawingValues(seed: 5, attempt: counts[id] ?? 0, learner: "ann").kind
      else { return nil }
      return drawn.values?.mapValues(\.value)
    }
    XCTAssertNotNil(shown("a"))
    XCTAssertEqual(shown("a"), shown("b"))
  }
}
