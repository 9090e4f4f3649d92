import CourseOutline
import XCTest

final class CourseModelTests: XCTestCase {
  static let deep = """
    {"format": "practice-course", "version": 1, "id": "t", "title": "T", "nodes": [
      {"id": "a", "title": "A", "children": [
        {"id": "a1", "title": "Review", "children": [
          {"id": "a1x", "title": "Deep", "children": [{"id": "a1x1", "title": "Deeper"}]}
        ]},
        {"id": "a2", "title": "Two"}
      ]},
      {"id": "b", "title": "B", "children": [{"id": "b1", "title": "Review"}]},
      {"id": "c", "title": "C"}
    ]}
    """

  func testAddressesAndIds() throws {
    let course = try Fixtures.course(Self.deep)
    XCTAssertEqual(course.format, .native)
    XCTAssertEqual(
      (0..<course.count).map { course.address(of: $0) }, ["1", "1.1", "1.1.1", "1.1.1.1", "1.2", "2", "2.1", "3"])
    XCTAssertEqual(course.index(of: NodeAddress("1.1.1.1")!), 3)
    XCTAssertEqual(course.index(of: NodeAddress("#b1")!), 6)
    XCTAssertNil(course.index(of: NodeAddress("4")!))
    XCTAssertNil(course.index(of: NodeAddress("1.3")!))
    XCTAssertNil(course.index(of: NodeAddress("#zz")!))
    XCTAssertNil(NodeAddress("1..2"))
    XCTAssertNil(NodeAddress("0"))
    XCTAssertNil(NodeAddress("#"))
    XCTAssertEqual(course.key(of: 6), "#b1")
  }

  func testRepeatedTitlesStayDistinctNodes() throws {
    let course = try Fixtures.course(Self.deep)
    XCTAssertEqual(course.search("review"), [1, 6])
    XCTAssertEqual(course.address(of: 1), "1.1")
    XCTAssertEqual(course.address(of: 6), "2.1")
  }

  func testDepthAndSubtrees() throws {
    let course = try Fixtures.course(Self.deep)
    XCTAssertEqual(course.nodes.map(\.depth), [0, 1, 2, 3, 1, 0, 1, 0])
    XCTAssertEqual(Array(course.children(of: 0)), [1, 4])
    XCTAssertTrue(course.isInSubtree(3, of: 0))
    XCTAssertFalse(course.isInSubtree(5, of: 0))
    XCTAssertEqual(course.ancestors(of: 3), [2, 1, 0])
  }

  func testNativeProblemsAreAllListed() {
    XCTAssertEqual(
      Fixtures.problems(
        #"{"format": "practice-course", "version": 2, "nodes": [{"id": "a", "title": "A", "colour": 1}, {"id": "a"}]}"#),
      [
        "test.json:1:42: unsupported course version 2; this practice reads version 1",
        "test.json:1:81: unknown node field \"colour\"",
        "test.json:1:95: node \"a\" needs a \"title\" string, found none",
        "test.json:1:102: duplicate node id \"a\" (first at 1:62)",
      ])
  }

  func testLeavesWithoutQuestionsAreReportedWhenRequired() {
    XCTAssertEqual(
      Fixtures.problems(
        #"{"format": "practice-course", "requireQuestions": "leaves", "nodes": [{"id": "a", "title": "A"}]}"#),
      ["test.json:1:71: node \"a\" (A) has no questions; the course requires questions on every leaf"])
  }
}
