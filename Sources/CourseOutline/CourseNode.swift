import QuizEngine

/// One chapter, part or deeper level of a course, stored in preorder.
///
/// Nodes live in `Course.nodes` in depth-first order, so a node's
/// descendants are exactly the indices `index + 1 ..< subtreeEnd`.
/// That makes "is X inside Y" a range check and lets the outline count and
/// splice rows without walking child arrays.
public struct CourseNode: Sendable {
  /// The id from the data (`1295`, `ch1.1`), or `nil` when the data has none (seed 000).
  public var id: String?
  public var title: String
  /// The index of the parent node, `nil` at the top level.
  public var parent: Int?
  /// 0 at the top level.
  public var depth: Int
  /// 1-based position among its siblings: the last component of its address.
  public var ordinal: Int
  /// One past the index of this node's last descendant.
  public var subtreeEnd: Int
  public var questions: [Question]
  /// The fields the source data carried beyond id and title (seed 002's `hadRead`, dates…).
  public var details: NodeDetails?

  public init(
    id: String?, title: String, parent: Int?, depth: Int, ordinal: Int, subtreeEnd: Int,
    questions: [Question] = [], details: NodeDetails? = nil
  ) {
    self.id = id
    self.title = title
    self.parent = parent
    self.depth = depth
    self.ordinal = ordinal
    self.subtreeEnd = subtreeEnd
    self.questions = questions
    self.details = details
  }
}
