import Calculation
import CourseImport
import CourseOutline
import Foundation
import PracticeTestSupport
import QuizEngine
import XCTest

/// Moodle's calculated banks (Calculated/) imported, practised and exported back: a response computed
/// from the values shown is right and one off by more than the tolerance wrong, and the export reads
/// back to the same questions.
final class MoodleCalculatedRoundTripTests: XCTestCase {
  func course(_ path: String) throws -> Course {
    let result = try CourseReader().read([path])
    XCTAssertEqual(result.errors.map(\.description), [])
    return try XCTUnwrap(result.course)
  }

  func bank(_ name: String) -> String {
    MoodleCalculatedReaderTests.folder.appendingPathComponent(name + ".xml").path
  }

  func definition(_ question: Question) throws -> CalculatedQuestion {
    guard case .calculated(let calculated) = question.kind else { throw XCTSkip("\(question.id) is not calculated") }
    return calculated
  }

  func testBanksArePractisedWithTheirStoredValues() throws {
    for name in ["calculated", "calculatedsimple"] {
      let questions = try course(bank(name)).allQuestions
      XCTAssertEqual(questions.count, 2, name)
      for question in questions {
        let calculated = try definition(question)
        XCTAssertFalse(calculated.definition.storedSets.isEmpty, question.id)
        for seed in UInt64(1)...30 {
          let shown = question.drawingValues(seed: seed)
          let drawn = try definition(shown)
          let values = try XCTUnwrap(drawn.values)
          // A stored set, whole: the values of one of the bank's items, together.
          XCTAssertTrue(calculated.definition.storedSets.contains(values), "\(question.id) seed \(seed)")
          // The prompt shows them, in place of the bank's {names}.
          XCTAssertFalse(shown.prompt.contains("{"), shown.prompt)
          let value = try drawn.definition.answer.formula.evaluate(values.mapValues(\.value))
          let presented = PresentedQuestion(shown)
          XCTAssertEqual(presented.grade(String(value)).feedback?.isCorrect, true, "\(question.id) \(value)")
          let tolerance = drawn.definition.answer.tolerance
          let off = value + 2 * (tolerance.interval(around: value).upperBound - value) + 1
          XCTAssertEqual(presented.grade(String(off)).feedback?.isCorrect, false, "\(question.id) \(off)")
        }
      }
    }
  }

  func testExportReadsBackToTheSameQuestions() throws {
    let folder = TemporaryFolder(prefix: "calculated")
    for name in ["calculated", "calculatedsimple", "calculatedmulti"] {
      let original = try course(bank(name))
      let exported = try folder.write(name + ".xml", MoodleXMLExporter.text(original))
      let again = try course(exported)
      XCTAssertEqual(again.allQuestions.count, original.allQuestions.count)
      for (before, after) in zip(original.allQuestions, again.allQuestions) {
        XCTAssertEqual(try definition(after).definition, try definition(before).definition, before.id)
        XCTAssertEqual(after.prompt, before.prompt)
        XCTAssertEqual(after.hint, before.hint)
        XCTAssertEqual(after.explanation, before.explanation)
        // A calculatedmulti's fractions, feedback and settings (numbering, shuffling) come back too.
        XCTAssertEqual(after.credit, before.credit, before.id)
        XCTAssertEqual(after.asWritten.settings, before.asWritten.settings, before.id)
      }
    }
  }

  /// A teacher's grade and penalty on a calculated question go back to Moodle: they were left out,
  /// and Moodle read a question worth 2 marks with a penalty of 0.1 as worth 1 with a third
  /// (found exporting a teacher's bank back).
  func testTheGradeAndPenaltyGoBackToMoodle() throws {
    let folder = TemporaryFolder(prefix: "calculated")
    for name in ["calculated", "calculatedsimple", "calculatedmulti"] {
      let bank = try String(contentsOfFile: bank(name), encoding: .utf8)
        .replacingOccurrences(
          of: "<defaultgrade>1.0000000</defaultgrade>", with: "<defaultgrade>2.0000000</defaultgrade>"
        )
        .replacingOccurrences(of: "<penalty>0.3333333</penalty>", with: "<penalty>0.1000000</penalty>")
      let xml = MoodleXMLExporter.text(try course(try folder.write(name + ".xml", bank)))
      XCTAssertEqual(xml.components(separatedBy: "<defaultgrade>2.0000000</defaultgrade>").count, 3, name + "\n" + xml)
      XCTAssertEqual(xml.components(separatedBy: "<penalty>0.1000000</penalty>").count, 3, name)
      // Moodle's defaults are not written, as for the other types.
      let plain = MoodleXMLExporter.text(try course(self.bank(name)))
      XCTAssertFalse(plain.contains("<defaultgrade>") || plain.contains("<penalty>"), name)
    }
  }

  /// A course question without stored sets is exported with 20 drawn ones, read back as its stored sets.
  func testAQuestionWithRangesOnlyIsExportedWithTwentyStoredSets() throws {
    let folder = TemporaryFolder(prefix: "calculated")
    let path = try folder.write(
      "c.json",
      """
      {"format": "practice-course", "title": "D", "nodes": [{"id": "d", "title": "D", "questions": [
        {"id": "rho", "type": "calculated", "prompt": "m = {m} g, V = {V} cm³. ρ?", "explanation": "ρ = {=m/V} g/cm³",
         "variables": {"m": {"min": 20, "max": 80, "decimals": 1}, "V": {"values": [10, 20, 25]}},
         "answer": "m / V", "unit": "g/cm³"}]}]}
      """)
    let original = try definition(try course(path).allQuestions[0]).definition
    let xml = MoodleXMLExporter.text(try course(path))
    XCTAssertTrue(xml.contains("<text>{m} / {V}</text>"), xml)
    // Moodle reads `{=…}` in a text with its variables in braces only.
    XCTAssertTrue(xml.contains("<text>ρ = {={m}/{V}} g/cm³</text></generalfeedback>"), xml)
    let again = try definition(try course(try folder.write("c.xml", xml)).allQuestions[0]).definition
    XCTAssertEqual(again.storedSets.count, 20)
    XCTAssertEqual(
      again.answer,
      try CalculatedAnswer(
        formula: Formula("{m} / {V}"), tolerance: original.answer.tolerance, format: original.answer.format))
    XCTAssertEqual(again.unit, "g/cm³")
    XCTAssertEqual(again.variables[0], original.variables[0])
    for set in again.storedSets {
      XCTAssertTrue([10.0, 20, 25].contains(set["V"]!.value))
      XCTAssertTrue((20...80).contains(set["m"]!.value))
    }
  }
}
