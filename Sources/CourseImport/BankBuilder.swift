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

  struct Tree {
    var messages: Localizer
    var id: String
    var title: String
    var questions: [Question] = []
    var notes: [String] = []
    var children: [Tree] = []

    mutating func insert(_ item: BankItem, path: ArraySlice<String>) {
      guard let head = path.first else {
        switch item.content {
        case .question(let q): questions.append(q)
        case .note(let text, let isEssay):
          notes.append(isEssay ? messages.tr("Essay (not auto-graded): {essay}", ["essay": text]) : text)
        }
        return
      }
      if let index = children.firstIndex(where: { $0.title == head }) {
        children[index].insert(item, path: path.dropFirst())
      } else {
        var child = Tree(messages: messages, id: id + "/" + head, title: head)
        child.insert(item, path: path.dropFirst())
        children.append(child)
      }
    }

    var isEmpty: Bool { questions.isEmpty && notes.isEmpty }
  }

  /// The course of `files`; an essay kept on a node is labelled in `messages`' language.
  public static func course(
    files: [BankFile], id: String, title: String, source: String, messages: Localizer = .english
  ) -> Course {
    var roots: [Tree] = files.map { file in
      var tree = Tree(messages: messages, id: file.id, title: file.title)
      for item in file.items { tree.insert(item, path: item.category[...]) }
      return tree
    }
    // One file: its categories are the outline; questions outside any category keep a node of their own.
    if roots.count == 1, !roots[0].children.isEmpty {
      let file = roots[0]
      roots = file.children
      if !file.isEmpty {
        roots.insert(
          Tree(messages: messages, id: file.id, title: file.title, questions: file.questions, notes: file.notes), at: 0)
      }
    }
    var nodes: [CourseNode] = []
    func add(_ tree: Tree, parent: Int?, depth: Int, ordinal: Int) {
      let index = nodes.count
      let description = tree.notes.isEmpty ? nil : tree.notes.joined(separator: "\n\n")
      nodes.append(
        CourseNode(
          id: tree.id, title: tree.title, parent: parent, depth: depth, ordinal: ordinal, subtreeEnd: index + 1,
          questions: tree.questions, details: description.map { NodeDetails(fields: [], description: $0) }))
      for (k, child) in tree.children.enumerated() { add(child, parent: index, depth: depth + 1, ordinal: k + 1) }
      nodes[index].subtreeEnd = nodes.count
    }
    for (k, root) in roots.enumerated() { add(root, parent: nil, depth: 0, ordinal: k + 1) }
    return Course(id: id, title: title, format: .imported, nodes: nodes, source: source)
  }
}
