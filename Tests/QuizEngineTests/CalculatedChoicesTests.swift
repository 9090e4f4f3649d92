import Calculation
import CourseOutline
import Foundation
import PracticeJSON
import QuizEngine
import XCTest

/// The choice form of a calculated question (Moodle's calculatedmulti): decoded and written back,
/// its choices shown with the drawn values, graded as `single` and `multiple` grade, and validate's
/// sweep of its choices.
final class CalculatedChoicesTests: XCTestCase {
  let single = """
    {"id": "rho", "type": "calculated", "prompt": "m = {m} g, V = {V} cm³. ρ = ?",
     "explanation": "ρ = m/V = {=m/V} g/cm³",
     "variables": {"m": {"min": 50, "max": 80, "decimals": 1}, "V": {"min": 10, "max": 40}},
     "choices": ["{=m/V} g/cm³", "{=V/m} g/cm³", "{=m*V} g/cm³"], "answer": 0,
     "fractions": [1, 0.5, -0.5], "feedback": ["", "V/m: the wrong way round.", ""]}
    """

  let multiple = """
    {"id": "v", "type": "calculated", "prompt": "A bottle holds {m} g of water. True?",
     "explanation": "V = {m} cm³",
     "variables": {"m": {"min": 200, "max": 600}},
     "choices": ["V = {m} cm³", "V = {=m/1000} L", "V = {=m*1000} cm³"], "answers": [0, 1],
     "significantFigures": 3}
    """

  func question(_ text: String) throws -> Question {
    let (question, problems) = Question.decode(try JSONParser.parse(text))
    XCTAssertEqual(problems.map(\.message), [])
    return try XCTUnwrap(question)
  }

  func testDecodesAsACalculatedQuestionWithChoices() throws {
    let q = try question(single)
    XCTAssertEqual(q.kind.type, .calculated)
    guard case .calculated(let calculated) = q.kind else { return XCTFail("not calculated") }
    let choices = try XCTUnwrap(calculated.definition.choices)
    XCTAssertEqual(choices.texts, ["{=m/V} g/cm³", "{=V/m} g/cm³", "{=m*V} g/cm³"])
    XCTAssertEqual(choices.right, [0])
    XCTAssertFalse(choices.multiple)
    XCTAssertEqual(calculated.definition.answer.formula.text, "m/V")
    XCTAssertEqual(calculated.definition.answer.format, CorrectAnswerFormat(.decimals, 2))
    XCTAssertEqual(q.credit.fractions, [1, 0.5, -0.5])
    // In the course, before values are drawn, the choices are as written.
    XCTAssertEqual(q.kind.options, choices.texts)
    let many = try question(multiple)
    guard case .calculated(let other) = many.kind else { return XCTFail("not calculated") }
    XCTAssertEqual(other.definition.choices?.right, [0, 1])
    XCTAssertEqual(other.definition.choices?.multiple, true)
  }

  func testEncodingReadsBackEqual() throws {
    for text in [single, multiple] {
      let q = try question(text)
      let written = JSONWriter.compact(q.json)
      XCTAssertFalse(written.contains("tolerance"), written)
      let (again, problems) = Question.decode(try JSONParser.parse(written))
      XCTAssertEqual(problems.map(\.message), [])
      XCTAssertEqual(again, q)
    }
  }

  func testTheChoicesShowTheDrawnValuesAndTheValuesTextIsACalculatedQuestions() throws {
    let shown = try question(single).drawingValues(seed: 3)
    guard case .calculated(let calculated) = shown.kind, let values = calculated.values else {
      return XCTFail("no values drawn")
    }
    let (m, v) = (values["m"]!.value, values["V"]!.value)
    XCTAssertEqual(
      shown.kind.options,
      [String(format: "%.2f", m / v), String(format: "%.2f", v / m), String(format: "%.2f", m * v)].map {
        $0 + " g/cm³"
      })
    XCTAssertEqual(calculated.valuesText, "m = \(values["m"]!.text), V = \(values["V"]!.text)")
    // The explanation's value is written as the right choice shows it.
    XCTAssertEqual(shown.explanation, "ρ = m/V = " + String(format: "%.2f", m / v) + " g/cm³")
  }

