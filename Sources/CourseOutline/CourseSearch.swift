import Foundation
import TextLayout

extension Course {
  /// Nodes whose title contains `text`, ignoring case, accents and full-/half-width differences, in outline order.
  ///
  /// ```swift
  /// course.search("熔化")  // [2]
  /// ```
  public func search(_ text: String) -> [Int] {
    let needle = Array(Self.searchKey(text.trimmingSpaces()).unicodeScalars)
    guard !needle.isEmpty else { return [] }
    return nodes.indices.filter { Self.contains(Array(Self.searchKey(nodes[$0].title).unicodeScalars), needle) }
  }

  /// Text folded for matching: NFKC (full-width to half-width), case and accents removed, control characters
  /// dropped (Foundation's searches crash on some of them, and no one types them on purpose).
  static func searchKey(_ text: String) -> String {
    var visible = String.UnicodeScalarView()
    visible.append(contentsOf: text.unicodeScalars.filter { $0.properties.generalCategory != .control })
    return String(visible).precomposedStringWithCompatibilityMapping
      .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }
}
