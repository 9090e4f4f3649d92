/// What an answer gave the review scheduler: its FSRS rating and, with `--fuzz`, the fuzz draw.
///
/// Kept in the answer's journal record, so replaying the history rebuilds every question's
/// memory exactly, fuzzed intervals included.
///
/// ```swift
/// let mark = ReviewMark(rating: 3)            // Good, no fuzz
/// let fuzzed = ReviewMark(rating: 4, fuzz: 0.37)
/// ```
package struct ReviewMark: Sendable, Hashable {
  /// 1 Again, 2 Hard, 3 Good, 4 Easy.
  package var rating: Int
  /// The uniform draw in `0..<1` that picked the fuzzed interval; nil without fuzz.
  package var fuzz: Double?
  /// The learner asked for the question's hint before this answer or skip (`"hint": true` in the
  /// record; absent in records from before hints were kept, and when no hint was shown).
  package var hinted: Bool

  package init(rating: Int, fuzz: Double? = nil, hinted: Bool = false) {
    self.rating = rating
    self.fuzz = fuzz
    self.hinted = hinted
  }
}
