package import QuizEngine

/// One chapter, part or deeper level of a course, stored in preorder.
///
/// Nodes live in `Course.nodes` in depth-first order, so a node's
/// descendants are exactly the indices `index + 1 ..< subtreeEnd`.
/// That makes "is X inside Y" a range check and lets the outline count and
/// splice rows without walking child arrays.
package struct CourseNode: Sendable {
  /// The id from the data (`1295`, `ch1.1`), or `nil` when the data has none (seed 000).
  package var id: String?
  package var title: String
  /// The index of the parent node, `nil` at the top level.
  package var parent: Int? {
    get { parentIndex < 0 ? nil : Int(parentIndex) }
    set { parentIndex = Int32(newValue ?? -1) }
  }
  /// 0 at the top level.
  package var depth: Int {
    get { Int(depthValue) }
    set { depthValue = Int32(newValue) }
  }
  /// 1-based position among its siblings: the last component of its address.
  package var ordinal: Int {
    get { Int(ordinalValue) }
    set { ordinalValue = Int32(newValue) }
  }
  /// One past the index of this node's last descendant.
  package var subtreeEnd: Int {
    get { Int(subtreeEndValue) }
    set { subtreeEndValue = Int32(newValue) }
  }
  // Stored as 32 bits (a course is far below 2^31 nodes): a million nodes take 24 MB less.
  private var parentIndex: Int32
  private var depthValue: Int32
  private var ordinalValue: Int32
  private var subtreeEndValue: Int32
  /// The node's questions, in course order: decoded at load, or when first asked for in a course
  /// opened to study (`DeferredQuestions`).
  package var questions: [Question] {
    get {
      switch questionStorage {
      case .decoded(let questions): questions
      case .deferred(let deferred): deferred.questions
      }
    }
    set { questionStorage = .decoded(newValue) }
  }
  /// How many questions the node has, without decoding them.
  package var questionCount: Int {
    switch questionStorage {
    case .decoded(let questions): questions.count
    case .deferred(let deferred): deferred.summaries.count
    }
  }
  /// Each question's id and type, without decoding them.
  package var questionSummaries: QuestionSummaries { QuestionSummaries(storage: questionStorage) }
  /// One word either way (a million nodes).
  enum QuestionStorage: Sendable {
    case decoded([Question])
    case deferred(DeferredNodeQuestions)
  }
  var questionStorage: QuestionStorage
  /// The fields the source data carried beyond id and title (seed 002's `hadRead`, dates…).
  package var details: NodeDetails?

  package init(
    id: String?, title: String, parent: Int?, depth: Int, ordinal: Int, subtreeEnd: Int,
    questions: [Question] = [], details: NodeDetails? = nil
  ) {
    self.id = id
    self.title = title
    self.parentIndex = Int32(parent ?? -1)
    self.depthValue = Int32(depth)
    self.ordinalValue = Int32(ordinal)
    self.subtreeEndValue = Int32(subtreeEnd)
    self.questionStorage = .decoded(questions)
    self.details = details
  }
}
