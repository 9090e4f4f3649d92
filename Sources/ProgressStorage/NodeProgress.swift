import Foundation

/// What the learner did on one node of the outline.
///
/// ```swift
/// let seen = store.state.nodes["ch1/intro"]?.hadRead ?? false
/// ```
public struct NodeProgress: Sendable, Hashable {
  public var hadRead = false
  /// How many times the node was opened.
  public var browseCount = 0
  public var firstStudied: Date?
  public var lastStudied: Date?

  public init(
    hadRead: Bool = false, browseCount: Int = 0, firstStudied: Date? = nil, lastStudied: Date? = nil
  ) {
    self.hadRead = hadRead
    self.browseCount = browseCount
    self.firstStudied = firstStudied
    self.lastStudied = lastStudied
  }
}
