import Foundation
import PracticeJSON
import PracticeTestSupport
import QuizEngine
import XCTest

@testable import CourseOutline

/// The tree-free reader of native courses must build exactly the course the full reader builds,
/// and leave every course with a problem (or anything unusual) to it.
final class NativeCourseFastPathTests: XCTestCase {
  func assertSameCourse(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws {
    XCTAssertNotNil(NativeCourseFastPath.build(bytes, file: "t.json"), "the fast path gave up", file: file, line: line)
    let (fastCourse, fastProblems) = CourseLoader().parse(bytes, file: "t.json")
    let (fullCourse, fullProblems) = CourseLoader().parse(bytes, file: "t.json", allowingFastPath: false)
    XCTAssertEqual(fastProblems, [], file: file, line: line)
    XCTAssertEqual(fullProblems, [], file: file, line: line)
    let fast = try XCTUnwrap(fastCourse, file: file, line: line)
    let full = try XCTUnwrap(fullCourse, file: file, line: line)
    XCTAssertEqual(fast.id, full.id, file: file, line: line)
    XCTAssertEqual(fast.title, full.title, file: file, line: line)
    XCTAssertEqual(fast.format, full.format, file: file, line: line)
    XCTAssertEqual(fast.language, full.language, file: file, line: line)
    XCTAssertEqual(fast.allowsOverride, full.allowsOverride, file: file, line: line)
    XCTAssertEqual(fast.requiresQuestionsOnLeaves, full.requiresQuestionsOnLeaves, file: file, line: line)
    XCTAssertEqual(fast.nodes.count, full.nodes.count, file: file, line: line)
    XCTAssertEqual(fast.nodes.map(\.id), full.nodes.map(\.id), file: file, line: line)
    XCTAssertEqual(fast.nodes.map(\.title), full.nodes.map(\.title), file: file, line: line)
    XCTAssertEqual(fast.nodes.map(\.parent), full.nodes.map(\.parent), file: file, line: line)
    XCTAssertEqual(fast.nodes.map(\.depth), full.nodes.map(\.depth), file: file, line: line)
    XCTAssertEqual(fast.nodes.map(\.ordinal), full.nodes.map(\.ordinal), file: file, line: line)
    XCTAssertEqual(fast.nodes.map(\.subtreeEnd), full.nodes.map(\.subtreeEnd), file: file, line: line)
    XCTAssertEqual(
      fast.nodes.map { $0.details?.description }, full.nodes.map { $0.details?.description }, file: file, line: line)
    XCTAssertEqual(
      fast.nodes.map { $0.details?.fields.count }, full.nodes.map { $0.details?.fields.count }, file: file, line: line)
    XCTAssertEqual(fast.nodes.map(\.questions), full.nodes.map(\.questions), file: file, line: line)
    for i in full.nodes.indices {
      guard let id = full.nodes[i].id else { continue }
      XCTAssertEqual(fast.index(ofID: id), full.index(ofID: id), file: file, line: line)
    }
  }

  func assertLeftToTheFullReader(_ json: String, file: StaticString = #filePath, line: UInt = #line) {
    let bytes = Array(json.utf8)
    XCTAssertNil(NativeCourseFastPath.build(bytes, file: "t.json"), json, file: file, line: line)
    XCTAssertEqual(
      CourseLoader().parse(bytes, file: "t.json").problems,
      CourseLoader().parse(bytes, file: "t.json", allowingFastPath: false).problems, json, file: file, line: line)
  }

  static func shipped(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: Repository.path("Data/courses/\(name)/course.json"))))
  }

  func testTheShippedCoursesReadTheSame() throws {
    for name in ["physics-grade8", "sampler"] { try assertSameCourse(try Self.shipped(name)) }
  }

  /// Every question of the shipped courses, as compact JSON.
  static func shippedQuestions() throws -> [String] {
    var questions: [String] = []
    for name in ["physics-grade8", "sampler"] {
      var stack = try JSONParser.parse(try shipped(name))["nodes"]?.array ?? []
      while let node = stack.popLast() {
        questions += (node["questions"]?.array ?? []).map(JSONWriter.compact)
        stack += node["children"]?.array ?? []
      }
    }
    return questions
  }

  /// A random course: nodes with their keys in any order (children before the title or after),
  /// questions of the shipped courses under new ids, passages, descriptions, header fields.
  static func randomCourse(
    _ rng: inout SeededRandomNumberGenerator, questions: [String], extraNode: String = "", extraHeader: String = ""
  ) -> String {
    var nextNode = 0
    var nextQuestion = 0
    func node(_ level: Int) -> String {
      nextNode += 1
      var fields = ["\"id\": \"n\(nextNode)\"", "\"title\": \"第\(nextNode)节 \\\"Review\\\" \\u00e9\""]
      if level < 3, Bool.random(using: &rng) {
        let children = (0..<Int.random(in: 0...3, using: &rng)).map { _ in node(level + 1) }
        fields.append("\"children\": [\(children.joined(separator: ",\n "))]")
      }
      if Int.random(in: 0..<3, using: &rng) == 0 { fields.append("\"description\": \"d\(nextNode)\"") }
      var items: [String] = []
      for _ in 0..<Int.random(in: 0...2, using: &rng) {
        nextQuestion += 1
        var question = try! JSONParser.parse(questions.randomElement(using: &rng)!)
        guard case .object(var members) = question.kind else { continue }
        members[members.firstIndex { $0.key == "id" }!].value = .string("q\(nextQuestion)")
        if Int.random(in: 0..<4, using: &rng) == 0 { members.append(JSONMember(key: "passage", value: "p")) }
        question.kind = .object(members)
        items.append(JSONWriter.compact(question))
      }
      if !items.isEmpty || Bool.random(using: &rng) {
        fields.append("\"questions\": [\(items.joined(separator: ", "))]")
      }
      if items.contains(where: { $0.contains("\"passage\"") }) || Bool.random(using: &rng) {
        fields.append(#""passages": {"p": "A passage \u4e2d.", "other": ""}"#)
      }
      fields.shuffle(using: &rng)
      return "{" + fields.joined(separator: ", ") + extraNode + "}"
    }
    var header = [#""format": "practice-course""#, #""version": 1"#, #""title": "Random""#]
    if Bool.random(using: &rng) { header.append(#""id": "random-course""#) }
    if Bool.random(using: &rng) { header.append(#""language": "zh-Hans""#) }
    if Bool.random(using: &rng) { header.append(#""kelvinOffset": 273.15"#) }
    if Bool.random(using: &rng) { header.append(#""allowOverride": false"#) }
    if Bool.random(using: &rng) { header.append(#""neutralAdditions": ["about"]"#) }
    header.shuffle(using: &rng)
    let roots = (0..<Int.random(in: 1...4, using: &rng)).map { _ in node(0) }
    return "{\n" + header.joined(separator: ",\n") + extraHeader + ",\n\"nodes\": [" + roots.joined(separator: ", ")
      + "]\n}\n"
  }

  func testRandomCoursesReadTheSame() throws {
    let questions = try Self.shippedQuestions()
    XCTAssertGreaterThan(questions.count, 100)
    var rng = SeededRandomNumberGenerator(seed: 30)
    for _ in 0..<40 { try assertSameCourse(Array(Self.randomCourse(&rng, questions: questions).utf8)) }
  }

  /// The same courses with one problem each (or one unusual thing): never read by the fast path,
  /// and reported as the full reader reports them.
  func testRandomCoursesWithAProblemAreLeftToTheFullReader() throws {
    let questions = try Self.shippedQuestions()
    var rng = SeededRandomNumberGenerator(seed: 31)
    for extraNode in [
      #", "hint": "x""#, #", "id": "again""#, #", "children": 5"#, #", "questions": {}"#,
      #", "questions": [{"id": "q", "type": "card", "prompt": "?", "explanation": ""}]"#,
      #", "passages": {"p": 5}"#, #", "description": 5"#, #", "\u0069d2": "x""#,
    ] {
      assertLeftToTheFullReader(Self.randomCourse(&rng, questions: questions, extraNode: extraNode))
    }
    for extraHeader in [
      #", "version": 2"#, #", "author": "x""#, #", "kelvinOffset": -1"#, #", "requireQuestions": "all""#,
      #", "allowOverride": "no""#, #", "id": ".hidden""#, #", "format": "other""#,
    ] {
      assertLeftToTheFullReader(Self.randomCourse(&rng, questions: questions, extraHeader: extraHeader))
    }
  }

  func testUnusualCoursesAreLeftToTheFullReader() {
    let card = #"{"id": "q1", "type": "card", "prompt": "?", "explanation": "", "back": "!"}"#
    for json in [
      #"{"format": "practice-course", "nodes": []}"#,
      #"{"format": "practice-course"}"#,
      #"{"nodes": [{"id": "a", "title": "A"}], "title": "late"}"#,
      #"{"format": "practice-course", "format": "practice-course", "nodes": [{"id": "a", "title": "A"}]}"#,
      #"{"format": "practice-course", "nodes": [{"id": "a", "title": "A"}, {"id": "a", "title": "B"}]}"#,
      #"{"format": "practice-course", "nodes": [{"id": "1", "title": "A"}, {"id": "1", "title": "B"}]}"#,
      #"{"format": "practice-course", "nodes": [{"id": "", "title": "A"}]}"#,
      #"{"format": "practice-course", "nodes": [{"title": "A"}]}"#,
      #"{"format": "practice-course", "nodes": [{"id": "a"}]}"#,
      #"{"format": "practice-course", "nodes": [{"id": "a", "title": "A"},]}"#,
      #"{"format": "practice-course", "nodes": [{"id": "a", "title": "A", "id": "b"}]}"#,
      #"{"format": "practice-course", "nodes": [{"id": "a", "title": "A"}]} x"#,
      #"{"format": "practice-course", "requireQuestions": "leaves", "nodes": [{"id": "a", "title": "A"}]}"#,
      #"{"format": "practice-course", "nodes": [{"id": "a", "title": "A", "questions": [\#(card), \#(card)]}]}"#,
      #"{"format": "practice-course", "nodes": [{"id": "a", "title": "A", "questions": [\#(card)]}, "#
        + #"{"id": "b", "title": "B", "questions": [\#(card)]}]}"#,
      #"{"format": "practice-course", "nodes": [{"id": "a", "title": "A", "questions": ["#
        + #"{"id": "q1", "type": "card", "prompt": "?", "explanation": "", "back": "!", "passage": "p"}]}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a"}]}"#,
      #"[{"title": "a"}]"#,
      "\u{FEFF}" + #"{"format": "practice-course", "nodes": [{"id": "a", "title": "A"}]}"#,
      #"{"format": "practice-course", "nodes": [{"id": "a", "title": "A\ud800"}]}"#,
      #"{"format": "practice-course", "nodes": ["#
        + String(repeating: #"{"id": "a", "title": "A", "children": ["#, count: 300)
        + String(repeating: "]}", count: 300)
        + "]}",
    ] {
      assertLeftToTheFullReader(json)
    }
  }

  /// A course whose file name cannot name a progress folder, and that has no id of its own.
  func testADefaultIDThatCannotNameAFolderIsLeftToTheFullReader() {
    let bytes = Array(#"{"format": "practice-course", "nodes": [{"id": "a", "title": "A"}]}"#.utf8)
    XCTAssertEqual(
      CourseLoader().parse(bytes, file: ".hidden.json").problems,
      CourseLoader().parse(bytes, file: ".hidden.json", allowingFastPath: false).problems)
    XCTAssertFalse(CourseLoader().parse(bytes, file: ".hidden.json").problems.isEmpty)
  }

  /// Every document of the JSONTestSuite as the course's title (which the reader ignores unless it
  /// is a string): the fast path accepts exactly what the strict parser accepts.
  func testTheJSONTestSuiteAsAFieldAgreesWithTheParser() throws {
    var checked = 0
    for (name, document) in try Fixtures.jsonTestSuite() {
      let bytes =
        Array(#"{"format": "practice-course", "title": "#.utf8) + document
        + Array(#", "nodes": [{"id": "a", "title": "A"}]}"#.utf8)
      let parsed = (try? JSONParser.parse(bytes)) != nil
      let fast = NativeCourseFastPath.build(bytes, file: "t.json") != nil
      XCTAssertEqual(fast, parsed, name)
      checked += 1
    }
    XCTAssertGreaterThan(checked, 300)
  }
}
