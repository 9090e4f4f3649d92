import Foundation

extension Course {
  /// Nodes whose title contains `text`, ignoring case and full-/half-width differences, in outline order.
  ///
  /// ```swift
  /// course.search("熔化")  // [2]
  /// ```
  public func search(_ text: String) -> [Int] {
    let needle = text.trimmingCharacters(in: .whitespaces)
    guard !needle.isEmpty else { return [] }
    return nodes.indices.filter {
      nodes[$0].title.range(of: needle, options: [.caseInsensitive, .widthInsensitive, .diacriticInsensitive]) != nil
    }
  }
}
