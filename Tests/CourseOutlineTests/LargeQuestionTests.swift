import CourseOutline
import PracticeTestSupport
import QuizEngine
import XCTest

/// Issue 31 item 14: a question with 100,000 options loads in linear time (repeated options were
/// looked for by a search of the list so far, for every option).
final class LargeQuestionTests: XCTestCase {
  static func course(_ question: String) -> [UInt8] {
    Array(
      """
      {"format": "practice-course", "version": 1, "id": "c", "title": "C",
       "nodes": [{"id": "n", "title": "N", "questions": [\(question)]}]}
      """.utf8)
  }

  func load(_ question: String) -> (Course?, [String]) {
    let (course, problems) = CourseLoader().parse(Self.course(question), file: "c.json")
    return (course, problems.map(\.description))
  }

  func testManyOptionsLoadInLinearTime() {
    for type in ["single", "multiple"] {
      GrowthCheck.assertLinear("a \(type) question with many options", base: 5000) { n in
        let options = (0..<n).map { "\"option \($0)\"" }.joined(separator: ",")
        let answer =
          type == "single" ? "0" : "[" + (0..<n).filter { $0 % 2 == 0 }.map(String.init).joined(separator: ",") + "]"
        let field = type == "single" ? "answer" : "answers"
        let (course, problems) = load(
          "{\"id\": \"q\", \"type\": \"\(type)\", \"prompt\": \"P\", \"explanation\": \"\", \"options\": [\(options)], \"\(field)\": \(answer)}"
        )
        XCTAssertEqual(problems, [])
        XCTAssertEqual(course?.allQuestions.first?.kind.options.count, n)
      }
    }
  }

  /// `validate`'s warnings on options the answer normaliser reads alike searched the options so far
  /// for every option (100,000 options: 22 s, twice as many: 80 s).
  func testValidatesWarningsOnManyOptionsTakeLinearTime() throws {
    let folder = TemporaryFolder(prefix: "options")
    GrowthCheck.assertLinear("validate's warnings on many options", base: 2000) { n in
      let options = (0..<n).map { "\"option \($0)\"" }.joined(separator: ",")
      let path = try? folder.write(
        "c\(n).json",
        String(
          decoding: Self.course(
            "{\"id\": \"q\", \"type\": \"single\", \"prompt\": \"P\", \"explanation\": \"\", \"options\": [\(options), \"“option 0”\"], \"answer\": 0}"
          ), as: UTF8.self))
      // The last option (in quotes) reads as the first: one warning, found whatever the count.
      XCTAssertEqual(CourseLoader().textWarnings(path: path ?? "").count, 1)
    }
  }

  func testRepeatsAreFoundInLongListsToo() {
    // Past the length where the check hashes: the repeat is still the first equal option, and a
    // near miss is not one.
    var options = (0..<40).map { "option \($0)" }
    options += ["option 7", "option 7x", "option 39"]
    let list = options.map { "\"\($0)\"" }.joined(separator: ",")
    let (_, problems) = load(
      "{\"id\": \"q\", \"type\": \"single\", \"prompt\": \"P\", \"explanation\": \"\", \"options\": [\(list)], \"answer\": 0}"
    )
    XCTAssertEqual(problems.count, 2, "\(problems)")
    XCTAssertTrue(problems[0].hasSuffix("option 40 repeats option 7 (\"option 7\")"), problems[0])
    XCTAssertTrue(problems[1].hasSuffix("option 42 repeats option 39 (\"option 39\")"), problems[1])
  }

  func testManyMatchingPairsLoadInLinearTime() {
    GrowthCheck.assertLinear("a matching question with many pairs", base: 12000) { n in
      let pairs = (0..<n).map { "[\"i\($0)\", \"a\($0 / 2)\"]" }.joined(separator: ",")
      let (course, problems) = load(
        "{\"id\": \"q\", \"type\": \"matching\", \"prompt\": \"P\", \"explanation\": \"\", \"pairs\": [\(pairs)]}")
      XCTAssertEqual(problems, [])
      XCTAssertEqual(course?.allQuestions.first?.kind.options.count, n / 2)
    }
  }
}
