import Foundation
import TextLayout

extension Course {
  /// Nodes whose title contains `text`, ignoring case, accents and full-/half-width differences, in outline order.
  ///
  /// ```swift
  /// course.search("熔化")  // [2]
  /// ```
  /// The longest query `find` takes, in characters: no title worth finding needs more.
  package static let maximumSearchLength = 200

  package func search(_ text: String) -> [Int] {
    let needle = Array(Self.searchKey(text.trimmingSpaces()).unicodeScalars)
    guard !needle.isEmpty else { return [] }
    return nodes.indices.filter {
      Self.contains(Array(Self.searchKey(Self.searchedPart(of: nodes[$0].title)).unicodeScalars), needle)
    }
  }

  /// How much of a title `find` looks at, in characters: far more than any real title holds, so a
  /// hostile course's 50 MB title costs a search no more than this does.
  package static let maximumSearchedTitleLength = 100_000

  static func searchedPart(of title: String) -> String {
    title.utf8.count <= maximumSearchedTitleLength
      ? title : String(title.unicodeScalars.prefix(maximumSearchedTitleLength))
  }

  /// Text folded for matching: NFKC (full-width to half-width), case and accents removed, control characters
  /// dropped (Foundation's searches crash on some of them, and no one types them on purpose).
  static func searchKey(_ text: String) -> String {
    if let ascii = asciiSearchKey(text) { return ascii }
    var visible = String.UnicodeScalarView()
    visible.append(contentsOf: text.unicodeScalars.filter { $0.properties.generalCategory != .control })
    return String(visible).precomposedStringWithCompatibilityMapping
      .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// `searchKey` of an ASCII text without Foundation: NFKC and accent folding leave ASCII as it is, and
  /// case folding lowercases it; nil for any other text.
  static func asciiSearchKey(_ text: String) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      guard byte < 0x80 else { return nil }
      if byte < 0x20 || byte == 0x7F { continue }
      bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
    }
    return String(decoding: bytes, as: UTF8.self)
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
