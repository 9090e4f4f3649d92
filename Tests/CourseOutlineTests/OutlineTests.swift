import CourseOutline
import XCTest

final class OutlineTests: XCTestCase {
  func course() throws -> Course { try Fixtures.course(CourseModelTests.deep) }

  func testStartsWithTopLevelRows() throws {
    let outline = Outline(course: try course())
    XCTAssertEqual(outline.rows, [0, 5, 7])
  }

  func testToggleInsertsAndRemovesOnlyItsRows() throws {
    var outline = Outline(course: try course())
    XCTAssertEqual(outline.toggle(0), [RowChange(.inserted, rows: 1..<3)])
    XCTAssertEqual(outline.rows, [0, 1, 4, 5, 7])
    XCTAssertEqual(outline.toggle(0), [RowChange(.removed, rows: 1..<3)])
    XCTAssertEqual(outline.rows, [0, 5, 7])
  }

  func testCollapsingKeepsDescendantsExpansion() throws {
    var outline = Outline(course: try course())
    outline.expand(0)
    outline.expand(1)
    outline.collapse(0)
    XCTAssertEqual(outline.rows, [0, 5, 7])
    XCTAssertTrue(outline.isExpanded[1])
    outline.expand(0)
    XCTAssertEqual(outline.rows, [0, 1, 2, 4, 5, 7])
  }

  func testExpandOnExpandedNodeOrLeafChangesNothing() throws {
    var outline = Outline(course: try course())
    outline.expand(0)
    XCTAssertEqual(outline.expand(0), [])
    XCTAssertEqual(outline.expand(7), [])
    XCTAssertEqual(outline.toggle(7), [])
    XCTAssertEqual(outline.collapse(7), [])
    XCTAssertEqual(outline.rows, [0, 1, 4, 5, 7])
  }

  func testActingOnAHiddenNodeRevealsItsAncestors() throws {
    var outline = Outline(course: try course())
    let changes = outline.expand(2)
    XCTAssertEqual(outline.rows, [0, 1, 2, 3, 4, 5, 7])
    XCTAssertEqual(changes.count, 3)
    XCTAssertEqual(outline.row(of: 3), 3)
  }

  func testCollapseRecursivelyClearsTheSubtree() throws {
    var outline = Outline(course: try course())
    outline.expand(2)
    outline.collapseSubtree(0)
    XCTAssertEqual(outline.rows, [0, 5, 7])
    outline.expand(0)
    XCTAssertEqual(outline.rows, [0, 1, 4, 5, 7])
  }

  func testExpandAllToADepth() throws {
    var outline = Outline(course: try course())
    outline.expandAll(depth: 1)
    XCTAssertEqual(outline.rows, [0, 1, 4, 5, 6, 7])
    outline.expandAll()
    XCTAssertEqual(outline.rows, [0, 1, 2, 3, 4, 5, 6, 7])
    outline.collapseAll()
    XCTAssertEqual(outline.rows, [0, 5, 7])
  }

  /// A second `expand all` (or `collapse all`) changes nothing: it says so and keeps the rows'
  /// revision, so the shell neither saves the expansion again nor measures the columns again.
  func testExpandAllTwiceKeepsTheRows() throws {
    var outline = Outline(course: try course())
    XCTAssertFalse(outline.collapseAll())
    XCTAssertTrue(outline.expandAll())
    let revision = outline.rowsRevision
    XCTAssertFalse(outline.expandAll())
    XCTAssertEqual(outline.rowsRevision, revision)
    XCTAssertEqual(outline.rows, [0, 1, 2, 3, 4, 5, 6, 7])
    XCTAssertTrue(outline.expandAll(depth: 1))
    XCTAssertEqual(outline.rows, [0, 1, 4, 5, 6, 7])
    XCTAssertTrue(outline.collapseAll())
    XCTAssertFalse(outline.collapseAll())
    XCTAssertEqual(outline.rows, [0, 5, 7])
  }

  func testRestoredExpansion() throws {
    let outline = Outline(course: try course(), expanded: [0, 2, 7])
    XCTAssertEqual(outline.rows, [0, 1, 4, 5, 7])
    XCTAssertEqual(outline.expandedNodes, [0, 2])
  }
}
