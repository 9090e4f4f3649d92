import CourseOutline
import QuizEngine
import XCTest

@testable import Reports

final class NodeCountsTests: XCTestCase {
  /// A random course of `count` nodes in preorder (each node's subtree closed when its children are).
  private func randomCourse(count: Int, using generator: inout SeededRandomNumberGenerator) -> Course {
    var nodes: [CourseNode] = []
    var open: [Int] = []  // the path from the top to the node last added
    for i in 0..<count {
      // Close a random number of open nodes, then add the new one under the one left open.
      for _ in 0..<Int.random(in: 0...min(open.count, 2), using: &generator) {
        nodes[open.removeLast()].subtreeEnd = i
      }
      let parent = open.last
      let ordinal = nodes.filter { $0.parent == parent }.count + 1
      nodes.append(
        CourseNode(id: "\(i)", title: "n\(i)", parent: parent, depth: open.count, ordinal: ordinal, subtreeEnd: i + 1))
      open.append(i)
    }
    for node in open { nodes[node].subtreeEnd = count }
    return Course(id: "random", title: "random", format: .native, nodes: nodes, source: "test")
  }

  /// Property: summing into parents gives each node the sum over its subtree, as adding up the
  /// subtree's range one by one does.
  func testSumSubtreesEqualsTheSumOverEachSubtreesRange() {
    var generator = SeededRandomNumberGenerator(seed: 7)
    for _ in 0..<50 {
      let course = randomCourse(count: Int.random(in: 1...60, using: &generator), using: &generator)
      let own = (0..<course.count).map { _ in Int32(Int.random(in: 0...3, using: &generator)) }
      var counts = NodeCounts(own)
      counts.sumSubtrees(of: course)
      for i in 0..<course.count {
        let expected = (i..<course.nodes[i].subtreeEnd).reduce(0) { $0 + Int(own[$1]) }
        XCTAssertEqual(counts[i], expected, "node \(i)")
      }
    }
  }

  /// Counts that are all 0 are stored as nothing, and read and compare as the zeros they are.
  func testAllZeroCountsReadAsZerosWhateverTheirStorage() {
    var generator = SeededRandomNumberGenerator(seed: 8)
    var lazy = NodeCounts(count: 4)
    XCTAssertEqual(lazy, NodeCounts([0, 0, 0, 0]))
    lazy[2] = 0
    XCTAssertTrue(lazy.isAllZero)
    lazy[2] += 5
    XCTAssertEqual((0..<4).map { lazy[$0] }, [0, 0, 5, 0])
    XCTAssertNotEqual(lazy, NodeCounts(count: 4))
    lazy[2] = 0
    XCTAssertEqual(lazy, NodeCounts(count: 4), "zeros stored equal zeros not stored")
    XCTAssertNotEqual(NodeCounts(count: 3), NodeCounts(count: 4))
    var empty = NodeCounts(count: 3)
    empty.sumSubtrees(of: randomCourse(count: 3, using: &generator))
    XCTAssertEqual(empty, NodeCounts(count: 3))
  }
}
