import Foundation
import PracticeTestSupport
import XCTest

/// `validate` warns where the answer normaliser makes two options, or two accepted answers, of one
/// question equal (traditional and simplified characters, quotes), and checks the course's and the
/// questions' reading rules (`kelvinOffset`, `neutralAdditions`, `decimals`, `significantFigures`).
final class ValidateNormalisationTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  func run(_ arguments: [String]) throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      arguments + ["--data-dir", folder.path + "/progress"], stdin: "",
      environment: PracticeBinary.environment(dataDirectory: folder.path, extra: [:]))
  }

  func course(language: String, extra: String = "", questions: String) throws -> String {
    try folder.write(
      "c.json",
      """
      {"format": "practice-course", "version": 1, "id": "c", "title": "C", "language": "\(language)"\(extra),
       "nodes": [{"id": "a", "title": "A", "questions": [\(questions)]}]}
      """)
  }

  static let alike = """
    {"id": "q1", "type": "single", "prompt": "?", "explanation": "", "options": ["后来", "後來", "冰"], "answer": 0},
    {"id": "q2", "type": "fill", "prompt": "?", "explanation": "", "answers": ["冰", "“冰”", "冰 "]}
    """

  func testOptionsAndAnswersTheNormaliserJoinsAreWarnedOf() throws {
    let result = try run(["validate", try course(language: "zh-Hans", questions: Self.alike)])
    XCTAssertEqual(result.status, 0, result.stdout)
    XCTAssertTrue(
      result.stdout.contains(
        "warning: option 1 (\"後來\") reads as option 0 (\"后来\") once answers are normalised; a typed answer cannot tell them apart"
      ), result.stdout)
    XCTAssertTrue(
      result.stdout.contains(
        "warning: accepted answer 1 (\"“冰”\") reads as accepted answer 0 (\"冰\") once answers are normalised; one of them is enough"
      ), result.stdout)
    // `冰 ` equals `冰` before the normaliser already: no news.
    XCTAssertFalse(result.stdout.contains("accepted answer 2"), result.stdout)
  }

  func testACourseInAnotherLanguageKeepsTraditionalCharacters() throws {
    let result = try run(["validate", try course(language: "ja", questions: Self.alike)])
    XCTAssertFalse(result.stdout.contains("option 1"), result.stdout)
    XCTAssertTrue(result.stdout.contains("accepted answer 1"), result.stdout)
  }

  func testReadingRulesAreChecked() throws {
    let questions = """
      {"id": "n1", "type": "numeric", "prompt": "?", "explanation": "", "answer": 1, "decimals": 2, "significantFigures": 2},
      {"id": "n2", "type": "numeric", "prompt": "?", "explanation": "", "answer": 1, "decimals": -1},
      {"id": "n3", "type": "numeric", "prompt": "?", "explanation": "", "answer": 0, "unit": "℃", "kelvinOffset": 273}
      """
    let bad = try run([
      "validate",
      try course(language: "en", extra: #", "kelvinOffset": "273", "neutralAdditions": [1]"#, questions: questions),
    ])
    XCTAssertEqual(bad.status, 1)
    for message in [
      "\"kelvinOffset\" must be a number such as 273 or 273.15", "\"neutralAdditions\" must be an array of words",
      "question \"n1\": use \"decimals\" or \"significantFigures\", not both",
      "question \"n2\": \"decimals\" must be a whole number from 0 to 20, found a number (-1)",
    ] {
      XCTAssertTrue(bad.stdout.contains(message), message + "\n" + bad.stdout)
    }
    XCTAssertFalse(bad.stdout.contains("\"n3\""), bad.stdout)
    let good = try run([
      "validate",
      try course(language: "en", extra: #", "kelvinOffset": 273, "neutralAdditions": ["process"]"#, questions: ""),
    ])
    XCTAssertEqual(good.status, 0, good.stdout)
  }
}
