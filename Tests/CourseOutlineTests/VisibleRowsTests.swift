import CourseOutline
import QuizEngine
import XCTest

/// The gap buffer behaves exactly like an array under any sequence of splices.
final class VisibleRowsTests: XCTestCase {
  func testRandomSplicesMatchAnArray() {
    var rng = SeededRandomNumberGenerator(seed: 7)
    var rows: VisibleRows = []
    var reference: [Int32] = []
    for step in 0..<1_500 {
      if reference.isEmpty || Bool.random(using: &rng) {
        let position = Int.random(in: 0...reference.count, using: &rng)
        let run = (0..<Int.random(in: 0...40, using: &rng)).map { _ in Int32.random(in: 0...9_999, using: &rng) }
        rows.insert(contentsOf: run, at: position)
        reference.insert(contentsOf: run, at: position)
      } else {
        let start = Int.random(in: 0..<reference.count, using: &rng)
        let end = Int.random(in: start...min(reference.count, start + 40), using: &rng)
        rows.removeSubrange(start..<end)
        reference.removeSubrange(start..<end)
      }
      XCTAssertEqual(Array(rows), reference, "step \(step)")
      XCTAssertEqual(rows.array, reference, "step \(step): the rows copied run by run")
      if Array(rows) != reference { return }
    }
  }

  func testLiteralAndEquality() {
    var rows: VisibleRows = [0, 5, 7]
    rows.insert(contentsOf: [1, 4], at: 1)
    XCTAssertEqual(rows, [0, 1, 4, 5, 7])
    rows.removeSubrange(1..<3)
    XCTAssertEqual(rows, [0, 5, 7])
    XCTAssertEqual(rows.description, "[0, 5, 7]")
  }
}
