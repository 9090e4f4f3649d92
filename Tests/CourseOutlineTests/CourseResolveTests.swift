import CourseOutline
import XCTest

/// `Course.resolve`: addresses, ids and unique titles name a node; anything else says what to type.
final class CourseResolveTests: XCTestCase {
  let course = try! Fixtures.course(
    #"""
    {"format": "practice-course", "nodes": [
      {"id": "a", "title": "Light", "children": [{"id": "a1", "title": "Mirrors"}, {"id": "a2", "title": "Lenses"}]},
      {"id": "b", "title": "Heat", "children": [{"id": "b1", "title": "Mirrors"}]},
      {"id": "c", "title": "Sound"}
    ]}
    """#)

  func failure(_ argument: String) -> String {
    do {
      let node = try course.resolve(argument)
      return "resolved to \(course.address(of: node))"
    } catch {
      return "\(error)"
    }
  }

  func testAddressesIDsAndUniqueTitles() throws {
    XCTAssertEqual(course.address(of: try course.resolve("1.2")), "1.2")
    XCTAssertEqual(course.address(of: try course.resolve("#b1")), "2.1")
    XCTAssertEqual(course.address(of: try course.resolve(" Lenses ")), "1.2")
  }

  func testEachFailureSaysWhatIsThere() {
    XCTAssertEqual(failure("  "), "give an address, like 1.2 or #1295")
    XCTAssertEqual(failure("#zz"), "no node has id #zz; give an address like 1.2 (see 'ls') or search with 'find'")
    XCTAssertEqual(failure("9"), "no node 9: the course has 3 top-level nodes (1-3)")
    XCTAssertEqual(failure("1.5"), "no node 1.5: 1 Light has 2 (1.1-1.2)")
    XCTAssertEqual(failure("3.1"), "no node 3.1: 3 Sound has no children")
    // One is one, not "1 (2.1-2.1)".
    XCTAssertEqual(failure("2.5"), "no node 2.5: 2 Heat has one: 2.1")
    // A path missing above its last level names the deepest level that exists, not nothing.
    XCTAssertEqual(failure("9.1.1"), "no node 9.1.1: the course has 3 top-level nodes (1-3)")
    XCTAssertEqual(failure("1.5.2"), "no node 1.5.2: 1 Light has 2 (1.1-1.2)")
    XCTAssertEqual(failure("3.1.4"), "no node 3.1.4: 3 Sound has no children")
    XCTAssertEqual(failure("Mirrors"), "'Mirrors' is the title of 2 nodes (1.1 Mirrors, 2.1 Mirrors); give an address")
    XCTAssertEqual(
      failure("Nothing like it"),
      "no node 'Nothing like it'; give an address like 1.2 (see 'ls') or search with 'find'")
  }

  /// A course of one chapter said "the course has 1 top-level nodes (1-1)".
  func testACourseOfOneNodeSaysSo() throws {
    let one = try Fixtures.course(#"{"format": "practice-course", "nodes": [{"id": "a", "title": "Light"}]}"#)
    XCTAssertThrowsError(try one.resolve("2")) {
      XCTAssertEqual("\($0)", "no node 2: the course has one top-level node: 1")
    }
  }
}
