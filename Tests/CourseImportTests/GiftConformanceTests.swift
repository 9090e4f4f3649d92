import CourseImport
import CourseOutline
import Foundation
import PracticeJSON
import PracticeTestSupport
import QuizEngine
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

  /// Every conformance file the importer accepts makes a course the course loader reads back whole,
  /// and every one it refuses says where: an import never writes a course that does not load.
  func testEveryAcceptedFileMakesACourseThatLoads() throws {
    var accepted = 0
    for folder in ["peg-conformance", "malformed", "mtommasi-examples"] {
      for url in try Conformance.files(folder, ext: "gift") {
        let name = "\(folder)/\(url.lastPathComponent)"
        let result = try CourseReader().read([url.path])
        guard let course = result.course else {
          XCTAssertFalse(result.errors.isEmpty, name)
          XCTAssertTrue(result.errors.allSatisfy { $0.file == url.path && $0.line > 0 && $0.column > 0 }, name)
          continue
        }
        accepted += 1
        let (loaded, problems) = CourseLoader().parse(Array(NativeCourseWriter.text(course).utf8), file: "out.json")
        XCTAssertEqual(problems.map(\.description), [], name)
        XCTAssertEqual(loaded?.allQuestions, course.allQuestions, name)
      }
    }
    XCTAssertGreaterThanOrEqual(accepted, 50)
  }

  /// `src\=https://…` unquoted, as in `unescapedLink.gift`: Moodle reads three image options; each is
  /// named by its file, not cut at the URL's first slash (three "[image: https:]" made a course that
  /// did not load).
  func testUnquotedImageLinksKeepTheirFileNames() throws {
    let url = Conformance.folder.appendingPathComponent("malformed/unescapedLink.gift")
    let course = try XCTUnwrap(CourseReader().read([url.path]).course)
    XCTAssertEqual(
      course.allQuestions.map(\.kind),
      [
        .single(
          options: [
            "[image: photo-1591708318668-3ac92210fbb0]", "[image: photo-1587613990051-1b291c1a7080]",
            "[image: photo-1591880907925-e8a75dc8cc1d]",
          ], answer: 0)
      ])
    XCTAssertEqual(HTMLText.plain("<img src=a.png/>"), "[image: a.png]")
    // Issue 29 §4: never a file name where there is alt text (a file name can give the answer away).
    XCTAssertEqual(HTMLText.plain("<img src='x/b.png' alt=B>"), "[image: B]")
  }

  /// Options that read alike once converted are an error at the question in the bank, not a course
  /// that fails to load later, with `import` and with `--course` alike.
  func testOptionsThatReadAlikeAreALocatedError() throws {
    let folder = TemporaryFolder(prefix: "alike")
    let path = try folder.write("alike.gift", "::Q1:: Pick {=A ~B}\n\n::Q2:: Which? {\n  =<b>x</b>\n  ~x\n}\n")
    let result = try CourseReader().read([path])
    XCTAssertNil(result.course)
    XCTAssertEqual(result.errors.map { "\($0.line):\($0.column)" }, ["3:1"])
    XCTAssertTrue(result.errors[0].message.contains("repeats option 0"), result.errors[0].message)
    // --course opens the good question and leaves the broken one out with one warning.
    let (opened, warnings) = try CourseReader().load(path: path)
    XCTAssertEqual(opened.allQuestions.count, 1)
    XCTAssertEqual(warnings.map { "\($0.line):\($0.column)" }, ["3:1"])
  }

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
