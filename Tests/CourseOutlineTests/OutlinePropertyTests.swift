import CourseOutline
import QuizEngine
import XCTest

/// After any sequence of operations the spliced rows equal a from-scratch recomputation.
final class OutlinePropertyTests: XCTestCase {
  /// A random tree in the native format, up to `depth` levels.
  func randomCourse(_ rng: inout SeededRandomNumberGenerator, nodes: Int, depth: Int) throws -> Course {
    var counter = 0
    func node(_ level: Int) -> String {
      counter += 1
      let id = counter
      var children: [String] = []
      if level < depth {
        let n = Int.random(in: 0...3, using: &rng)
        for _ in 0..<n where counter < nodes { children.append(node(level + 1)) }
      }
      return #"{"id": "n\#(id)", "title": "Review", "children": [\#(children.joined(separator: ","))]}"#
    }
    var roots: [String] = []
    while counter < nodes { roots.append(node(0)) }
    return try Fixtures.course(#"{"format": "practice-course", "nodes": [\#(roots.joined(separator: ","))]}"#)
  }

  func testRandomOperationsMatchRecomputation() throws {
    for seed in 1...40 as ClosedRange<UInt64> {
      var rng = SeededRandomNumberGenerator(seed: seed)
      let course = try randomCourse(&rng, nodes: Int.random(in: 1...120, using: &rng), depth: 6)
      var outline = Outline(course: course)
      for step in 0..<300 {
        let node = Int.random(in: 0..<course.count, using: &rng)
        let before = outline.rows
        let changes: [RowChange]
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<40: changes = outline.toggle(node)
        case 40..<60: changes = outline.expand(node)
        case 60..<80: changes = outline.collapse(node)
        case 80..<90: changes = outline.collapseSubtree(node)
        case 90..<95: changes = outline.reveal(node)
        case 95..<98:
          // All levels (nil) as often as any one depth: a second `expand all` is a no-op by a shortcut.
          let depth = Int.random(in: 0...7, using: &rng)
          let limit = depth == 7 ? nil : depth
          let wasAll = outline.isExpanded.indices.allSatisfy { outline.isExpanded[$0] == course.hasChildren($0) }
          let changed = outline.expandAll(depth: limit)
          for i in course.nodes.indices {
            let expected = course.hasChildren(i) && course.nodes[i].depth < (limit ?? Int.max)
            XCTAssertEqual(outline.isExpanded[i], expected, "seed \(seed) step \(step) node \(i)")
          }
          if limit == nil { XCTAssertEqual(changed, !wasAll, "seed \(seed) step \(step)") }
          changes = []
        default:
          outline.collapseAll()
          changes = []
        }
        let expected = Outline.visibleRows(course: course, isExpanded: outline.isExpanded)
        XCTAssertEqual(Array(outline.rows), expected, "seed \(seed) step \(step)")
        // The changes account exactly for the difference in row count.
        if !changes.isEmpty {
          let delta = changes.reduce(0) { $0 + ($1.kind == .inserted ? $1.rows.count : -$1.rows.count) }
          XCTAssertEqual(outline.rows.count - before.count, delta, "seed \(seed) step \(step)")
        }
        if Array(outline.rows) != expected { return }
      }
    }
  }
}
