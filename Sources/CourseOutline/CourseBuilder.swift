import QuizEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// How many times `byte` occurs in `bytes`: a course's `{` bound its nodes, so a reader sizes
  /// its arrays once (memchr, a millisecond or two for a large course) rather than copying a large
  /// course's nodes while they grow (two copies at the peak, and pages touched twice).
  static func count(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    if var cursor = UnsafeRawPointer(bytes.baseAddress) {
      let end = cursor + bytes.count
      while let found = memchr(cursor, Int32(byte), end - cursor) {
        count += 1
        cursor = UnsafeRawPointer(found) + 1
      }
    }
    return count
  }

  mutating func leaf(id: String?, title: String, questions: [Question] = [], details: NodeDetails? = nil) {
    begin(id: id, title: title, questions: questions, details: details)
    end()
  }
}
