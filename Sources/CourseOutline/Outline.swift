/// A course's expansion state and the visible rows that follow from it.
///
/// Expansion is kept per node, apart from the data and from any row: collapsing
/// a node hides its descendants but keeps their own state, so expanding it again
/// restores what was open (as NSOutlineView does). The visible rows are spliced
/// on every toggle, touching only the rows inserted or removed.
///
/// ```swift
/// var outline = Outline(course: course)
/// outline.toggle(0)   // inserts chapter 1's parts below it
/// outline.rows        // [0, 1, 2, 3, 4, 5]
/// ```
package struct Outline: Sendable {
  package let course: Course
  /// Per node, whether it is expanded. Meaningless for leaves, which are never set.
  package private(set) var isExpanded: [Bool]
  /// The visible nodes, top to bottom. Node indices are preorder, so this is always ascending.
  package private(set) var rows: VisibleRows {
    didSet { rowChanges &+= 1 }
  }
  private var rowChanges = 0
  /// Made with the outline, so that outlines made apart never share a revision.
  private let origin = Origin()
  private final class Origin: Sendable {}

  /// Which `rows` these are: what is worked out from the rows (a listing's column widths) can be
  /// kept while the revision stays the same. Every change of the rows makes a new one. (Copies of
  /// one outline changed apart may share one: keep one outline, as the shell does.)
  package struct Revision: Equatable, Sendable {
    let origin: ObjectIdentifier
    let changes: Int
  }

  package var rowsRevision: Revision { Revision(origin: ObjectIdentifier(origin), changes: rowChanges) }

  package init(course: Course) {
    self.course = course
    self.isExpanded = [Bool](repeating: false, count: course.count)
    self.rows = VisibleRows(course.roots.map { Int32($0) })
  }

  /// An outline with the given nodes expanded (e.g. restored from the last run).
  package init(course: Course, expanded: [Int]) {
    self.course = course
    var flags = [Bool](repeating: false, count: course.count)
    for index in expanded where index >= 0 && index < course.count && course.hasChildren(index) {
      flags[index] = true
    }
    self.isExpanded = flags
    self.rows = VisibleRows(Outline.visibleRows(course: course, isExpanded: flags))
  }

  /// The visible rows recomputed from scratch: the reference the splicing must always equal.
  package static func visibleRows(course: Course, isExpanded: [Bool]) -> [Int32] {
    var rows: [Int32] = []
    var index = 0
    while index < course.count {
      rows.append(Int32(index))
      index = isExpanded[index] ? index + 1 : course.nodes[index].subtreeEnd
    }
    return rows
  }

  /// The nodes that are expanded, in outline order.
  package var expandedNodes: [Int] { isExpanded.indices.filter { isExpanded[$0] } }

  /// The row where `node` is shown, or `nil` when an ancestor is collapsed.
  package func row(of node: Int) -> Int? {
    // Rows are ascending node indices, so a binary search finds any node in O(log n).
    var low = 0
    var high = rows.count
    let target = Int32(node)
    while low < high {
      let mid = (low + high) / 2
      if rows[mid] < target { low = mid + 1 } else { high = mid }
    }
    return low < rows.count && rows[low] == target ? low : nil
  }

  package func isVisible(_ node: Int) -> Bool { row(of: node) != nil }

  /// Expands `node`, first revealing it if an ancestor is collapsed. A leaf or an expanded node is left as it is.
  @discardableResult
  package mutating func expand(_ node: Int) -> [RowChange] {
    var changes = reveal(node)
    if let change = expandVisible(node) { changes.append(change) }
    return changes
  }

  /// Collapses `node` (revealing it first), keeping its descendants' own expansion.
  @discardableResult
  package mutating func collapse(_ node: Int) -> [RowChange] {
    var changes = reveal(node)
    if let change = collapseVisible(node) { changes.append(change) }
    return changes
  }

  /// Expands a collapsed node, collapses an expanded one; a leaf is left as it is.
  @discardableResult
  package mutating func toggle(_ node: Int) -> [RowChange] {
    isExpanded[node] ? collapse(node) : expand(node)
  }

  /// Collapses `node` and every node below it (`collapse -r`).
  @discardableResult
  package mutating func collapseSubtree(_ node: Int) -> [RowChange] {
    let changes = collapse(node)
    for index in node..<course.nodes[node].subtreeEnd { isExpanded[index] = false }
    return changes
  }

  /// Expands every ancestor of `node` from the top down, so it is shown.
  @discardableResult
  package mutating func reveal(_ node: Int) -> [RowChange] {
    guard !isVisible(node) else { return [] }
    var changes: [RowChange] = []
    for ancestor in course.ancestors(of: node).reversed() where !isExpanded[ancestor] {
      if let change = expandVisible(ancestor) {
        changes.append(change)
      } else {
        isExpanded[ancestor] = true
      }
    }
    return changes
  }

  /// Expands every node with children up to `depth` levels (all when `nil`) and collapses the rest;
  /// returns false when every node already was so, and then leaves the rows (and their revision)
  /// as they are: a second `expand all` neither rebuilds a million rows nor saves them again.
  @discardableResult
  package mutating func expandAll(depth: Int? = nil) -> Bool {
    // Every node is visible exactly when every node with children is expanded: nothing to do,
    // and nothing to read of a million nodes to find that out.
    if depth == nil && rows.count == course.count { return false }
    // One pass over the nodes: with every node above `depth` expanded, exactly the nodes at most
    // `depth` deep are visible (their ancestors all have children and are less deep).
    let limit = max(depth ?? Int.max, 0)
    var visible: [Int32] = []
    visible.reserveCapacity(depth == nil ? course.count : 0)
    let changed = course.nodes.withUnsafeBufferPointer { nodes in
      isExpanded.withUnsafeMutableBufferPointer { isExpanded in
        var changed = false
        for index in nodes.indices {
          let nodeDepth = nodes[index].depth
          let expanded = nodes[index].subtreeEnd > index + 1 && nodeDepth < limit
          if isExpanded[index] != expanded {
            isExpanded[index] = expanded
            changed = true
          }
          if nodeDepth <= limit { visible.append(Int32(index)) }
        }
        return changed
      }
    }
    if changed { rows = VisibleRows(visible) }
    return changed
  }

  /// Collapses every node; returns false (and leaves the rows as they are) when none was expanded.
  @discardableResult
  package mutating func collapseAll() -> Bool {
    guard isExpanded.contains(true) else { return false }
    isExpanded = [Bool](repeating: false, count: course.count)
    rows = VisibleRows(course.roots.map { Int32($0) })
    return true
  }

  private mutating func expandVisible(_ node: Int) -> RowChange? {
    guard !isExpanded[node], course.hasChildren(node), let row = row(of: node) else { return nil }
    isExpanded[node] = true
    // Walk the subtree in preorder, skipping what collapsed descendants hide: cost is the rows inserted.
    var inserted: [Int32] = []
    var index = node + 1
    let end = course.nodes[node].subtreeEnd
    while index < end {
      inserted.append(Int32(index))
      index = isExpanded[index] ? index + 1 : course.nodes[index].subtreeEnd
    }
    rows.insert(contentsOf: inserted, at: row + 1)
    return RowChange(.inserted, rows: (row + 1)..<(row + 1 + inserted.count))
  }

  private mutating func collapseVisible(_ node: Int) -> RowChange? {
    guard isExpanded[node], let row = row(of: node) else { return nil }
    isExpanded[node] = false
    let end = Int32(course.nodes[node].subtreeEnd)
    var last = row + 1
    while last < rows.count && rows[last] < end { last += 1 }
    rows.removeSubrange((row + 1)..<last)
    return RowChange(.removed, rows: (row + 1)..<last)
  }
}
