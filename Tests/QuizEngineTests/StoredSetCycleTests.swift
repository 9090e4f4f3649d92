import Calculation
import CourseOutline
import Foundation
import PracticeJSON
import QuizEngine
import XCTest

/// A question's stored value sets are shown as Moodle shows them (issue 33 §2): a different set each
/// attempt until all were shown, the same set for the same attempt (a resumed session), and the same
/// set for questions whose datasets are synchronised.
final class StoredSetCycleTests: XCTestCase {
  /// A density question with 5 stored sets; `synchronised` names its group.
  func question(_ id: String, synchronised: String? = nil) throws -> Question {
    let group = synchronised.map { #", "synchronised": "\#($0)""# } ?? ""
    let json = """
      {"id": "\(id)", "type": "calculated", "prompt": "m = {m} g, V = {V} cm³. ρ = ?", "explanation": "",
       "variables": {"m": {"min": 20, "max": 80}, "V": {"min": 10, "max": 40}}, "answer": "m / V", "unit": "g/cm³",
       "sets": [{"m": 27, "V": 10}, {"m": 54, "V": 20}, {"m": 79, "V": 10}, {"m": 89, "V": 10}, {"m": 45, "V": 40}]\(group)}
      """
    let (question, problems) = Question.decode(try JSONParser.parse(json))
    XCTAssertEqual(problems.map(\.message), [])
    return try XCTUnwrap(question)
  }

  func shown(_ question: Question, attempt: Int, learner: String = "ann", seed: UInt64 = 7) throws -> String {
    guard case .calculated(let calculated) = question.drawingValues(seed: seed, attempt: attempt, learner: learner).kind
    else { throw XCTSkip("not calculated") }
    let values = try XCTUnwrap(calculated.values)
    return "m = \(values["m"]!.text), V = \(values["V"]!.text)"
  }

  func testFiveAttemptsShowTheFiveSetsThenTheCycleComesBack() throws {
    let q = try question("rho")
    let five = try (0..<5).map { try shown(q, attempt: $0) }
    XCTAssertEqual(Set(five).count, 5, five.joined(separator: "; "))
    // The sixth attempt starts the cycle again, in the same order.
    XCTAssertEqual(try (5..<10).map { try shown(q, attempt: $0) }, five)
    // The session's seed does not choose a stored set: the attempt does.
    XCTAssertEqual(try shown(q, attempt: 2, seed: 1), try shown(q, attempt: 2, seed: 99))
  }

  /// A resumed session draws again with the attempt counted before it began: the same set.
  func testTheSameAttemptShowsTheSameSet() throws {
    let q = try question("rho")
    for attempt in 0..<5 {
      XCTAssertEqual(try shown(q, attempt: attempt), try shown(q, attempt: attempt))
    }
  }

  func testSynchronisedQuestionsShowTheSameSetAndOthersTheirOwn() throws {
    let a = try question("rho-a", synchronised: "density")
    let b = try question("rho-b", synchronised: "density")
    for attempt in 0..<5 {
      XCTAssertEqual(try shown(a, attempt: attempt), try shown(b, attempt: attempt), "attempt \(attempt)")
    }
    // Unsynchronised, the two start their cycles where their ids put them: not together every time.
    let c = try question("rho-a")
    let d = try question("rho-b")
    let together = try (0..<5).filter { try shown(c, attempt: $0) == shown(d, attempt: $0) }
    XCTAssertTrue(together.isEmpty || together.count == 5, "a cycle keeps its order: \(together)")
    // Learners start at different places (Moodle hashes the user in), each meeting every set.
    let starts = Set(
      try ["ann", "bo", "cy", "di", "ed", "fu", "gil", "hu"].map { try shown(c, attempt: 0, learner: $0) })
    XCTAssertGreaterThan(starts.count, 1)
  }

  /// The key is the learner's and the question's, or the synchronised name's in its place.
  func testTheCycleKey() throws {
    guard case .calculated(let a) = try question("rho-a", synchronised: "density").kind,
      case .calculated(let b) = try question("rho-b", synchronised: "density").kind,
      case .calculated(let c) = try question("rho-a").kind
    else { return XCTFail("not calculated") }
    XCTAssertEqual(
      a.definition.storedSetKey(learner: "ann", questionID: "rho-a"),
      b.definition.storedSetKey(learner: "ann", questionID: "rho-b"))
    XCTAssertNotEqual(
      a.definition.storedSetKey(learner: "ann", questionID: "rho-a"),
      a.definition.storedSetKey(learner: "bo", questionID: "rho-a"))
    XCTAssertNotEqual(
      c.definition.storedSetKey(learner: "ann", questionID: "rho-a"),
      c.definition.storedSetKey(learner: "ann", questionID: "rho-b"))
  }

  /// Without stored sets, the values are the session seed's (each session has its own): the attempt
  /// does not move them, so a session drawn before attempts were counted draws what it drew.
  func testRangesAreDrawnFromTheSeedAlone() throws {
    let json = """
      {"id": "rho", "type": "calculated", "prompt": "m = {m} g, V = {V} cm³. ρ = ?", "explanation": "",
       "variables": {"m": {"min": 20, "max": 80, "decimals": 1}, "V": {"min": 10, "max": 40}}, "answer": "m / V"}
      """
    let q = try XCTUnwrap(Question.decode(try JSONParser.parse(json)).question)
    XCTAssertEqual(q.drawingValues(seed: 3).prompt, q.drawingValues(seed: 3, attempt: 4, learner: "ann").prompt)
    XCTAssertEqual(Set((UInt64(1)...6).map { q.drawingValues(seed: $0, attempt: 1).prompt }).count, 6)
  }

  /// `synchronised` is written back and read again; a value that is not text is an error.
  func testSynchronisedIsReadAndWritten() throws {
    guard case .calculated(let a) = try question("rho-a", synchronised: "density").kind else {
      return XCTFail("not calculated")
    }
    XCTAssertEqual(a.definition.synchronised, "density")
    let members = a.definition.jsonMembers
    XCTAssertEqual(members.first { $0.0 == "synchronised" }?.1.string, "density")
    let broken =
      #"{"id": "x", "type": "calculated", "prompt": "{m}", "explanation": "", "variables": {"m": {"min": 1, "max": 2}}, "answer": "m", "synchronised": 3}"#
    let (question, problems) = Question.decode(try JSONParser.parse(broken))
    XCTAssertNil(question)
    XCTAssertEqual(problems.map(\.message), [#"question "x": "synchronised" must be a string, found a number"#])
  }
}
