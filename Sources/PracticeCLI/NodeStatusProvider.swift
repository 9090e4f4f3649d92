package import CourseOutline

extension NodeStatusProvider {
  package func statusColumn(of nodes: [Int32], in course: Course) -> StatusColumn {
    StatusColumn(nodes.map { status(of: Int($0), in: course) })
  }

  /// `status(of:in:)` of every node, as `statusColumn(of:in:)` works them out.
  package func statuses(of nodes: [Int], in course: Course) -> [String?] {
    statusColumn(of: nodes.map { Int32($0) }, in: course).statuses
  }
}

/// Shows what a status column should say for a node (e.g. `✓ 82%`); nil when nothing is known.
package protocol NodeStatusProvider: AnyObject {
  func status(of node: Int, in course: Course) -> String?
  /// `status(of:in:)` of every node of a listing, in order: a provider may look its figures up once
  /// for all of them. (Node indices in 32 bits, as the outline keeps its rows: a listing of a
  /// million rows passes them on without a copy.)
  func statusColumn(of nodes: [Int32], in course: Course) -> StatusColumn
  /// Fields for `info`: the node's progress record, as (name, value) pairs.
  func infoFields(of node: Int, in course: Course) -> [(String, String)]
}
