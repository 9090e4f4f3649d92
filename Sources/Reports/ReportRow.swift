/// One node of a learner report, with the figures of its subtree.
///
/// ```swift
/// for row in report.rows { print(String(repeating: "  ", count: row.node.depth), row.node.title, row.figures.sessions) }
/// ```
package struct ReportRow: Sendable, Hashable {
  package var node: ReportNode
  /// Figures of the node and everything below it.
  package var figures: ReportFigures

  package init(node: ReportNode, figures: ReportFigures) {
    self.node = node
    self.figures = figures
  }
}
