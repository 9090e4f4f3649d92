/// What a practice session was for: a full session on a node, a round of mistakes, or a review.
///
/// Only full sessions set a node's best and last score; the kind is stored with the session's
/// `start` record. A struct over its raw text rather than an enum, so a kind written by a newer
/// program still loads (and counts as no full session).
///
/// ```swift
/// if session.kind == .full { best = max(best, score) }
/// ```
package struct SessionKind: RawRepresentable, Sendable, Hashable {
  package var rawValue: String
  package init(rawValue: String) { self.rawValue = rawValue }

  /// `start ADDR` (or one resumed): every question of the node's subtree.
  package static let full = SessionKind(rawValue: "full")
  /// `mistakes [ADDR]`: the questions whose latest result is wrong or skipped.
  package static let mistakes = SessionKind(rawValue: "mistakes")
  /// A scheduled review of due questions.
  package static let review = SessionKind(rawValue: "review")
}
