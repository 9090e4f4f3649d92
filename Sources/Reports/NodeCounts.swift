package import CourseOutline

/// A whole number per course node, kept in 32 bits and not stored at all while every one is 0.
///
/// `StudyFigures` holds several of these for every node of the course: on a million-node course
/// as `[Int]` they took 8 MB each, most of them all zeros (a learner who answered nothing yet has
/// no answered, mastered or due questions anywhere).
///
/// ```swift
/// var answered = NodeCounts(count: 3)  // no storage yet: every node reads 0
/// answered[1] += 2                     // now 3 × 4 bytes
/// answered[1]                          // 2
/// ```
package struct NodeCounts: Sendable, Equatable {
  /// Empty while every count is 0; else one per node.
  private var storage: [Int32] = []
  /// The number of nodes.
  package let count: Int

  /// `count` nodes, each with 0.
  package init(count: Int) {
    self.count = count
  }

  /// One count per node, as given.
  package init(_ counts: [Int32]) {
    count = counts.count
    storage = counts.contains { $0 != 0 } ? counts : []
  }

  package subscript(node: Int) -> Int {
    get {
      precondition(node >= 0 && node < count, "node \(node) is outside 0..<\(count)")
      return storage.isEmpty ? 0 : Int(storage[node])
    }
    set {
      if storage.isEmpty {
        precondition(node >= 0 && node < count, "node \(node) is outside 0..<\(count)")
        guard newValue != 0 else { return }
        storage = [Int32](repeating: 0, count: count)
      }
      storage[node] = Int32(newValue)
    }
  }

  /// Adds each node's count into its parent's, last node first: with nodes in preorder, each then
  /// holds the sum over its subtree. Nothing to do while every count is 0.
  package mutating func sumSubtrees(of course: Course) {
    guard !storage.isEmpty else { return }
    precondition(course.count == count, "\(course.count) nodes, \(count) counts")
    storage.withUnsafeMutableBufferPointer { counts in
      course.nodes.withUnsafeBufferPointer { nodes in
        for i in nodes.indices.reversed() {
          if let parent = nodes[i].parent { counts[parent] += counts[i] }
        }
      }
    }
  }

  /// True while every count is 0.
  package var isAllZero: Bool { storage.allSatisfy { $0 == 0 } }

  package static func == (lhs: NodeCounts, rhs: NodeCounts) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.storage.isEmpty || rhs.storage.isEmpty { return lhs.isAllZero && rhs.isAllZero }
    return lhs.storage == rhs.storage
  }
}
