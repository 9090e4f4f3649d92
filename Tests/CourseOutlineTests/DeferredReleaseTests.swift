import XCTest

@testable import CourseOutline

/// A small course's parse tree is kept after the load, to be freed at the prompt; a large one's is
/// freed at once, and holding one frees the one before.
final class DeferredReleaseTests: XCTestCase {
  let course = #"{"format": "practice-course", "nodes": [{"id": "a", "title": "A"}]}"#

  func testASmallCoursesTreeIsHeldUntilReleased() {
    DeferredRelease.releaseNow()
    XCTAssertFalse(DeferredRelease.isHolding)
    let (loaded, problems) = CourseLoader().parse(Array(course.utf8), file: "small.json")
    XCTAssertNotNil(loaded)
    XCTAssertEqual(problems, [])
    XCTAssertTrue(DeferredRelease.isHolding)
    DeferredRelease.releaseNow()
    XCTAssertFalse(DeferredRelease.isHolding)
  }

  func testALargeCoursesTreeIsFreedAtOnce() {
    DeferredRelease.releaseNow()
    let padding = String(repeating: " ", count: DeferredRelease.largestHeldFile)
    let (loaded, _) = CourseLoader().parse(Array((course + padding).utf8), file: "large.json")
    XCTAssertNotNil(loaded)
    XCTAssertFalse(DeferredRelease.isHolding)
  }
}
