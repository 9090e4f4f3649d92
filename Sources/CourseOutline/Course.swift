package import QuizEngine

/// A course outline: chapters, parts and deeper levels, with their questions.
///
/// The course is immutable data; what is expanded lives in `Outline`, apart
/// from it, so the same course can back many views.
///
/// ```swift
/// let course = try CourseLoader().load(path: "Data/courses/physics-grade8")
/// course.node(at: "1.2")  // 熔化和凝固
/// ```
package struct Course: Sendable {
  /// Names the course's progress folder: the native `id`, else the file's name.
  package var id: String
  package var title: String
  package var format: CourseFormat
  /// Every node in preorder.
  package var nodes: [CourseNode]
  /// Whether `validate` should report a leaf without questions.
  package var requiresQuestionsOnLeaves: Bool
  /// Where the course was read from, for messages.
  package var source: String
  /// The course's own `language` (a BCP 47 tag such as `zh-Hans`), nil when it names none; the
  /// program speaks it when the locale does not say (see `Language.choose`).
  package var language: String?
  /// Whether a learner may mark a wrong verdict right with `!!`; a native course's
  /// `"allowOverride": false` (an exam) says no.
  package var allowsOverride = true
  private var idIndex: NodeIDIndex

  package init(
    id: String, title: String, format: CourseFormat, nodes: [CourseNode], requiresQuestionsOnLeaves: Bool = false,
    source: String
  ) {
    self.init(
      id: id, title: title, format: format, nodes: nodes, idIndex: NodeIDIndex(ids: nodes.lazy.map(\.id)),
      requiresQuestionsOnLeaves: requiresQuestionsOnLeaves, source: source)
  }

  /// A course whose id index the loader already built.
  init(
    id: String, title: String, format: CourseFormat, nodes: [CourseNode], idIndex: NodeIDIndex,
    requiresQuestionsOnLeaves: Bool = false, source: String
  ) {
    self.id = id
    self.title = title
    self.format = format
    self.nodes = nodes
    self.requiresQuestionsOnLeaves = requiresQuestionsOnLeaves
    self.source = source
    self.idIndex = idIndex
  }

  package var count: Int { nodes.count }

  /// Indices of the top-level nodes, in order.
  package var roots: ChildIndices { ChildIndices(nodes: nodes, start: 0, end: nodes.count) }

  /// Indices of the children of `index`, in order.
  package func children(of index: Int) -> ChildIndices {
    ChildIndices(nodes: nodes, start: index + 1, end: nodes[index].subtreeEnd)
  }

  package func hasChildren(_ index: Int) -> Bool { nodes[index].subtreeEnd > index + 1 }

  /// Whether `index` is `ancestor` or lies inside its subtree.
  package func isInSubtree(_ index: Int, of ancestor: Int) -> Bool {
    index >= ancestor && index < nodes[ancestor].subtreeEnd
  }

  /// The node's outline path, e.g. `2.3.1`.
  package func address(of index: Int) -> String {
    var ordinals: [Int] = []
    var current: Int? = index
    while let i = current {
      ordinals.append(nodes[i].ordinal)
      current = nodes[i].parent
    }
    return ordinals.reversed().map(String.init).joined(separator: ".")
  }

  /// The key progress is recorded under: the id where the data has one, else the outline path.
  package func key(of index: Int) -> String {
    nodes[index].id.map { "#" + $0 } ?? address(of: index)
  }

  /// Ancestors of `index`, nearest first.
  package func ancestors(of index: Int) -> [Int] {
    var result: [Int] = []
    var current = nodes[index].parent
    while let i = current {
      result.append(i)
      current = nodes[i].parent
    }
    return result
  }

  /// The node with data id `id`, if any.
  package func index(ofID id: String) -> Int? { idIndex.node(withID: id) }

  /// Resolves an address: an outline path (`2.3`), `#ID`, or a progress key.
  package func index(of address: NodeAddress) -> Int? {
    switch address {
    case .id(let id): return idIndex.node(withID: id)
    case .path(let ordinals):
      var candidates = roots
      var found: Int?
      for ordinal in ordinals {
        guard ordinal >= 1, let match = candidates.dropFirst(ordinal - 1).first(where: { _ in true }) else {
          return nil
        }
        found = match
        candidates = children(of: match)
      }
      return found
    }
  }

  /// All questions of a node and its descendants, in outline order.
  package func questions(inSubtreeOf index: Int) -> [Question] {
    nodes[index..<nodes[index].subtreeEnd].flatMap(\.questions)
  }

  /// All questions of the course.
  package var allQuestions: [Question] { nodes.flatMap(\.questions) }

  /// How many questions the course has, counted without gathering them (a copy of half a million).
  package var questionCount: Int { nodes.reduce(0) { $0 + $1.questionCount } }

  /// The course's questions read without decoding them, when it was opened to study
  /// (`CourseLoader.parse(_:file:deferringQuestions:)`); nil when they were decoded at load.
  package var deferredQuestions: DeferredQuestions?

  /// Decodes every question a course opened to study left for later: false when any has a
  /// problem (the caller then loads the course again in full, for every problem with its place).
  package func checkDeferredQuestions() -> Bool {
    for node in nodes {
      guard case .deferred(let deferred) = node.questionStorage else { continue }
      if !deferred.check() { return false }
    }
    return true
  }

  /// How many nodes have their questions decoded, of those a course opened to study left for later.
  package var decodedDeferredNodeCount: Int {
    nodes.reduce(0) { count, node in
      guard case .deferred(let deferred) = node.questionStorage else { return count }
      return count + (deferred.isDecoded ? 1 : 0)
    }
  }
}

/// The child indices of a node, found by jumping over each child's subtree.
package struct ChildIndices: Sequence, Sendable {
  let nodes: [CourseNode]
  let start: Int
  let end: Int

  package func makeIterator() -> Iterator { Iterator(nodes: nodes, cursor: start, end: end) }

  package struct Iterator: IteratorProtocol {
    let nodes: [CourseNode]
    var cursor: Int
    let end: Int

    package mutating func next() -> Int? {
      guard cursor < end else { return nil }
      defer { cursor = nodes[cursor].subtreeEnd }
      return cursor
    }
  }

  package var isEmpty: Bool { start >= end }
}

extension Course {
  /// The `browseCount` a course file may carry: a count, never negative, and small enough that a
  /// report summing it over every node cannot overflow.
  package static let browseCountRange: ClosedRange<Int> = 0...1_000_000_000_000

  /// Whether `id` can name the course's progress folder: ASCII letters, digits, `-`, `_` and `.`,
  /// not empty and not starting with a dot (`.` and `..` would put one learner's progress where
  /// every learner's is, and `.x` would be hidden from the class report).
  ///
  /// ```swift
  /// Course.isFolderSafeID("physics-8")  // true
  /// Course.isFolderSafeID("..")         // false
  /// ```
  package static func isFolderSafeID(_ id: String) -> Bool {
    !id.isEmpty && !id.hasPrefix(".") && id.unicodeScalars.allSatisfy(NativeCourseFormat.isIDScalar)
  }
}
