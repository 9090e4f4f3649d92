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

  func testUnusualDocumentsAreLeftToTheFullReader() {
    for json in [
      #"{"chapterDtoList": [{"id": 2, "chapterName": "b", "parentId": 1}, {"id": 1, "chapterName": "a"}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a"}, {"id": 1, "chapterName": "b"}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "subChapterList": [{"id": 2, "chapterName": "b", "parentId": 9}]}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "chapterName": "b"}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": 5}]}"#,
      #"{"chapterDtoList": [{"id": 1, "chapterName": "a"},]}"#,
      #"{"data": {"chapterDtoList": []}}"#,
    ] {
      XCTAssertNil(ChapterDTOFastPath.build(Array(json.utf8)), json)
    }
  }
}
