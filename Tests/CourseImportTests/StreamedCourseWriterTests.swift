import CourseImport
import CourseOutline
import Foundation
import Localization
import PracticeTestSupport
import QuizEngine
import XCTest

/// `NativeCourseWriter.write`, which `import` streams to the file: the same text as `text(course)`,
/// and each question read back as it is written, so a course that would not load as the one
/// imported is never written (the whole-text check it replaces took 7 times a GIFT bank's size).
final class StreamedCourseWriterTests: XCTestCase {
  enum Never: Error {}

  /// The pieces joined, or the read-back problem in English.
  func streamed(_ course: Course) -> (text: String, problem: String?) {
    var text = ""
    do throws(CourseWriteError<Never>) {
      try NativeCourseWriter.write(course) { (piece) throws(Never) in text += piece }
    } catch {
      guard case .readBack(let problem) = error else { return (text, "output") }
      return (text, problem.description)
    }
    return (text, nil)
  }

  func testTheStreamedTextIsTheWholeTextForEveryBankAndCourse() throws {
    var courses: [(String, Course)] = []
    for path in ["Data/courses/sampler", "Data/courses/physics-grade8"] {
      courses.append((path, try CourseLoader().load(path: Repository.path(path))))
    }
    for name in ["bank.gift", "bank-moodle.xml", "bank-aiken.txt", "bank-anki.txt", "bank.csv"] {
      courses.append((name, try XCTUnwrap(CourseReader().read([Repository.path("Data/courses/" + name)]).course)))
    }
    for folder in ["peg-conformance", "malformed", "mtommasi-examples"] {
      for url in try Conformance.files(folder, ext: "gift") {
        if let course = try CourseReader().read([url.path]).course { courses.append((url.lastPathComponent, course)) }
      }
    }
    XCTAssertGreaterThan(courses.count, 50)
    for (name, course) in courses {
      let (text, problem) = streamed(course)
      XCTAssertNil(problem, name)
      XCTAssertEqual(text, NativeCourseWriter.text(course), name)
    }
  }

  func course(_ questions: [Question], nodeIDs: [String?] = ["a"]) -> Course {
    let nodes = nodeIDs.enumerated().map { i, id in
      CourseNode(
        id: id, title: "Node \(i)", parent: nil, depth: 0, ordinal: i + 1, subtreeEnd: i + 1,
        questions: i == 0 ? questions : [])
    }
    return Course(id: "c", title: "C", format: .native, nodes: nodes, source: "c.json")
  }

  func question(_ id: String, _ kind: Question.Kind, passage: Passage? = nil) -> Question {
    Question(id: id, prompt: "Which?", explanation: "", kind: kind, passage: passage)
  }

  func testAQuestionThatWouldNotDecodeStopsTheWritingBeforeIt() {
    let good = question("q1", .trueFalse(answer: true))
    // An answer that is not one of the options: the loader reports it, so the course would not load.
    let broken = question("q2", .single(options: ["a", "b"], answer: 5))
    let (text, problem) = streamed(course([good, broken]))
    XCTAssertEqual(problem.map { $0.hasPrefix("question \"q2\"") }, true, problem ?? "no problem found")
    XCTAssertTrue(text.contains("\"q1\""))
    XCTAssertFalse(text.contains("\"q2\""), text)
  }

  func testAQuestionThatWouldReadBackAsAnotherStopsTheWriting() {
    // One passage id with two texts: the node writes the first, so the second question would read
    // back with the wrong text.
    let first = question("q1", .fill(answers: ["x"]), passage: Passage(id: "p", text: "The first text (1)"))
    let second = question("q2", .fill(answers: ["y"]), passage: Passage(id: "p", text: "Another text (1)"))
    XCTAssertEqual(
      streamed(course([first, second])).problem,
      "question \"q2\" would read back differently from the question imported")
    let same = question("q2", .fill(answers: ["y"]), passage: Passage(id: "p", text: "The first text (1)"))
    XCTAssertNil(streamed(course([first, same])).problem)
  }

  func testIdsTheLoaderWouldReportStopTheWriting() {
    let twice = [question("q", .trueFalse(answer: true)), question("q", .trueFalse(answer: false))]
    XCTAssertEqual(streamed(course(twice)).problem, "two questions have the id \"q\"")
    XCTAssertEqual(
      streamed(course([question("q", .card(back: "b"))], nodeIDs: ["n", "n"])).problem,
      "two chapters have the id \"n\"")
    var badID = course([question("q", .card(back: "b"))])
    badID.id = ".hidden"
    XCTAssertEqual(streamed(badID).problem?.hasPrefix("course \"id\" must be"), true)
    XCTAssertEqual(streamed(course([], nodeIDs: [])).problem, "the course has no chapters")
  }

  /// What the writer emitted up to a failure of its output is all it emits: the failure is passed on.
  func testAFailingOutputStopsTheWriting() {
    struct Full: Error {}
    var pieces = 0
    do throws(CourseWriteError<Full>) {
      try NativeCourseWriter.write(course([question("q", .trueFalse(answer: true))])) { (_) throws(Full) in
        pieces += 1
        if pieces == 2 { throw Full() }
      }
      XCTFail("the output's failure was not passed on")
    } catch {
      guard case .output = error else { return XCTFail("\(error)") }
    }
    XCTAssertEqual(pieces, 2)
  }
}
