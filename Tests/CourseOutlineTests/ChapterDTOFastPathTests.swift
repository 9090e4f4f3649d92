import Foundation
import PracticeJSON
import PracticeTestSupport
import QuizEngine
import XCTest

@testable import CourseOutline

/// The tree-free reader of seed-002 documents must build exactly what the full reader builds,
/// and leave every unusual document to it.
final class ChapterDTOFastPathTests: XCTestCase {
  func assertSameCourse(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let bytes = Array(json.utf8)
    XCTAssertNotNil(ChapterDTOFastPath.build(bytes), "the fast path gave up", file: file, line: line)
    let fast = try XCTUnwrap(CourseLoader().parse(bytes, file: "t.json").course)
    let full = try XCTUnwrap(CourseLoader().parse(bytes, file: "t.json", allowingFastPath: false).course)
    XCTAssertEqual(fast.nodes.map(\.title), full.nodes.map(\.title), file: file, line: line)
    XCTAssertEqual(fast.nodes.map(\.id), full.nodes.map(\.id), file: file, line: line)
    XCTAssertEqual(fast.nodes.map(\.depth), full.nodes.map(\.depth), file: file, line: line)
    XCTAssertEqual(fast.nodes.map(\.subtreeEnd), full.nodes.map(\.subtreeEnd), file: file, line: line)
    XCTAssertEqual(fast.nodes.map(\.ordinal), full.nodes.map(\.ordinal), file: file, line: line)
    XCTAssertEqual(fast.nodes.map { text($0.details) }, full.nodes.map { text($0.details) }, file: file, line: line)
    XCTAssertEqual(
      fast.nodes.map { $0.details?.hadRead }, full.nodes.map { $0.details?.hadRead }, file: file, line: line)
    XCTAssertEqual(
      fast.nodes.map { $0.details?.browseCount }, full.nodes.map { $0.details?.browseCount }, file: file, line: line)
    XCTAssertEqual(
      fast.nodes.map { $0.details?.description }, full.nodes.map { $0.details?.description }, file: file, line: line)
    for i in fast.nodes.indices { XCTAssertEqual(fast.index(of: .id(fast.nodes[i].id!)), i, file: file, line: line) }
  }

  /// Fields as text: re-parsed fields carry offsets relative to their object, so compare keys and values only.
  func text(_ details: NodeDetails?) -> String {
    (details?.fields ?? []).map { "\($0.key)=\(JSONWriter.compact($0.value))" }.joined(separator: ",")
  }

  func testTheShippedSeedReadsTheSame() throws {
    let text = try String(
      contentsOfFile: Repository.path("Data/courses/seed-002-chapter-dto.json"), encoding: .utf8)
    try assertSameCourse(text)
  }

  func testRandomNestedDocumentsReadTheSame() throws {
    var rng = SeededRandomNumberGenerator(seed: 99)
    for _ in 0..<30 {
      var next = 100
      func chapter(_ parent: Int, _ level: Int) -> String {
        next += 1
        let id = next
        let children = level < 4 ? (0..<Int.random(in: 0...3, using: &rng)).map { _ in chapter(id, level + 1) } : []
        let subList = "\"subChapterList\": [\(children.joined(separator: ", "))]"
        let fields = [
          "\"id\": \(id)", "\"chapterName\": \"第\(id)节 \\\"Review\\\"\"", "\"parentId\": \(parent)",
          "\"hadRead\": \(Int.random(in: 0...1, using: &rng))",
          "\"browseCount\": \(Int.random(in: 0...9, using: &rng))",
          "\"description\": " + (Bool.random(using: &rng) ? "null" : "\"d\(id)\""), "\"startDate\": 1490889600000",
        ]
        // Children sometimes come first, before the chapter's own id.
        return "{" + (Bool.random(using: &rng) ? [subList] + fields : fields + [subList]).joined(separator: ", ") + "}"
      }
      let roots = (0..<Int.random(in: 1...4, using: &rng)).map { _ in chapter(0, 0) }
      try assertSameCourse("{\"chapterDtoList\": [\(roots.joined(separator: ", "))]}")
    }
  }

