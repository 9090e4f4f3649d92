/// How the outline looked when the program last left off, so the next run opens the same way.
///
/// ```swift
/// try store.saveViewState(ViewState(expandedNodes: ["ch1", "ch1/loops"]))
/// let expanded = Set((try? store.loadViewState())?.expandedNodes ?? [])
/// ```
public struct ViewState: Sendable, Hashable {
  /// Keys of the expanded outline nodes, in the order the caller gave.
  public var expandedNodes: [String]

  public init(expandedNodes: [String] = []) {
    self.expandedNodes = expandedNodes
  }
}
