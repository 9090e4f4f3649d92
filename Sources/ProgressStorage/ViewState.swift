/// How the outline looked when the program last left off, so the next run opens the same way, and
/// the daily limits the learner chose for the course.
///
/// ```swift
/// try store.saveViewState(ViewState(expandedNodes: ["ch1", "ch1/loops"]))
/// let expanded = Set((try? store.loadViewState())?.expandedNodes ?? [])
/// ```
package struct ViewState: Sendable, Hashable {
  /// Keys of the expanded outline nodes, in the order the caller gave.
  package var expandedNodes: [String]
  /// The daily limits the learner set for this course (`set new-per-day 30`); nil for the defaults.
  package var limits: DailyLimits?

  package init(expandedNodes: [String] = [], limits: DailyLimits? = nil) {
    self.expandedNodes = expandedNodes
    self.limits = limits
  }
}
