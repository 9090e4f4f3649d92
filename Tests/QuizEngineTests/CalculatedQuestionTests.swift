import Calculation
import CourseOutline
import Foundation
import PracticeJSON
import QuizEngine
import XCTest

/// The calculated type end to end in the engine: decoded from the course format, values drawn from
/// a seed, graded with Moodle's tolerance and units, written back equal.
final class CalculatedQuestionTests: XCTestCase {
  let json = """
    {"id": "rho", "type": "calculated", "prompt": "m = {m} g, V = {V} cm³. ρ = ?",
     "explanation": "ρ = m/V = {m} g ÷ {V} cm³ = {=m/V} g/cm³", "hint": "ρ = m/V",
     "variables": {"m": {"min": 20, "max": 80, "decimals": 1}, "V": {"min": 10, "max": 40}},
     "answer": "m / V", "unit": "g/cm³",
     "otherAnswers": [{"answer": "V / m", "fraction": 0, "feedback": "That is V/m."}]}
    """

  func question() throws -> Question {
    let (question, problems) = Question.decode(try JSONParser.parse(json))
    XCTAssertEqual(problems.map(\.message), [])
    return try XCTUnwrap(question)
  }

  func values(_ question: Question) throws -> [String: DrawnValue] {
    guard case .calculated(let calculated) = question.kind else { throw XCTSkip("not calculated") }
    return try XCTUnwrap(calculated.values)
  }

  func testTheSameSeedDrawsTheSameValuesAndOthersDrawOthers() throws {
    let q = try question()
    XCTAssertEqual(q.kind.type, .calculated)
    let first = q.drawingValues(seed: 1)
    XCTAssertEqual(try values(first), try values(q.drawingValues(seed: 1)))
    let drawn = Set(try (1...20).map { try values(q.drawingValues(seed: $0))["m"]!.text })
    XCTAssertGreaterThan(drawn.count, 15)
    // The texts show the values.
    let m = try values(first)["m"]!
    let v = try values(first)["V"]!
    XCTAssertEqual(first.prompt, "m = \(m.text) g, V = \(v.text) cm³. ρ = ?")
    XCTAssertEqual(
      first.explanation,
      "ρ = m/V = \(m.text) g ÷ \(v.text) cm³ = \(String(format: "%.2f", m.value / v.value)) g/cm³")
  }

  /// For many draws: the value computed from the shown numbers is right, in its unit or another;
  /// off by more than 1 % it is wrong; V/m gets its feedback.
  func testTheAnswerComputedFromTheShownValuesIsRight() throws {
    let q = try question()
    for seed in UInt64(1)...200 {
      let shown = q.drawingValues(seed: seed)
      let values = try values(shown)
      let rho = values["m"]!.value / values["V"]!.value
      let presented = PresentedQuestion(shown)
      XCTAssertEqual(presented.grade(String(format: "%.3f", rho)).feedback?.isCorrect, true, "seed \(seed)")
      XCTAssertEqual(presented.grade(String(format: "%.1f kg/m³", rho * 1000)).feedback?.isCorrect, true)
      XCTAssertEqual(presented.grade(String(rho * 1.02)).feedback?.isCorrect, false, "seed \(seed)")
      XCTAssertEqual(presented.grade(String(rho * 0.98)).feedback?.isCorrect, false, "seed \(seed)")
      let inverse = presented.grade(String(values["V"]!.value / values["m"]!.value)).feedback
      XCTAssertEqual(inverse?.answerFeedback, "That is V/m.")
      XCTAssertEqual(inverse?.expected, String(format: "%.2f", rho) + " g/cm³")
    }
  }

  func testAQuestionInTheCourseHasNoValuesAndCannotBeGraded() throws {
    let shown = PresentedQuestion(try question())
    guard case .invalid = shown.grade("2.7") else { return XCTFail("graded without values") }
  }

  func testASessionDrawsFromItsValueSeed() throws {
    let q = try question()
    let start = Date(timeIntervalSince1970: 0)
    let a = PracticeSession(questions: [q], seed: 4, startedAt: start, valueSeed: 9)
    let b = PracticeSession(questions: [q], seed: 4, startedAt: start, valueSeed: 9)
    let c = PracticeSession(questions: [q], seed: 4, startedAt: start, valueSeed: 10)
    XCTAssertEqual(a.presented[0].prompt, b.presented[0].prompt)
    XCTAssertNotEqual(a.presented[0].prompt, c.presented[0].prompt)
  }

  func testEncodingReadsBackEqual() throws {
    let q = try question()
    let (again, problems) = Question.decode(try JSONParser.parse(JSONWriter.compact(q.json)))
    XCTAssertEqual(problems.map(\.message), [])
    XCTAssertEqual(again, q)
  }
}
