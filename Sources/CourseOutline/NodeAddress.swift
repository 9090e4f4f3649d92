/// How a user names a node: its outline path or its data id.
///
/// Addresses never depend on what is expanded, so a command typed against an
/// old listing still reaches the same node (the seeds' stale index paths are
/// the bug this avoids).
///
/// ```swift
/// NodeAddress("2.3.1")  // .path([2, 3, 1])
/// NodeAddress("#1296")  // .id("1296")
/// ```
package enum NodeAddress: Sendable, Equatable, Hashable {
  case path([Int])
  case id(String)

  /// Parses `2.3.1` or `#ID`; `nil` for anything else.
  package init?(_ text: String) {
    if text.hasPrefix("#") {
      let id = String(text.dropFirst())
      guard !id.isEmpty else { return nil }
      self = .id(id)
      return
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    var ordinals: [Int] = []
    for part in parts {
      guard let n = Int(part), n >= 1, part.allSatisfy(\.isASCII) else { return nil }
      ordinals.append(n)
    }
    guard !ordinals.isEmpty else { return nil }
    self = .path(ordinals)
  }
}

extension NodeAddress: CustomStringConvertible {
  package var description: String {
    switch self {
    case .path(let p): return p.map(String.init).joined(separator: ".")
    case .id(let id): return "#" + id
    }
  }
}
