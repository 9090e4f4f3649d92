import CourseOutline
import XCTest

/// Every course format, and the questions in a course, report a wrong field at `file:line:column`
/// of the value at fault, in the words of the catalog: one problem type and one converter behind all.
final class LocatedProblemTests: XCTestCase {
  func problems(_ text: String) -> [String] {
    CourseLoader().parse(Array(text.utf8), file: "t.json").problems.map(\.description)
  }

  /// `line:column` of the first `needle` after `after`, counted here by hand (not by `SourceLocator`).
  func place(of needle: String, in text: String, after: String = "") -> String {
    let start = after.isEmpty ? text.startIndex : text.range(of: after)!.upperBound
    let found = text.range(of: needle, range: start..<text.endIndex)!.lowerBound
    let before = text[..<found]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    return "\(line):\(text.unicodeScalars[lineStart..<found].count + 1)"
  }

  func testChaptersAndParts() {
    let text = "[{\"chapterName\": \"力学\", \"parts\": [\"a\"]},\n {\"chapterName\": 5, \"parts\": [true]}]"
    XCTAssertEqual(
      problems(text),
      [
        "t.json:\(place(of: "5", in: text)): chapter needs \"chapterName\" as a string, found a number",
        "t.json:\(place(of: "true", in: text)): a part title must be a string, found a boolean",
      ])
  }

  func testChapterDTO() {
    let text = "{\"chapterDtoList\": [\n  {\"id\": 1, \"chapterName\": null},\n  {\"id\": [], \"chapterName\": \"b\"}]}"
    XCTAssertEqual(
      problems(text),
      [
        "t.json:\(place(of: "null", in: text)): chapter 1 needs \"chapterName\" as a string, found null",
        "t.json:\(place(of: "[]", in: text)): chapter needs an \"id\" (an integer), found an array",
      ])
  }

  func testNativeNodesAndQuestions() {
    let text = """
      {"format": "practice-course", "nodes": [
        {"id": "n1", "title": 3, "questions": [
          {"id": "q1", "type": "truefalse", "prompt": "?", "explanation": "", "answer": "yes"}]}]}
      """
    XCTAssertEqual(
      problems(text),
      [
        "t.json:\(place(of: "3", in: text)): node \"n1\" needs a \"title\" string, found a number",
        "t.json:\(place(of: "\"yes\"", in: text)): question \"q1\": \"answer\" must be true or false, found a string",
      ])
  }

  /// A question with a problem of its own still claims its id: `validate` lists both problems at once,
  /// not the duplicate only after the first question is mended.
  func testADuplicateQuestionIDIsReportedWhenTheFirstCopyIsBroken() {
    let text = """
      {"format": "practice-course", "nodes": [
        {"id": "n1", "title": "t", "questions": [
          {"id": "q1", "type": "truefalse", "prompt": "?", "explanation": "", "answer": "yes"},
          {"id": "q1", "type": "truefalse", "prompt": "?", "explanation": "", "answer": true}]}]}
      """
    let first = place(of: "\"q1\"", in: text)
    XCTAssertEqual(
      problems(text),
      [
        "t.json:\(place(of: "\"yes\"", in: text)): question \"q1\": \"answer\" must be true or false, found a string",
        "t.json:\(place(of: "\"q1\"", in: text, after: "\"yes\"},")): duplicate question id \"q1\" (first at \(first))",
      ])
  }

  func testAMissingFieldPointsAtItsObject() {
    let text = "{\"format\": \"practice-course\", \"nodes\": [\n  {\"title\": \"t\"}]}"
    XCTAssertEqual(
      problems(text),
      ["t.json:\(place(of: "{", in: text, after: "\n")): node needs an \"id\" string, found none"])
  }
}
