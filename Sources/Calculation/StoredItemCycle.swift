/// Which of a bank's stored value sets an attempt uses, as Moodle chooses a question's variant
/// (`question_variant_pseudorandom_no_repeats_strategy`): a starting set that depends on the learner
/// and the question, then the next set on each later attempt, so no set comes back until all have
/// been used.
///
/// Moodle's start is a hash of the question's variant seed and the user; here it is a hash of a key
/// the caller chooses (e.g. the learner's folder and the question's id). Questions whose datasets are
/// synchronised share a key (Moodle uses their category), so they show the same set together.
///
/// ```swift
/// let cycle = StoredItemCycle(count: 5, key: "density-1")
/// (0..<5).map { cycle.item(forAttempt: $0) }   // every index 0...4 once, from a start set by the key
/// ```
package struct StoredItemCycle: Equatable, Sendable {
  /// How many stored sets there are (Moodle: the fewest items any of the question's datasets has).
  package let count: Int
  /// Where the cycle starts, from the key.
  package let offset: Int

  package init(count: Int, key: String) {
    precondition(count > 0, "a cycle needs at least one stored set")
    self.count = count
    // FNV-1a over the key's UTF-8: stable across runs and toolchains, unlike `hashValue`.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    offset = Int(hash % UInt64(count))
  }

  /// The stored set (0-based) for attempt `attempt` (0 for the learner's first attempt at the question).
  package func item(forAttempt attempt: Int) -> Int {
    let step = attempt % count
    return (offset + step + count) % count
  }
}
