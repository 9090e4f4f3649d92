import CMalloc
import XCTest

@testable import CourseOutline

/// A large course's load grows the C heap once, by four times the file's size, and the memory it
/// freed goes back to the system at the next prompt; a small course's load changes nothing.
final class LoadHeapTests: XCTestCase {
  func testASmallFileLeavesTheHeapAlone() {
    XCTAssertNil(LoadHeap.grow(forFileOfSize: LoadHeap.smallestFile - 1))
  }

  func testALargeFileGrowsTheHeapOnceAndTheFreedMemoryGoesBackAtThePrompt() throws {
    let size = LoadHeap.smallestFile
    // Whatever earlier tests left free in the heap (a heap with 32 MB free is not grown).
    let freeBefore = Int(mallinfo2().fordblks)
    try XCTSkipIf(freeBefore >= Int(LoadHeap.largestHeapAllocation), "the heap has \(freeBefore) bytes free already")
    let heap = try XCTUnwrap(LoadHeap.grow(forFileOfSize: size))
    // The free space at the heap's top: what the load's allocations are carved from.
    XCTAssertGreaterThanOrEqual(Int(mallinfo2().keepcost), 4 * size)
    heap.end()
    DeferredRelease.releaseNow()
    XCTAssertLessThan(Int(mallinfo2().keepcost), size)
  }
}
