import CourseOutline
import Localization
import QuizEngine

/// Builds a course from imported files: one node per file (or, for a single file with categories,
/// its categories at the top), categories nested below, questions on their category's node.
///
/// ```swift
/// let course = BankBuilder.course(files: [file], id: "bank", title: "Bank", source: "bank.gift")
/// ```
public enum BankBuilder {
  /// The deepest category path read (`A/B/C` is 3 deep). Deeper is an error where the category is
  /// written: no outline is usable that deep, and each level is a node, an indent and a longer id.
  public static let maxCategoryDepth = 100

  /// An error for each category deeper than ``maxCategoryDepth``, at the first question in it
  /// (GIFT's `$CATEGORY:`, Moodle XML's category question, an Anki deck `A::B::…`).
  static func depthProblems(_ questions: [GiftQuestion], file: String) -> [ImportProblem] {
    var problems: [ImportProblem] = []
    var previous: [String]?
    for question in questions where question.category.count > maxCategoryDepth {
      // One error per category, not per question; equal arrays sharing storage compare at once.
      guard question.category != previous else { continue }
      previous = question.category
      problems.append(
        ImportProblem(
          .error, file: file, line: question.line, column: question.column,
          text: .tr(
            "this question's category is nested {depth} levels deep, more than the {limit} read; use fewer levels",
            ["depth": question.category.count, "limit": maxCategoryDepth])))
    }
    return problems
  }

  /// One node while the course is built: children by title, found by hash (a bank may have
  /// 100,000 categories side by side), and in the order they came.
  struct Tree {
    var id: String
    var title: String
    var questions: [Question] = []
    var notes: [String] = []
    var children: [Int] = []
    var childByTitle: [String: Int] = [:]

    var isEmpty: Bool { questions.isEmpty && notes.isEmpty }
  }

  /// The course of `files`; an essay kept on a node is labelled in `messages`' language.
  ///
  /// Built without recursion, so no category path, however deep, can overflow the stack; the
  /// readers refuse paths deeper than ``maxCategoryDepth`` before this.
  public static func course(
    files: [BankFile], id: String, title: String, source: String, messages: Localizer = .english
  ) -> Course {
    var trees: [Tree] = []
    var roots: [Int] = []
    for file in files {
      let root = trees.count
      trees.append(Tree(id: file.id, title: file.title))
      roots.append(root)
      // Items of one category share its path: walked once, not once per item.
      var last: (path: [String], node: Int)?
      for item in file.items {
        var node = root
        if let last, last.path == item.category {
          node = last.node
        } else {
          for head in item.category {
            if let child = trees[node].childByTitle[head] {
              node = child
            } else {
              trees.append(Tree(id: trees[node].id + "/" + head, title: head))
              trees[node].childByTitle[head] = trees.count - 1
              trees[node].children.append(trees.count - 1)
              node = trees.count - 1
            }
          }
          last = (item.category, node)
        }
        switch item.content {
        case .question(let q): trees[node].questions.append(q)
        case .note(let text, let isEssay):
          trees[node].notes.append(isEssay ? messages.tr("Essay (not auto-graded): {essay}", ["essay": text]) : text)
        }
      }
    }
    // One file: its categories are the outline; questions outside any category keep a node of their own.
    if roots.count == 1, !trees[roots[0]].children.isEmpty {
      let file = roots[0]
      roots = trees[file].children
      trees[file].children = []
      if !trees[file].isEmpty { roots.insert(file, at: 0) }
    }
    // Subtree sizes: every child was made after its parent, so a pass from the end sees children first.
    var size = [Int](repeating: 1, count: trees.count)
    for index in trees.indices.reversed() {
      for child in trees[index].children { size[index] += size[child] }
    }
    var nodes: [CourseNode] = []
    nodes.reserveCapacity(trees.count)
    // Depth first, in order: a stack of the trees still to add, the next on top.
    var stack: [(tree: Int, parent: Int?, depth: Int, ordinal: Int)] = roots.enumerated().reversed().map {
      ($0.element, nil, 0, $0.offset + 1)
    }
    while let (index, parent, depth, ordinal) = stack.popLast() {
      let tree = trees[index]
      let here = nodes.count
      let description = tree.notes.isEmpty ? nil : tree.notes.joined(separator: "\n\n")
      nodes.append(
        CourseNode(
          id: tree.id, title: tree.title, parent: parent, depth: depth, ordinal: ordinal,
          subtreeEnd: here + size[index], questions: tree.questions,
          details: description.map { NodeDetails(fields: [], description: $0) }))
      for (k, child) in tree.children.enumerated().reversed() { stack.append((child, here, depth + 1, k + 1)) }
    }
    return Course(id: id, title: title, format: .imported, nodes: nodes, source: source)
  }
}