  /// Graded as `single` is, in the session's shuffled order: the right choice, a choice with part of
  /// the credit, one with a negative fraction (nothing, as Moodle's multichoice), by letter or text.
  func testASingleChoiceIsGradedAsSingleIs() throws {
    let q = try question(single)
    for seed in UInt64(1)...50 {
      let session = PracticeSession(questions: [q], seed: seed, startedAt: Date(timeIntervalSince1970: 0))
      let shown = session.presented[0]
      let letter = { (index: Int) in shown.optionLabels[shown.optionOrder.firstIndex(of: index)!] }
      let right = shown.grade(letter(0)).feedback
      XCTAssertEqual(right?.isCorrect, true, "seed \(seed)")
      XCTAssertEqual(shown.grade(shown.question.kind.options[0]).feedback?.isCorrect, true, "seed \(seed)")
      let half = try XCTUnwrap(shown.grade(letter(1)).feedback)
      XCTAssertFalse(half.isCorrect)
      XCTAssertEqual(half.fraction, 0.5)
      XCTAssertEqual(half.answerFeedback, "V/m: the wrong way round.")
      let negative = try XCTUnwrap(shown.grade(letter(2)).feedback)
      XCTAssertFalse(negative.isCorrect)
      XCTAssertEqual(negative.fraction ?? 0, 0)
      guard case .invalid = shown.grade("A C") else { return XCTFail("two choices of a single-choice question") }
    }
  }

  func testAMultipleChoiceIsGradedAsMultipleIs() throws {
    let q = try question(multiple)
    let session = PracticeSession(questions: [q], seed: 7, startedAt: Date(timeIntervalSince1970: 0))
    let shown = session.presented[0]
    let letters = { (indices: [Int]) in
      indices.map { shown.optionLabels[shown.optionOrder.firstIndex(of: $0)!] }.joined(separator: " ")
    }
    XCTAssertEqual(shown.grade(letters([0, 1])).feedback?.isCorrect, true)
    XCTAssertEqual(shown.grade(letters([0])).feedback?.isCorrect, false)
    XCTAssertEqual(shown.grade(letters([0, 1, 2])).feedback?.isCorrect, false)
    XCTAssertEqual(shown.answerNote, "(choose every right option, e.g. A C)")
    // Moodle's fractions, negative ones too: summed and held to 0…1.
    var weighted = q
    weighted.credit.fractions = [0.5, 0.5, -0.5]
    let shownWeighted = PracticeSession(questions: [weighted], seed: 7, startedAt: Date(timeIntervalSince1970: 0))
      .presented[0]
    XCTAssertEqual(shownWeighted.grade(letters([0])).feedback?.fraction, 0.5)
    XCTAssertEqual(shownWeighted.grade(letters([0, 2])).feedback?.fraction, 0)
    XCTAssertEqual(shownWeighted.grade(letters([0, 1])).feedback?.isCorrect, true)
  }

  /// Property: for any drawn values and any answer, the choice form grades exactly as the `single` or
  /// `multiple` question with the same choices shown, credit and order grades it.
  func testGradingEqualsTheChoiceTypesForEveryDrawAndAnswer() throws {
    let inputs = ["A", "B", "C", "D", "A C", "a b", "B C", "1", "2,3", "E", "x", "abc"]
    for (text, multiple) in [(single, false), (self.multiple, true)] {
      let q = try question(text)
      guard case .calculated(let calculated) = q.kind, let choices = calculated.definition.choices else {
        return XCTFail("no choices")
      }
      for seed in UInt64(1)...40 {
        let session = PracticeSession(questions: [q], seed: seed, startedAt: Date(timeIntervalSince1970: 0))
        let shown = session.presented[0]
        var plain = shown.question
        plain.kind =
          multiple
          ? .multiple(options: plain.kind.options, answers: choices.right)
          : .single(options: plain.kind.options, answer: choices.right[0])
        let twin = PresentedQuestion(plain, optionOrder: shown.optionOrder)
        for input in inputs + shown.options {
          XCTAssertEqual(shown.grade(input), twin.grade(input), "seed \(seed) \(input)")
        }
      }
    }
  }

  func testTheChoiceModelIsTheChoiceTypes() throws {
    let q = try question(single)
    XCTAssertEqual(q.kind.model.randomGuessScore, 1.0 / 3)
    XCTAssertEqual(q.kind.model.creditedAnswerCount, 3)
    XCTAssertEqual(q.kind.model.choiceTally?.right, [0])
    XCTAssertEqual(try question(multiple).kind.model.randomGuessScore, 1.0 / 7)
  }

