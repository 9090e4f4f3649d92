import TextLayout

/// Why an argument names no single node of a course; the description says what to type instead.
///
/// ```swift
/// do { _ = try course.resolve("9.9") } catch { print(error) }
/// // no node 9.9: the course has 3 top-level nodes (1-3)
/// ```
public enum NodeLookupError: Error, Equatable, Sendable {
  /// Nothing was given.
  case empty
  /// No node has this `#id`.
  case noID(String)
  /// No node sits at this path; `context` names what is there (the deepest existing level), if anything.
  case noPath(NodeAddress, context: String?)
  /// More than one node has this title; `candidates` lists up to five as "ADDRESS TITLE".
  case ambiguousTitle(String, count: Int, candidates: [String])
  /// No node has this title; `suggestion` is the closest match as "ADDRESS TITLE", with `more` others.
  case unknownTitle(String, suggestion: String?, more: Int)
}

extension NodeLookupError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .empty:
      return "give an address, like 1.2 or #1295"
    case .noID(let id):
      return "no node has id #\(OutputSanitizer.clean(id))"
    case .noPath(let address, let context):
      return context.map { "no node \(address): \($0)" } ?? "no node \(address)"
    case .ambiguousTitle(let text, let count, let candidates):
      return "'\(text)' is the title of \(count) nodes (\(candidates.joined(separator: ", "))); give an address"
    case .unknownTitle(let text, let suggestion?, let more):
      let others = more > 0 ? " (and \(more) more; try 'find \(text)')" : ""
      return "no node is called '\(OutputSanitizer.clean(text))'; did you mean \(suggestion)?\(others)"
    case .unknownTitle(let text, nil, _):
      return "no node '\(OutputSanitizer.clean(text))'; give an address like 1.2 (see 'ls') or search with 'find'"
    }
  }
}
