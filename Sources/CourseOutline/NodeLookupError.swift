package import Localization
import TextLayout

/// Why an argument names no single node of a course; the description says what to type instead.
///
/// ```swift
/// do { _ = try course.resolve("9.9") } catch { print(error) }
/// // no node 9.9: the course has 3 top-level nodes (1-3)
/// ```
package enum NodeLookupError: Error, Equatable, Sendable {
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
  package var description: String { description(.english) }

  /// The description in the learner's language.
  package func description(_ messages: Localizer) -> String {
    switch self {
    case .empty:
      return messages.tr("give an address, like 1.2 or #1295")
    case .noID(let id):
      return messages.tr(
        "no node has id #{id}; give an address like 1.2 (see 'ls') or search with 'find'",
        ["id": OutputSanitizer.clean(id)])
    case .noPath(let address, let context?):
      return messages.tr("no node {address}: {context}", ["address": address, "context": context])
    case .noPath(let address, nil):
      return messages.tr("no node {address}", ["address": address])
    case .ambiguousTitle(let text, let count, let candidates):
      return messages.tr(
        "'{text}' is the title of {count} nodes ({list}); give an address",
        ["text": text, "count": count, "list": messages.list(candidates)])
    case .unknownTitle(let text, let suggestion?, let more):
      let values: KeyValuePairs<String, Any> = [
        "text": OutputSanitizer.clean(text), "node": suggestion, "more": more,
      ]
      guard more > 0 else { return messages.tr("no node is called '{text}'; did you mean {node}?", values) }
      return messages.tr(
        "no node is called '{text}'; did you mean {node}? (and {more} more; try 'find {text}')", values)
    case .unknownTitle(let text, nil, _):
      return messages.tr(
        "no node '{text}'; give an address like 1.2 (see 'ls') or search with 'find'",
        ["text": OutputSanitizer.clean(text)]
      )
    }
  }
}
