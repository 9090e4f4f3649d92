import CourseOutline
import Foundation
import Localization
import PracticeJSON
import ProgressStorage
import QuizEngine
import XCTest

@testable import Reports

/// A wrong answer to a calculated question's choice form is listed as the choices it chose, shown
/// with the recorded values (issue 33): the letter named a choice only in the session that shuffled
/// them, so the session's order is drawn again from its seed. Checked against sessions as the CLI
/// asks them (``PracticeSession``), for many seeds, single and multiple choice, full and mistakes rounds.
final class CalculatedChoiceMistakeTests: XCTestCase {
  static let courseJSON = #"""
    {"format": "practice-course", "id": "calc", "title": "Calc", "nodes": [
      {"id": "ch2", "title": "Density", "questions": [
        {"id": "m01", "type": "calculated", "prompt": "{m} g, {V} cm³: density?",
         "variables": {"m": {"min": 40, "max": 90, "decimals": 1}, "V": {"values": [10, 20, 25]}},
         "choices": ["{=m/V} g/cm³", "{=V/m} g/cm³", "{=m*V} g/cm³", "{=m-V} g/cm³"], "answer": 0, "decimals": 2,
         "explanation": "ρ = m/V"},
        {"id": "s1", "type": "single", "prompt": "Unit of density?", "options": ["g/cm³", "g", "cm³"], "answer": 0,
         "explanation": "mass per volume"},
        {"id": "m02", "type": "calculated", "prompt": "A bottle holds {m} g of water. Which are right?",
         "variables": {"m": {"min": 200, "max": 600}},
         "choices": ["{=m} cm³", "{=m/1000} L", "{=m/100} L", "{=m*10} cm³"], "answers": [0, 1],
         "significantFigures": 3, "explanation": "V = m/ρ"},
        {"id": "c1", "type": "calculated", "prompt": "{L} cm in m?", "variables": {"L": {"min": 20, "max": 95}},
         "answer": "L / 100", "tolerance": 0.01, "decimals": 2, "unit": "m", "explanation": "1 m = 100 cm"}
      ]}
    ]}
    """#

  func course() throws -> Course {
    let (course, problems) = CourseLoader().parse(Array(Self.courseJSON.utf8), file: "calc.json")
    XCTAssertEqual(problems.map(\.description), [])
    return try XCTUnwrap(course)
  }

  static let start = Date(timeIntervalSince1970: 1_796_112_000)

  /// What each wrong answer should be listed as: the texts the session showed at the letters typed.
  struct Expected: Equatable {
    var question: String
    var given: String
    var chosen: [String]?
  }

  /// Asks `questions` as the CLI does (values from the session's seed), answers each calculated
  /// choice question with a wrong choice (a letter, then letters, then the text of one), records it
  /// in `state` and returns what the report should list.
  func ask(
    _ questions: [Question], seed: UInt64?, id: String, kind: SessionKind, into state: inout ProgressState,
    keepingOrder: Bool = false
  ) -> [Expected] {
    let valueSeed = PracticeSession.valueSeed(seed: seed, sessionID: id)
    let session = PracticeSession(
      questions: questions, seed: seed, startedAt: Self.start, keepingOrder: keepingOrder, valueSeed: valueSeed)
    state.apply(
      .sessionStarted(
        session: id, node: "#ch2", questions: session.presented.map(\.id), at: Self.start, kind: kind, seed: seed))
    var expected: [Expected] = []
    for shown in session.presented {
      guard case .calculated(let calculated) = shown.question.kind, let choices = calculated.definition.choices,
        let values = calculated.shownValues
      else { continue }
      // The wrong choices as shown (their letters), and what typing them chose.
      let wrong = shown.optionOrder.indices.filter { !choices.right.contains(shown.optionOrder[$0]) }
      let letters = choices.multiple ? [wrong[0], wrong[1]] : [wrong[Int((seed ?? 0) % UInt64(wrong.count))]]
      let typed =
        seed.map { $0 % 3 == 2 } == true && !choices.multiple
        ? shown.options[letters[0]]
        : letters.map { shown.optionLabels[$0].lowercased() }.joined(separator: " ")
      XCTAssertEqual(shown.grade(typed).feedback?.isCorrect, false, typed)
      state.apply(
        .answered(
          session: id, question: shown.id, node: "#ch2", given: typed, correct: false, at: Self.start,
          values: ShownValues(values.map { ($0.name, $0.text) })))
      let chosen = letters.map { shown.optionOrder[$0] }.sorted().map { calculated.options[$0] }
      expected.append(Expected(question: shown.id, given: typed, chosen: chosen))
    }
    return expected
  }

  /// The listed choice-form mistakes, sorted as ``sorted(_:)`` sorts (sessions starting together are
  /// listed in no set order).
  func listed(_ course: Course, _ state: ProgressState) -> [Expected] {
    sorted(
      CalculatedMistake.collect(course: course, state: state, nodes: 0..<course.count)
        .filter { $0.questionID != "c1" }
        .map { Expected(question: $0.questionID, given: $0.given, chosen: $0.chosen) })
  }

  func sorted(_ list: [Expected]) -> [Expected] {
    func key(_ e: Expected) -> String {
      [e.question, e.given, e.chosen?.joined(separator: "|") ?? "-"].joined(separator: "/")
    }
    return list.sorted { key($0) < key($1) }
  }

  func testFullSessionsOfManySeedsListTheChoicesTheLettersChose() throws {
    let course = try course()
    var state = ProgressState()
    var expected: [Expected] = []
    for seed in UInt64(1)...24 {
      expected += ask(course.nodes[0].questions, seed: seed, id: "full\(seed)", kind: .full, into: &state)
    }
    let listed = listed(course, state)
    XCTAssertEqual(listed.count, 48)
    XCTAssertEqual(listed, sorted(expected))
    // The seeds showed the choices in many orders: read in the course's order, most letters would
    // have named other choices.
    let orders = state.sessionsByStart.compactMap { RecordedSessionPlan.optionOrders(of: $0, in: course)?["m01"] }
    XCTAssertEqual(orders.count, 24)
    XCTAssertGreaterThan(Set(orders).count, 8)
  }

  func testMistakesRoundsReviewsAndSessionsWithoutSeedListTheChoicesTheLettersChose() throws {
    let course = try course()
    let questions = course.nodes[0].questions
    var state = ProgressState()
    var expected: [Expected] = []
    for seed in UInt64(1)...8 {
      // A mistakes round asks the course-ordered subset its seed shuffles.
      let subset = questions.filter { ["m02", "s1", "m01"].contains($0.id) }
      expected += ask(subset, seed: seed, id: "mistakes\(seed)", kind: .mistakes, into: &state)
      // A review asks in the order chosen (most overdue first), its options shuffled by the seed.
      let overdue = [questions[3], questions[2], questions[0]]
      expected += ask(overdue, seed: seed, id: "review\(seed)", kind: .review, into: &state, keepingOrder: true)
    }
    // `start --in-order`: no seed, the course's order: a is the first choice.
    expected += ask(questions, seed: nil, id: "inorder", kind: .full, into: &state)
    XCTAssertEqual(listed(course, state), sorted(expected))
    XCTAssertEqual(expected.suffix(2).map(\.given), ["b", "c d"])
  }

  /// A session whose order cannot be drawn again (the course's questions changed since: its recorded
  /// order is not what its seed gives) lists the letter as typed, said so.
  func testAnUnreplayableSessionListsTheLetterAsTypedAndSaysSo() throws {
    let course = try course()
    var state = ProgressState()
    state.apply(
      .sessionStarted(
        session: "old", node: "#ch2", questions: ["gone", "m01", "m02", "s1", "c1"], at: Self.start, kind: .full,
        seed: 5))
    state.apply(
      .answered(
        session: "old", question: "m01", node: "#ch2", given: "b", correct: false, at: Self.start,
        values: ShownValues([("m", "71.2"), ("V", "20")])))
    state.apply(
      .answered(
        session: "old", question: "c1", node: "#ch2", given: "0.5", correct: false, at: Self.start,
        values: ShownValues([("L", "29")])))
    let mistakes = CalculatedMistake.collect(course: course, state: state, nodes: 0..<course.count)
    XCTAssertEqual(mistakes.map(\.chosen), [nil, nil])
    XCTAssertEqual(mistakes.map(\.asTyped), [true, false])
    XCTAssertEqual(
      mistakes[0].line(.english), "you: “b” as typed (m = 71.2, V = 20)    right: 3.56 g/cm³")
    XCTAssertEqual(mistakes[1].line(.english), "you: 0.5 (L = 29)    right: 0.29 m")
    XCTAssertEqual(mistakes[0].json["chosen"], .null)
    XCTAssertEqual(mistakes[0].json["asTyped"]?.bool, true)
    XCTAssertEqual(mistakes[1].json["asTyped"]?.bool, false)
  }

  func testTheLineAndTheJSONShowTheChosenTexts() throws {
    let course = try course()
    var state = ProgressState()
    _ = ask(course.nodes[0].questions, seed: 7, id: "s7", kind: .full, into: &state)
    let mistakes = CalculatedMistake.collect(course: course, state: state, nodes: 0..<course.count)
    let multiple = try XCTUnwrap(mistakes.first { $0.questionID == "m02" })
    let chosen = try XCTUnwrap(multiple.chosen)
    XCTAssertEqual(chosen.count, 2)
    XCTAssertTrue(multiple.line(.english).hasPrefix("you: " + chosen.joined(separator: "; ") + " (m = "))
    XCTAssertEqual(multiple.json["chosen"]?.array?.compactMap(\.string), chosen)
    XCTAssertEqual(multiple.json["asTyped"]?.bool, false)
    XCTAssertEqual(multiple.json["given"]?.string, multiple.given)
  }
}