  /// Keys alike in length and end bytes share a bit of the duplicate filter, and are still told apart.
  func testKeysThatShareTheFiltersBitAreDistinct() throws {
    try assertSameCourse(
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "xay": 1, "xby": 2, "x": {"kab": 1, "kbb": 2}}]}"#)
  }

  func testUnusualDocumentsAreLeftToTheFullReader() {
    for json in [
      #"{"chapterDtoList": [{"id": 2, "chapterName": "b", "parentId": 1}, {"id": 1, "chapterName": "a"}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a"}, {"id": 1, "chapterName": "b"}]}"#,
      #"{"chapterDtoList": [{"id": "12", "chapterName": "a"}, {"id": 12, "chapterName": "b"}]}"#,
      #"{"chapterDtoList": [{"id": 3, "chapterName": "a"}, {"id": 2, "chapterName": "b"}, {"id": 3, "chapterName": "c"}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "subChapterList": [{"id": 2, "chapterName": "b", "parentId": 9}]}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "chapterName": "b"}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": 5}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a"},]}"#,
      #"{"data": {"chapterDtoList": []}}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "x": 1, "x": 2}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "x": [{"k": 1, "k": 2}]}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "xay": 1, "xby": 2, "xay": 3}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "x": {"kab": 1, "kbb": 2, "kbb": 3}}]}"#,
      #"{"chapterDtoList": [{"id": 1.5, "chapterName": "a"}]}"#,
      #"{"chapterDtoList": [{"id": 1e3, "chapterName": "a"}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "browseCount": -1}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "x": 01}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "x": "\ud800"}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "x": tru}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "x": [1,]}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a"}]} x"#,
      "{\"chapterDtoList\": [{\"id\": 1, \"chapterName\": \"a\u{1}\"}]}",
      "{\"chapterDtoList\": [{\"id\": 1, \"chapterName\": \"a\", \"x\": " + String(repeating: "[", count: 600)
        + String(repeating: "]", count: 600) + "}]}",
    ] {
      XCTAssertNil(ChapterDTOFastPath.build(Array(json.utf8)), json)
    }
  }

  func testInvalidUTF8AnywhereIsLeftToTheFullReader() {
    for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE4, 0xB8]] {
      for field in ["chapterName", "x", "description"] {
        let name = field == "chapterName" ? "" : #""chapterName": "a", "#
        let bytes =
          Array("{\"chapterDtoList\": [{\"id\": 1, \(name)\"\(field)\": \"a".utf8) + bad + Array(#""}]}"#.utf8)
        XCTAssertNil(ChapterDTOFastPath.build(bytes), "\(field): \(bad)")
        XCTAssertThrowsError(try JSONParser.parse(bytes))
      }
    }
  }

  static let escapedKeys: Set = ["y_object_escaped_null_in_key.json"]

  /// Every document of the JSONTestSuite as a chapter's extra field: the fast path accepts exactly
  /// what the strict parser accepts, so a course it reads is never one the full reader would refuse.
  func testTheJSONTestSuiteAsAFieldAgreesWithTheParser() throws {
    var checked = 0
    for (name, document) in try Fixtures.jsonTestSuite() {
      // The BOM is allowed only at the start of a file, never inside one.
      let bytes =
        Array(#"{"chapterDtoList": [{"id": 1, "chapterName": "a", "x": "#.utf8) + document + Array("}]}".utf8)
      let parsed = (try? JSONParser.parse(bytes)) != nil
      let fast = ChapterDTOFastPath.build(bytes) != nil
      if fast { XCTAssertTrue(parsed, "\(name): accepted by the fast path only") }
      // Keys with escapes are left to the full reader on purpose (it compares them decoded).
      if parsed && !fast { XCTAssert(Self.escapedKeys.contains(name), "\(name): the fast path gave up") }
      checked += 1
    }
    XCTAssertGreaterThan(checked, 300)
  }
}
