import Foundation
import TextLayout

extension Course {
  /// Nodes whose title contains `text`, ignoring case, accents and full-/half-width differences, in outline order.
  ///
  /// ```swift
  /// course.search("熔化")  // [2]
  /// ```
  /// The longest query `find` takes, in characters: no title worth finding needs more.
  public static let maximumSearchLength = 200

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

  /// Whether `needle` occurs in `haystack`, in time linear in both (Knuth-Morris-Pratt): a long
  /// query against a long title never backtracks.
  static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= haystack.count else { return false }
    // failure[i]: the length of the longest proper prefix of needle[0...i] that is also its suffix.
    var failure = [Int](repeating: 0, count: needle.count)
    var length = 0
    for i in 1..<needle.count {
      while length > 0 && needle[i] != needle[length] { length = failure[length - 1] }
      if needle[i] == needle[length] { length += 1 }
      failure[i] = length
    }
    var matched = 0
    for scalar in haystack {
      while matched > 0 && scalar != needle[matched] { matched = failure[matched - 1] }
      if scalar == needle[matched] { matched += 1 }
      if matched == needle.count { return true }
    }
    return false
  }
}
