import CourseImport
import Foundation
import PracticeJSON
import XCTest

/// Every peg-conformance file against the parse its grammar expects, except where Moodle's importer
/// reads the file differently: there we follow Moodle, and each difference is listed below.
final class GiftConformanceTests: XCTestCase {
  func testEveryConformanceFileMeansWhatItsExpectedParseSays() throws {
    let files = try Conformance.files("peg-conformance", ext: "gift")
    XCTAssertGreaterThanOrEqual(files.count, 50)
    var differences: [String] = []
    for url in files {
      let name = url.deletingPathExtension().lastPathComponent
      let (questions, problems) = try Conformance.parse(url)
      for problem in problems where problem.isError { differences.append("\(name): error \(problem)") }
      let expectedJSON = try JSONParser.parse(
        String(contentsOf: url.deletingPathExtension().appendingPathExtension("json"), encoding: .utf8))
      let expected = (expectedJSON.array ?? [expectedJSON]).compactMap(Conformance.expectedFacts)
      let ours = questions.map(Conformance.facts)
      if expected.count != ours.count {
        differences.append("\(name): \(ours.count) questions, expected \(expected.count)")
      }
      for (i, (mine, theirs)) in zip(ours, expected).enumerated() where mine != theirs {
        for (a, b) in zip(mine, theirs) where a != b { differences.append("\(name)#\(i + 1): \(a) | expected \(b)") }
        if mine.count != theirs.count {
          differences.append("\(name)#\(i + 1): \(mine.count) facts | expected \(theirs.count): \(mine) \(theirs)")
        }
      }
    }
    XCTAssertEqual(differences, Self.moodleDiffers, "\n" + differences.joined(separator: "\n"))
  }

  /// Where Moodle's format.php reads the file differently from the PEG grammar; we follow Moodle.
  ///
  /// `{TRUE#A#B}`: Moodle's split_truefalse_comment shows A to a learner who answered wrong (false)
  /// and B to one who answered right (true); the PEG grammar calls A the true feedback whatever the answer.
  /// For a FALSE question the two agree.
  static let moodleDiffers = [
    "TFTwoFeedback#2: true feedback: - | expected true feedback: [moodle] feedback for true",
    "TFTwoFeedback#2: false feedback: [moodle] feedback for true | expected false feedback: -",
    "TFTwoFeedback#3: true feedback: [moodle] feedback for false | expected true feedback: -",
    "TFTwoFeedback#3: false feedback: - | expected false feedback: [moodle] feedback for false",
  ]

  /// Each malformed file: our located errors. Four of the ten are files Moodle imports without
  /// complaint (the other tool is stricter than Moodle); they import here too, as listed.
  func testEveryMalformedFileGivesALocatedError() throws {
    var seen: [String: [String]] = [:]
    for url in try Conformance.files("malformed", ext: "gift") {
      let (questions, problems) = try Conformance.parse(url)
      let name = url.deletingPathExtension().lastPathComponent
      seen[name] = problems.filter(\.isError).map { "\($0.line):\($0.column)" }
      if Self.moodleAccepts[name] != nil {
        XCTAssertFalse(questions.isEmpty, name)
      }
    }
    XCTAssertEqual(
      seen,
      [
        "addedLineBreak": ["1:18", "4:1"], "missingAnswer": ["2:5"], "missingCurly": ["1:21"],
        "missingTitleColon": ["1:1"], "unescapedCharacters": ["6:5"], "unescapedCharacters1": ["3:44"],
        "emptyLines": [], "escapeBracket": [], "unescapedCharacters2": [], "unescapedLink": [],
      ])
  }

  /// Why these four are not errors under Moodle's rules.
  static let moodleAccepts = [
    "emptyLines": "blank lines between questions only separate them",
    "escapeBracket": "b\\{2,\\} has its braces escaped",
    "unescapedCharacters2": "'=' in a question's text (1+1=2) is text; only answers are split at '='",
    "unescapedLink":
      "':' and '//' inside an answer are text; only titles end at '::' and only lines starting '//' are comments",
  ]

  func testFrenchMarkdownBanksImport() throws {
    var total = 0
    for url in try Conformance.files("mtommasi-examples", ext: "gift") {
      let (questions, problems) = try Conformance.parse(url)
      XCTAssertEqual(problems.filter(\.isError), [], url.lastPathComponent)
      total += questions.count
    }
    XCTAssertEqual(total, 38)
    let (markdown, _) = try Conformance.parse(
      Conformance.folder.appendingPathComponent("mtommasi-examples/markdow.gift"))
    XCTAssertEqual(markdown.map(\.text.format), [.markdown, .markdown, .markdown])
    XCTAssertTrue(markdown[1].text.text.contains("\n- [Ada Lovelace](http://fr.wikipedia.org/wiki/Ada_Lovelace)\n"))
  }
}
