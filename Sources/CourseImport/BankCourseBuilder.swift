import CourseOutline
import Localization
import QuizEngine

/// A course built from bank items one at a time, as a reader makes them: a file's items need not
/// be held besides the course (30 MB of GIFT held half a million of both). `BankBuilder.course`
/// builds from whole files the same way.
///
/// ```swift
/// var builder = BankCourseBuilder(messages: .english)
/// builder.beginFile(id: "unit1", title: "unit1")
/// for item in items { builder.add(item) }
/// let course = builder.course(id: "unit1", title: "Unit 1", source: "unit1.gift")
/// ```
struct BankCourseBuilder {
  let messages: Localizer
  private var trees: [BankBuilder.Tree] = []
  private var roots: [Int] = []
  private var root = 0
  /// Items of one category share its path: walked once, not once per item.
  private var last: (path: [String], node: Int)?

  init(messages: Localizer) { self.messages = messages }

  /// Starts the node of a file: the items added next go below it.
  mutating func beginFile(id: String, title: String) {
    root = trees.count
    trees.append(BankBuilder.Tree(id: id, title: title))
    roots.append(root)
    last = nil
  }

  /// Puts `item` on the node its category names below the current file's, made when missing.
  mutating func add(_ item: BankItem) {
    var node = root
    if let last, last.path == item.category {
      node = last.node
    } else {
      for head in item.category {
        if let child = trees[node].childByTitle[head] {
          node = child
        } else {
          trees.append(BankBuilder.Tree(id: trees[node].id + "/" + head, title: head))
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

  /// The course of everything added; an essay kept on a node is labelled in `messages`' language.
  ///
  /// Built without recursion, so no category path, however deep, can overflow the stack; the
  /// readers refuse paths deeper than ``BankBuilder/maxCategoryDepth`` before this.
  consuming func course(id: String, title: String, source: String) -> Course {
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
      let here = nodes.count
      let notes = trees[index].notes
      let description = notes.isEmpty ? nil : notes.joined(separator: "\n\n")
      // Moved out, not copied: the tree's array becomes the node's.
      let questions = trees[index].questions
      trees[index].questions = []
      nodes.append(
        CourseNode(
          id: trees[index].id, title: trees[index].title, parent: parent, depth: depth, ordinal: ordinal,
          subtreeEnd: here + size[index], questions: questions,
          details: description.map { NodeDetails(fields: [], description: $0) }))
      for (k, child) in trees[index].children.enumerated().reversed() {
        stack.append((child, here, depth + 1, k + 1))
      }
    }
    return Course(id: id, title: title, format: .imported, nodes: nodes, source: source)
  }
}
