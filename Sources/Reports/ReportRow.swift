/// One node of a learner report, with the figures of its subtree.
///
/// ```swift
/// for row in report.rows { print(String(repeating: "  ", count: row.depth), row.title, row.figures.sessions) }
/// ```
public struct ReportRow: Sendable, Hashable {
  /// The node's index in `Course.nodes`.
  public var index: Int
  /// The outline path, e.g. `1.2`.
  public var address: String
  /// The data id, `nil` when the course has none (then progress is keyed by address).
  public var id: String?
  /// The key progress is recorded under (`#ID` or the address).
  public var key: String
  public var title: String
  /// 0 at the top level of the course.
  public var depth: Int
  public var isLeaf: Bool
  /// Figures of the node and everything below it.
  public var figures: ReportFigures

  public init(
    index: Int, address: String, id: String?, key: String, title: String, depth: Int, isLeaf: Bool,
    figures: ReportFigures
  ) {
    self.index = index
    self.address = address
    self.id = id
    self.key = key
    self.title = title
    self.depth = depth
    self.isLeaf = isLeaf
    self.figures = figures
  }
}
