package import Localization
import TextLayout

extension Course {
  /// The node an argument names: an address (`2.3`, `#1295`) or a title only one node has.
  ///
  /// ```swift
  /// try course.resolve("2.3")         // the third child of the second top-level node
  /// try course.resolve("#1295")       // the node with id 1295
  /// try course.resolve("Density")     // the only node titled "Density"
  /// ```
  /// - Parameter messages: the catalog the description of a path that leads nowhere speaks through.
  package func resolve(_ argument: String, messages: Localizer = .english) throws(NodeLookupError) -> Int {
    let text = argument.trimmingSpaces()
    guard !text.isEmpty else { throw .empty }
    if let address = NodeAddress(text) {
      if let node = index(of: address) { return node }
      throw missing(address, messages)
    }
    let matches = nodes.indices.filter { nodes[$0].title == text }
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 {
      throw .ambiguousTitle(
        text, count: matches.count, candidates: matches.prefix(5).map { "\(address(of: $0)) \(nodes[$0].title)" })
    }
    let similar = search(text)
    throw .unknownTitle(
      text, suggestion: similar.first.map { "\(address(of: $0)) \(nodes[$0].title)" },
      more: max(similar.count - 1, 0))
  }

  /// Names the deepest existing level of a path that leads nowhere, so the user sees what is there:
  /// `9.9` in a course of 3 chapters says the course has 3, as `9` does.
  private func missing(_ address: NodeAddress, _ messages: Localizer) -> NodeLookupError {
    switch address {
    case .id(let id):
      return .noID(id)
    case .path(let ordinals):
      // The first level that does not exist; everything before it does.
      var parentPath: [Int] = []
      for ordinal in ordinals {
        guard index(of: .path(parentPath + [ordinal])) != nil else { break }
        parentPath.append(ordinal)
      }
      guard let parent = parentPath.isEmpty ? nil : index(of: .path(parentPath)) else {
        let count = Array(roots).count
        // One node is not "1 top-level nodes (1-1)"; a course has at least one (the loader sees to it).
        if count == 1 { return .noPath(address, context: messages.tr("the course has one top-level node: 1")) }
        return .noPath(
          address, context: messages.tr("the course has {count} top-level nodes (1-{count})", ["count": count]))
      }
      let count = Array(children(of: parent)).count
      let base = self.address(of: parent)
      let values: KeyValuePairs<String, Any> = ["parent": base, "title": nodes[parent].title, "count": count]
      if count == 0 { return .noPath(address, context: messages.tr("{parent} {title} has no children", values)) }
      if count == 1 { return .noPath(address, context: messages.tr("{parent} {title} has one: {parent}.1", values)) }
      return .noPath(
        address, context: messages.tr("{parent} {title} has {count} ({parent}.1-{parent}.{count})", values))
    }
  }
}
