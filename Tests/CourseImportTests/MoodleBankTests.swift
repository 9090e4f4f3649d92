import CourseImport
import CourseOutline
import Foundation
import PracticeJSON
import PracticeTestSupport
import QuizEngine
import XCTest

/// Real banks' questions as Moodle reads them, through to grading and export.
final class MoodleBankTests: XCTestCase {
  func course(_ gift: String) throws -> Course {
    let folder = TemporaryFolder(prefix: "bank")
    let path = try folder.write("bank.gift", gift)
    let result = try CourseReader().read([path])
    XCTAssertEqual(result.errors.map(\.description), [])
    return try XCTUnwrap(result.course)
  }

  func isRight(_ question: Question, _ input: String) -> Bool? {
    guard case .graded(let feedback) = PresentedQuestion(question).grade(input) else { return nil }
    return feedback.isCorrect
  }

  func testEveryAnswerMoodleSplitsOffIsAcceptedAndEveryRightOptionIsRight() throws {
    let questions = try course(
      """
      I {=have been riding=have ridden='ve been riding} since noon.

      Name a season: {= spring = summer = winter = autumn ~ easter}

      She works {~=as~=like} a nurse.

      He {~eats=eat} apples.
      """
    ).allQuestions
    XCTAssertEqual(questions.count, 4)
    XCTAssertEqual(isRight(questions[0], "have ridden"), true)
    XCTAssertEqual(isRight(questions[0], "have been riding"), true)
    XCTAssertEqual(isRight(questions[1], "summer"), true)
    XCTAssertEqual(isRight(questions[1], "D"), true)
    XCTAssertEqual(isRight(questions[1], "easter"), false)
    XCTAssertEqual(isRight(questions[2], "like"), true)
    XCTAssertEqual(isRight(questions[3], "eat"), true)
    XCTAssertEqual(isRight(questions[3], "eats"), false)
  }

  func testPercentThatIsNotAWeightIsTextAndCaseTwinsLoadWithAWarning() throws {
    let folder = TemporaryFolder(prefix: "bank")
    let path = try folder.write(
      "bank.gift", "Magic? {~ %run =%reset ~%time}\n\n8 bits? {=B ~b ~GB ~Gb}\n")
    let result = try CourseReader().read([path])
    XCTAssertEqual(result.errors.map(\.description), [])
    XCTAssertEqual(
      result.warnings.map(\.description),
      [
        "\(path):3:1: warning: options \"B\" and \"b\" differ only in letter case; learners choose them by letter or number",
        "\(path):3:1: warning: options \"GB\" and \"Gb\" differ only in letter case; learners choose them by letter or number",
      ])
    let questions = try XCTUnwrap(result.course).allQuestions
    XCTAssertEqual(questions[0].kind, .single(options: ["%run", "%reset", "%time"], answer: 1))
    XCTAssertEqual(questions[1].kind.options, ["B", "b", "GB", "Gb"])
  }

  func testQuestionNamesSurviveToTheCourseAndBothExports() throws {
    let imported = try course(
      "::EM U5 p34 Gra1.1::I {=have been riding=have ridden} since noon.\n\n::Q2::Q2 is here {T}\n\n"
        + "::Ice floats::Ice floats {T}\n\n::Water freezes at...::Water freezes at 0 ℃ {T}\n\n"
        + "::水的密度::水的密度是多少？{=1 g/cm³ ~2 g/cm³}\n")
    let questions = imported.allQuestions
    // The name Moodle gives a question without one (its whole text, or its start cut with `...`)
    // says nothing more and is not kept; a teacher's short name is, even when the text starts with it.
    XCTAssertEqual(questions.map(\.name), ["EM U5 p34 Gra1.1", "Q2", nil, nil, "水的密度"])
    XCTAssertEqual(questions[0].json["name"]?.string, "EM U5 p34 Gra1.1")
    XCTAssertEqual(Question.decode(questions[0].json).question, questions[0])
    let gift = GiftExporter.text(imported)
    XCTAssertTrue(gift.contains("::EM U5 p34 Gra1.1::I _____ since noon."), gift)
    XCTAssertTrue(MoodleXMLExporter.text(imported).contains("<name><text>EM U5 p34 Gra1.1</text></name>"))
    let folder = TemporaryFolder(prefix: "again")
    let again = try CourseReader().read([try folder.write("again.gift", gift)])
    XCTAssertEqual(again.course?.allQuestions.map(\.name), ["EM U5 p34 Gra1.1", "Q2", nil, nil, "水的密度"])
    XCTAssertTrue(MoodleXMLExporter.text(imported).contains("<name><text>水的密度</text></name>"))
  }
}
