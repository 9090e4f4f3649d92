package import Foundation

/// What the learner did on one node of the outline.
///
/// ```swift
/// let seen = store.state.nodes["ch1/intro"]?.hadRead ?? false
/// ```
package struct NodeProgress: Sendable, Hashable {
  package var hadRead = false
  /// How many times the node was opened.
  package var browseCount = 0
  package var firstStudied: Date?
  package var lastStudied: Date?

  package init(
    hadRead: Bool = false, browseCount: Int = 0, firstStudied: Date? = nil, lastStudied: Date? = nil
  ) {
    self.hadRead = hadRead
    self.browseCount = browseCount
    self.firstStudied = firstStudied
    self.lastStudied = lastStudied
  }
}
