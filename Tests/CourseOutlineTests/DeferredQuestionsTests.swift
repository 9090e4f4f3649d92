import Foundation
import PracticeJSON
import PracticeTestSupport
import QuizEngine
import XCTest

@testable import CourseOutline

/// A course opened to study leaves its questions as bytes (`DeferredQuestions`): the same course
/// as the eager reader's once decoded, nothing decoded until asked for, and, checked, accepting
/// exactly what the full reader accepts.
final class DeferredQuestionsTests: XCTestCase {
  func deferred(_ bytes: [UInt8]) -> (course: Course?, problems: [CourseProblem]) {
    CourseLoader().parse(bytes, file: "t.json", deferringQuestions: true)
  }

  func assertDeferredReadsTheSame(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws {
    let full = try XCTUnwrap(
      CourseLoader().parse(bytes, file: "t.json", allowingFastPath: false).course, file: file, line: line)
    let course = try XCTUnwrap(deferred(bytes).course, "the deferring path gave up", file: file, line: line)
    XCTAssertNotNil(course.deferredQuestions, file: file, line: line)
    XCTAssertEqual(course.decodedDeferredNodeCount, 0, "opening decoded questions", file: file, line: line)
    // Counts and summaries without decoding anything.
    XCTAssertEqual(course.questionCount, full.questionCount, file: file, line: line)
    XCTAssertEqual(
      course.nodes.map { Array($0.questionSummaries) },
      full.nodes.map { $0.questions.map { QuestionSummary(id: $0.id, type: $0.kind.type) } }, file: file, line: line)
    XCTAssertEqual(course.decodedDeferredNodeCount, 0, "summaries decoded questions", file: file, line: line)
    // One node asked for decodes that node only.
    if let index = full.nodes.indices.first(where: { !full.nodes[$0].questions.isEmpty }) {
      XCTAssertEqual(course.nodes[index].questions, full.nodes[index].questions, file: file, line: line)
      XCTAssertEqual(course.decodedDeferredNodeCount, 1, file: file, line: line)
    }
    XCTAssertTrue(course.checkDeferredQuestions(), file: file, line: line)
    XCTAssertEqual(course.nodes.map(\.questions), full.nodes.map(\.questions), file: file, line: line)
    XCTAssertEqual(course.nodes.map(\.title), full.nodes.map(\.title), file: file, line: line)
    XCTAssertEqual(course.nodes.map(\.subtreeEnd), full.nodes.map(\.subtreeEnd), file: file, line: line)
  }

  /// Whether the deferring path, then its check, accepts the course: what a start without a note does.
  func acceptsAfterCheck(_ bytes: [UInt8]) -> Bool {
    let (course, problems) = deferred(bytes)
    guard let course, problems.isEmpty else { return false }
    return course.checkDeferredQuestions()
  }

  func testTheShippedCoursesReadTheSame() throws {
    for name in ["physics-grade8", "sampler"] {
      try assertDeferredReadsTheSame(try NativeCourseFastPathTests.shipped(name))
    }
  }

  func testRandomCoursesReadTheSame() throws {
    let questions = try NativeCourseFastPathTests.shippedQuestions()
    var rng = SeededRandomNumberGenerator(seed: 32)
    for _ in 0..<40 {
      try assertDeferredReadsTheSame(Array(NativeCourseFastPathTests.randomCourse(&rng, questions: questions).utf8))
    }
  }

  /// A broken question passes the skim but not the check, which the start runs unless the learner's
  /// folder notes these bytes were read without a problem; the full reader then names the problem.
  func testABrokenQuestionFailsTheCheck() throws {
    let questions = try NativeCourseFastPathTests.shippedQuestions()
    let card = #"{"id": "q", "type": "card", "prompt": "?", "explanation": "", "back": "!""#
    for broken in [
      card + #", "hint": 5}"#, card + #", "colour": "red"}"#, card + #", "passage": "none"}"#,
      #"{"id": "q", "type": "fill", "prompt": "?", "explanation": "", "answers": 5}"#,
      #"{"id": "q", "type": "card", "prompt": "?", "explanation": "", "back": "\ud800"}"#,
      #"{"id": "q", "type": "card", "prompt": "?", "explanation": "", "back": "a" "b"}"#,
      #"{"id": "q", "type": "card", "prompt": "?", "explanation": "", "back": tru}"#,
      #"{"id": "q", "type": "card", "prompt": "?", "explanation": "", "back": [1 2]}"#,
    ] {
      var rng = SeededRandomNumberGenerator(seed: 33)
      let bytes = Array(
        NativeCourseFastPathTests.randomCourse(&rng, questions: questions, extraNode: #", "questions": [\#(broken)]"#)
          .utf8)
      XCTAssertFalse(acceptsAfterCheck(bytes), broken)
      XCTAssertFalse(CourseLoader().parse(bytes, file: "t.json", allowingFastPath: false).problems.isEmpty, broken)
    }
  }

  /// Every document of the JSONTestSuite as a question's hint (which must be a string): the skim
  /// and the check accept a course exactly when the full reader does.
  func testTheJSONTestSuiteInAQuestionAgreesWithTheFullReader() throws {
    var checked = 0
    var accepted = 0
    for (name, document) in try Fixtures.jsonTestSuite() {
      let bytes =
        Array(
          #"{"format": "practice-course", "nodes": [{"id": "a", "title": "A", "questions": [{"id": "q", "type": "card", "prompt": "?", "explanation": "", "back": "!", "hint": "#
            .utf8) + document + Array(#"}]}]}"#.utf8)
      let full = CourseLoader().parse(bytes, file: "t.json", allowingFastPath: false).problems.isEmpty
      XCTAssertEqual(acceptsAfterCheck(bytes), full, name)
      checked += 1
      if full { accepted += 1 }
    }
    XCTAssertGreaterThan(checked, 300)
    XCTAssertGreaterThanOrEqual(accepted, 4)
  }

  /// The skim steps over a valid value to where the strict parser's skip ends.
  func testTheSkimEndsWhereTheParserDoes() throws {
    var checked = 0
    for (name, document) in try Fixtures.jsonTestSuite() where (try? JSONParser.parse(document)) != nil {
      let bytes = Array("[".utf8) + document + Array(", 1]".utf8)
      let (strictEnd, skimEnd) = bytes.withUnsafeBufferPointer { buffer -> (Int?, Int?) in
        var strict = JSONScanner(bytes: buffer)
        var skim = JSONScanner(bytes: buffer)
        strict.index = 1
        skim.index = 1
        let strictEnd = (try? strict.skipValue()).map { strict.index }
        let skimEnd = (try? skim.skimValue()).map { skim.index }
        return (strictEnd, skimEnd)
      }
      // A byte order mark begins a document only, not a value inside one.
      guard let strictEnd else { continue }
      XCTAssertEqual(skimEnd, strictEnd, name)
      checked += 1
    }
    XCTAssertGreaterThan(checked, 90)
  }

  func testTheDigestTellsOneByteApart() {
    let text = Array(#"{"format": "practice-course", "nodes": [{"id": "a", "title": "温度"}]}"#.utf8)
    XCTAssertEqual(CourseDigest(of: text), CourseDigest(of: text))
    for index in text.indices {
      var changed = text
      changed[index] ^= 1
      XCTAssertNotEqual(CourseDigest(of: changed), CourseDigest(of: text), "byte \(index)")
    }
    XCTAssertNotEqual(CourseDigest(of: text + [0x20]), CourseDigest(of: text))
    XCTAssertNotEqual(CourseDigest(of: []).value, CourseDigest(of: [0]).value)
    XCTAssertTrue(CourseDigest(of: text).text.hasPrefix("\(text.count)-"))
    XCTAssertEqual(CourseDigest(of: text).text.count, "\(text.count)-".count + 16)
  }
}
