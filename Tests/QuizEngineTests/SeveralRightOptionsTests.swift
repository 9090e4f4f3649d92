import CourseOutline
import PracticeJSON
import QuizEngine
import XCTest

/// A single-choice question with several right options (Moodle's `{= spring = summer ~ easter}`):
/// any one of them is right; and options that differ only in letter case are two options.
final class SeveralRightOptionsTests: XCTestCase {
  let seasons = Question(
    id: "s", prompt: "A season?", explanation: "",
    kind: .single(options: ["spring", "summer", "winter", "autumn", "easter"], answer: 0, alsoRight: [1, 2, 3]))

  func testEachRightOptionIsRightByLetterAndByText() {
    for input in ["A", "b", "3", "autumn", "summer"] {
      XCTAssertEqual(graded(seasons, input)?.isCorrect, true, input)
    }
    XCTAssertEqual(graded(seasons, "E")?.isCorrect, false)
    // A wrong answer names every right option, as Moodle's "The correct answers are: …".
    XCTAssertEqual(
      graded(seasons, "easter")?.expected, "A. spring or B. summer or C. winter or D. autumn")
    XCTAssertEqual(
      graded(seasons, "A", order: [4, 1, 0, 2, 3])?.expected, "B. summer or C. spring or D. winter or E. autumn")
    // Shuffled: presented option A is course option 4 (easter), B is course option 1 (summer).
    XCTAssertEqual(graded(seasons, "B", order: [4, 1, 0, 2, 3])?.isCorrect, true)
    XCTAssertEqual(graded(seasons, "A", order: [4, 1, 0, 2, 3])?.isCorrect, false)
  }

  func testSeveralRightOptionsAreAnArrayInTheCourseAndOneStaysAnInteger() throws {
    XCTAssertEqual(JSONWriter.compact(seasons.json["answer"]!), "[0,1,2,3]")
    XCTAssertEqual(Question.decode(seasons.json).question, seasons)
    let one = Question(id: "o", prompt: "?", explanation: "", kind: .single(options: ["a", "b"], answer: 1))
    XCTAssertEqual(JSONWriter.compact(one.json["answer"]!), "1")
    let json = try JSONParser.parse(
      #"{"id":"q","type":"single","prompt":"?","explanation":"","options":["a","b"],"answer":[1,1,5]}"#)
    XCTAssertEqual(
      Question.decode(json).problems.map(\.message),
      [
        "question \"q\": answer 1 is listed twice",
        "question \"q\": answer 5 is not among its 2 options (0...1)",
      ])
  }

  func testOptionsThatDifferOnlyInCaseAreDistinctAndAnsweredByLetter() throws {
    let json = try JSONParser.parse(
      #"{"id":"q","type":"single","prompt":"8 bits?","explanation":"","options":["GB","Gb","MB"],"answer":0}"#)
    let question = try XCTUnwrap(Question.decode(json).question)
    XCTAssertEqual(graded(question, "A")?.isCorrect, true)
    XCTAssertEqual(graded(question, "B")?.isCorrect, false)
    // By text the two cannot be told apart: the text is not taken as either of them.
    XCTAssertNotNil(invalid(question, "Gb"))
    XCTAssertEqual(graded(question, "mb")?.isCorrect, false)
  }
}