  func testProblemsOfTheChoiceForm() throws {
    let cases: [(old: String, new: String, expected: String)] = [
      (#""answer": 0"#, #""answer": 3"#, "a right choice must be a 0-based index of \"choices\" (0 to 2), found 3"),
      (
        #""answer": 0"#, #""answer": 0, "answers": [1]"#,
        "use \"answer\" (one choice is chosen) or \"answers\" (several), not both"
      ),
      (
        #""answer": 0,"#, "",
        "a calculated question with \"choices\" needs \"answer\" (the 0-based index of the right choice) or \"answers\" (several)"
      ),
      (#""{=m*V} g/cm³"]"#, #""{=m*{W}} g/cm³"]"#, "\"choices\" uses {W}, which is not one of \"variables\""),
      (
        #""answer": 0,"#, #""answer": 0, "tolerance": 0.1,"#,
        "\"tolerance\" has no use in a calculated question with \"choices\" (the choice made is graded); remove it"
      ),
      (
        #""fractions": [1, 0.5, -0.5]"#, #""fractions": [1, 0.5]"#,
        "\"fractions\" must have one per option (3), found 2"
      ),
      (
        #"["{=m/V} g/cm³", "{=V/m} g/cm³", "{=m*V} g/cm³"]"#, #"["m g/cm³", "V g/cm³", "1 g/cm³"]"#,
        "no choice shows a computed value such as {=m/V}; without one, make it a single or multiple question"
      ),
      (#""{=m*V} g/cm³"]"#, #""{=m/V} g/cm³"]"#, "choice 2 is written as choice 0 is"),
    ]
    for (old, new, expected) in cases {
      XCTAssertTrue(single.contains(old), old)
      let (question, problems) = Question.decode(try JSONParser.parse(single.replacingOccurrences(of: old, with: new)))
      XCTAssertNil(question, new)
      XCTAssertTrue(problems.contains { $0.message.hasSuffix(expected) }, "\(new): \(problems.map(\.message))")
    }
    let typed =
      #"{"id": "t", "type": "calculated", "prompt": "{m}?", "variables": {"m": {"min": 1, "max": 9}}, "answer": "m", "answers": [0]}"#
    let (question, problems) = Question.decode(try JSONParser.parse(typed))
    XCTAssertNil(question)
    XCTAssertTrue(
      problems.contains { $0.message.contains("\"answers\" is for a calculated question with \"choices\"") })
  }

  func sweep(_ text: String) throws -> (errors: [String], warnings: [String]) {
    let found = CalculatedDefinition.sweepProblems(try JSONParser.parse(text))
    return (found.errors.map(\.message), found.warnings.map(\.message))
  }

  func testSweepChecksEveryChoicesFormulas() throws {
    XCTAssertEqual(try sweep(single).errors, [])
    XCTAssertEqual(try sweep(single).warnings, [])
    let found = try sweep(single.replacingOccurrences(of: "{=m*V}", with: "{=m/(V - 20)}"))
    XCTAssertEqual(found.errors.count, 1)
    XCTAssertTrue(found.errors[0].hasPrefix("choices m/(V - 20) fails for "), found.errors[0])
    XCTAssertTrue(
      found.errors[0].hasSuffix(
        ", V = 20: division by zero: "
          + found.errors[0].split(separator: "=")[1].split(separator: ",")[0].trimmingCharacters(in: .whitespaces)
          + " ÷ 0"), found.errors[0])
  }

  /// m/V and V/m read alike when m = V: a right choice that reads as a wrong one is a warning.
  func testSweepWarnsOfChoicesThatShowTheSameText() throws {
    let text = single.replacingOccurrences(
      of: #""m": {"min": 50, "max": 80, "decimals": 1}, "V": {"min": 10, "max": 40}"#,
      with: #""m": {"values": [10, 20]}, "V": {"values": [10, 40]}"#)
    let found = try sweep(text)
    XCTAssertEqual(found.errors, [])
    XCTAssertEqual(found.warnings.count, 1)
    XCTAssertTrue(
      found.warnings[0].hasPrefix(
        "warning: choices \"{=m/V} g/cm³\" and \"{=V/m} g/cm³\" both show \"1.00 g/cm³\" for "),
      found.warnings[0])
    XCTAssertTrue(
      found.warnings[0].hasSuffix("such as m = 10, V = 10; a learner cannot tell them apart"), found.warnings[0])
  }
}
