import QuizEngine

/// Appends nodes in preorder and fixes each subtree's end when it closes.
struct CourseBuilder {
  var nodes: [CourseNode] = []
  /// Children counted so far under each open node; the last entry is the top level.
  private var childCounts: [Int] = [0]
  private var open: [Int] = []

  /// Opens a node under the currently open one; close it with `end()`.
  mutating func begin(id: String?, title: String, questions: [Question] = [], details: NodeDetails? = nil) {
    childCounts[childCounts.count - 1] += 1
    let index = nodes.count
    nodes.append(
      CourseNode(
        id: id, title: title, parent: open.last, depth: open.count, ordinal: childCounts[childCounts.count - 1],
        subtreeEnd: index + 1, questions: questions, details: details))
    open.append(index)
    childCounts.append(0)
  }

  mutating func end() {
    let index = open.removeLast()
    childCounts.removeLast()
    nodes[index].subtreeEnd = nodes.count
  }

  mutating func leaf(id: String?, title: String, questions: [Question] = [], details: NodeDetails? = nil) {
    begin(id: id, title: title, questions: questions, details: details)
    end()
  }
}
