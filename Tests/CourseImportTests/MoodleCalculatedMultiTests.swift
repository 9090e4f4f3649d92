import Calculation
import CourseImport
import CourseOutline
import Foundation
import PracticeTestSupport
import QuizEngine
import XCTest

/// Moodle's calculatedmulti (Calculated/calculatedmulti.xml: a single-choice bottle, a multiple-answer
/// stick with negative fractions) imported as the choice form of `calculated`, practised with its
/// stored values and graded as multichoice is, exported back as calculatedmulti.
final class MoodleCalculatedMultiTests: XCTestCase {
  func course(_ path: String) throws -> Course {
    let result = try CourseReader().read([path])
    XCTAssertEqual(result.errors.map(\.description), [])
    XCTAssertEqual(result.warnings.map(\.description), [])
    return try XCTUnwrap(result.course)
  }

  let bank = MoodleCalculatedReaderTests.folder.appendingPathComponent("calculatedmulti.xml").path

  func choices(_ question: Question) throws -> (CalculatedQuestion, CalculatedChoices) {
    guard case .calculated(let calculated) = question.kind, let choices = calculated.definition.choices else {
      throw XCTSkip("\(question.id) is not a calculated choice question")
    }
    return (calculated, choices)
  }

  func testTheBankIsReadAsChoices() throws {
    let questions = try course(bank).allQuestions
    XCTAssertEqual(questions.count, 2)
    let (bottle, bottleChoices) = try choices(questions[0])
    XCTAssertEqual(
      bottleChoices,
      CalculatedChoices(texts: ["{={rho}*{mw}} g", "{={mw}/{rho}} g", "{={mw}} g"], right: [0], multiple: false))
    XCTAssertEqual(bottle.definition.answer.format, CorrectAnswerFormat(.decimals, 0))
    XCTAssertEqual(bottle.definition.storedSets.count, 3)
    XCTAssertEqual(questions[0].credit.feedback[2], "That is the mass of the water.")
    let (stick, stickChoices) = try choices(questions[1])
    XCTAssertEqual(stickChoices.right, [0, 1])
    XCTAssertTrue(stickChoices.multiple)
    XCTAssertEqual(stick.definition.answer.format, CorrectAnswerFormat(.significantFigures, 3))
    XCTAssertEqual(questions[1].credit.fractions, [0.5, 0.5, -0.5, -0.5])
    XCTAssertEqual(questions[1].asWritten.settings, ["answernumbering": "ABCD", "shuffleanswers": "0"])
  }

  /// Moodle formats each answer's values in its own format; practice in the right answer's, and says so.
  func testAnswersInDifferentFormatsAreShownInTheRightAnswersWithAWarning() throws {
    var text = try String(contentsOfFile: bank, encoding: .utf8)
    let range = try XCTUnwrap(text.range(of: "<correctanswerlength>3</correctanswerlength>"))
    text.replaceSubrange(range, with: "<correctanswerlength>4</correctanswerlength>")
    let folder = TemporaryFolder(prefix: "calculatedmulti")
    let result = try CourseReader().read([try folder.write("b.xml", text)])
    XCTAssertEqual(result.errors.map(\.description), [])
    XCTAssertEqual(result.warnings.count, 1)
    XCTAssertTrue(
      result.warnings[0].description.hasSuffix(
        "the answers show their values with different decimals or significant figures; every choice shows them as the right answer does (4 significant figures)"
      ), result.warnings[0].description)
    XCTAssertEqual(result.course?.allQuestions.count, 2)
  }

  /// Every session shows one stored set; the choice computed from the shown values is right, the
  /// others wrong, the stick's partly right and penalised as Moodle's multichoice sums fractions.
  func testChoicesArePractisedWithTheStoredValuesAndGradedAsMultichoice() throws {
    let questions = try course(bank).allQuestions
    for seed in UInt64(1)...30 {
      let session = PracticeSession(questions: questions, seed: seed, startedAt: Date(timeIntervalSince1970: 0))
      for shown in session.presented {
        let (calculated, _) = try choices(shown.question)
        let values = try XCTUnwrap(calculated.values)
        let label = { (course: Int) in shown.optionLabels[shown.optionOrder.firstIndex(of: course)!] }
        if let mw = values["mw"]?.value, let rho = values["rho"]?.value {
          let right = String(format: "%.0f g", mw * rho)
          XCTAssertEqual(shown.question.kind.options[0], right)
          XCTAssertEqual(shown.grade(right).feedback?.isCorrect, true, "seed \(seed): \(shown.options)")
          XCTAssertEqual(shown.grade(label(0)).feedback?.isCorrect, true)
          XCTAssertEqual(shown.grade(label(2)).feedback?.isCorrect, false)
        } else {
          let length = try XCTUnwrap(values["L"]?.value)
          XCTAssertTrue([23.5, 48.0, 71.2, 90.6].contains(length))
          XCTAssertEqual(
            shown.question.kind.options[1], DrawnValue(length * 10).text + " mm", "seed \(seed)")
          XCTAssertEqual(shown.grade(label(0) + " " + label(1)).feedback?.isCorrect, true)
          XCTAssertEqual(shown.grade(label(0)).feedback?.fraction, 0.5)
          XCTAssertEqual(shown.grade(label(0) + " " + label(2)).feedback?.fraction, 0)
          XCTAssertEqual(
            shown.grade(label(1) + " " + label(3)).feedback?.answerFeedback,
            "\(label(3)). \(shown.question.kind.options[3]): A millimetre is smaller than a centimetre: multiply by 10."
          )
        }
      }
    }
  }

  /// A course's choice question exported as calculatedmulti reads back as the same question: the
  /// formulas written Moodle's way (`{={m}/{V}}`), so the texts differ, but every choice shows the
  /// same for the same values; the fractions, feedback and right choices are the same.
  func testACourseChoiceQuestionReadsBackFromMoodleXML() throws {
    let original = try course(Repository.path("Tests/PracticeCLITests/Fixtures/calculated-choices.json"))
    let xml = MoodleXMLExporter.text(original)
    XCTAssertEqual(xml.components(separatedBy: "<question type=\"calculatedmulti\">").count - 1, 3)
    XCTAssertTrue(xml.contains("<text>{={m}/{V}} g/cm³</text>"), xml)
    XCTAssertTrue(xml.contains("<single>0</single>"), xml)
    let folder = TemporaryFolder(prefix: "calculatedmulti")
    let again = try course(try folder.write("c.xml", xml)).allQuestions
    XCTAssertEqual(again.count, 3)
    for (before, after) in zip(original.allQuestions, again) {
      let (a, choicesBefore) = try choices(before)
      let (b, choicesAfter) = try choices(after)
      XCTAssertEqual(choicesAfter.right, choicesBefore.right, before.id)
      XCTAssertEqual(choicesAfter.multiple, choicesBefore.multiple, before.id)
      XCTAssertEqual(after.credit, before.credit, before.id)
      XCTAssertEqual(b.definition.answer.format, a.definition.answer.format, before.id)
      // A list of values becomes a range with the values stored (as a typed calculated question's).
      XCTAssertEqual(b.definition.names, a.definition.names, before.id)
      XCTAssertEqual(b.definition.storedSets.count, 20)
      for set in b.definition.storedSets {
        XCTAssertEqual(
          choicesAfter.shown(set, format: b.definition.answer.format),
          choicesBefore.shown(set, format: a.definition.answer.format), before.id)
      }
    }
  }
}
