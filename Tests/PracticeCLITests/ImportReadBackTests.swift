import CourseImport
import CourseOutline
import Foundation
import Localization
import PracticeTestSupport
import QuizEngine
import XCTest

@testable import PracticeCLI

/// `practice import` writes the course a question at a time, each read back as it is written: a
/// course that would not load as the one imported replaces nothing, and one that is written loads
/// as the questions imported.
final class ImportReadBackTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  func testACourseThatWouldNotReadBackLeavesTheOldFileAsItWas() throws {
    let target = try folder.write("course.json", "{\"format\": \"practice-course\", \"nodes\": []}\n")
    let old = try Data(contentsOf: URL(fileURLWithPath: target))
    // Many good questions (more than one buffer of output is written) before one whose answer is not an option.
    var questions = (0..<3000).map {
      Question(
        id: "q\($0)", prompt: "Water boils at 100 degrees, question \($0)", explanation: "",
        kind: .trueFalse(answer: true))
    }
    questions.append(Question(id: "bad", prompt: "Which?", explanation: "", kind: .single(options: ["a"], answer: 3)))
    let node = CourseNode(id: "n", title: "N", parent: nil, depth: 0, ordinal: 1, subtreeEnd: 1, questions: questions)
    let course = Course(id: "c", title: "C", format: .native, nodes: [node], source: "bank.gift")
    guard case .failure(let failure) = ImportCommand.write(course, to: target, mode: nil) else {
      return XCTFail("a course that would not load was written")
    }
    let line = failure.localized(by: .english, path: target)
    XCTAssertTrue(line.hasPrefix("import: the course made would not load (question \"bad\":"), line)
    XCTAssertTrue(
      line.hasSuffix("nothing written, \(target) is as it was: please report this with the files imported"), line)
    XCTAssertFalse(line.contains("\n"))
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), old)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["course.json"])
    // The same course without the bad question replaces it.
    questions.removeLast()
    var good = course
    good.nodes[0].questions = questions
    guard case .success(let size) = ImportCommand.write(good, to: target, mode: nil) else { return XCTFail() }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)).count, size)
    XCTAssertEqual(try CourseLoader().load(path: target).allQuestions, questions)
  }

  /// import, then load: the same questions, in the same outline, for a bank of every type.
  func testAnImportedBankLoadsAsTheQuestionsImported() throws {
    for name in ["bank.gift", "bank-moodle.xml", "bank-aiken.txt", "bank-anki.txt", "bank.csv"] {
      let bank = Repository.path("Data/courses/" + name)
      let output = folder.path("\(name).json")
      let result = try PracticeBinary.run(
        ["import", bank, "--output", output], environment: PracticeBinary.environment(dataDirectory: folder.path),
        currentDirectory: folder.url)
      XCTAssertEqual(result.status, 0, result.stderr)
      let imported = try XCTUnwrap(CourseReader().read([bank]).course, name)
      let loaded = try CourseLoader().load(path: output)
      XCTAssertEqual(loaded.allQuestions, imported.allQuestions, name)
      XCTAssertEqual(loaded.nodes.map(\.title), imported.nodes.map(\.title), name)
      XCTAssertEqual(loaded.nodes.map(\.depth), imported.nodes.map(\.depth), name)
    }
  }

  /// A course over the size practice opens is written (nothing is lost) and said to be too large
  /// at once, with what to do, not when it is first opened.
  func testACourseOverTheSizeLimitIsWrittenWithAWarning() throws {
    let bank = try folder.write("big.gift", GiftMemoryTests.gift(size: 600_000))
    let result = try PracticeBinary.run(
      ["import", bank, "--output", "big.json"],
      environment: PracticeBinary.environment(dataDirectory: folder.path, extra: ["PRACTICE_MAX_COURSE_MB": "1"]),
      currentDirectory: folder.url)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(
      result.stderr.hasPrefix("practice: import: warning: the course will not open as it is: big.json: "), result.stderr
    )
    XCTAssertTrue(result.stderr.hasSuffix(" MB course size limit; split the course or raise PRACTICE_MAX_COURSE_MB\n"))
    XCTAssertTrue(result.stdout.hasPrefix("Imported "), result.stdout)
  }
}
