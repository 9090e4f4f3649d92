package import CourseOutline

/// Which node a report row is about: its place and names in the course, shared by learner and
/// class reports.
///
/// ```swift
/// let node = ReportNode(course: course, index: 3)
/// print(node.address, node.title)  // 1.3 汽化和液化
/// ```
package struct ReportNode: Sendable, Hashable {
  /// The node's index in `Course.nodes`.
  package var index: Int
  /// The outline path, e.g. `1.2`.
  package var address: String
  /// The data id, `nil` when the course has none (then progress is keyed by address).
  package var id: String?
  /// The key progress is recorded under (`#ID` or the address).
  package var key: String
  package var title: String
  /// 0 at the top level of the course.
  package var depth: Int
  package var isLeaf: Bool

  package init(index: Int, address: String, id: String?, key: String, title: String, depth: Int, isLeaf: Bool) {
    self.index = index
    self.address = address
    self.id = id
    self.key = key
    self.title = title
    self.depth = depth
    self.isLeaf = isLeaf
  }

  /// The node at `index` of `course`.
  package init(course: Course, index: Int) {
    let node = course.nodes[index]
    self.init(
      index: index, address: course.address(of: index), id: node.id, key: course.key(of: index), title: node.title,
      depth: node.depth, isLeaf: !course.hasChildren(index))
  }
}
