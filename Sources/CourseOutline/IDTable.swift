/// Ids with a number each (a node's index, an offset in the file), found by hash: what
/// `[String: Int]` does for a course's ids, in a quarter of the time.
///
/// A course's ids are hashed once each while it loads (100,000 of them in a large course), and a
/// dictionary's insert touches a bucket of keys and one of values far apart in 3 MB of memory: a
/// cache miss or two each (15 ms of a 125 ms load). Here a slot is one word, a tag of the id's hash
/// beside the place of its entry, so a probe reads one small array and an id is compared only
/// when its tag matches. Hashes are `String`'s own (seeded per process, so a course cannot be
/// written to make its ids collide), and ids are compared as strings, canonically, as a
/// dictionary does.
///
/// ```swift
/// var table = IDTable(minimumCapacity: 2)
/// table.updateValue(0, forKey: "ch1")  // nil: new
/// table.updateValue(1, forKey: "ch1")  // 0: the number it had; now 1
/// table.keepingFirst(2, forKey: "ch1")  // 1: the number it has, kept
/// table["ch1"]                         // 1
/// ```
struct IDTable: Sendable {
  /// Per slot: the hash's top 32 bits, then 1 + the entry's index (0: an empty slot).
  private var slots: [UInt64]
  private var keys: [String] = []
  private var values: [Int] = []

  /// A table for `minimumCapacity` ids before it grows.
  init(minimumCapacity: Int = 0) {
    slots = Array(repeating: 0, count: Self.slotCount(for: minimumCapacity))
    keys.reserveCapacity(minimumCapacity)
    values.reserveCapacity(minimumCapacity)
  }

  /// A table of `keys`, key `i` having the number `values[i]`, or nil when a key repeats.
  ///
  /// The keys are placed in the order of their slots, not their own (sorted by the 256th of the
  /// table their slot is in): a pass through the table instead of a jump to a slot far from the
  /// last for each key, which for a large course is a cache miss each (5 ms for 100,000 ids).
  init?(uniqueKeys keys: [String], values: [Int]) {
    precondition(keys.count == values.count, "a number for each key")
    let hashes = keys.map(\.hashValue)
    var slots = [UInt64](repeating: 0, count: Self.slotCount(for: keys.count))
    let mask = slots.count - 1
    let shift = max(0, slots.count.trailingZeroBitCount - 8)
    // A stable counting sort of the keys by `slot >> shift`.
    var starts = [Int](repeating: 0, count: (slots.count >> shift) + 1)
    for hash in hashes { starts[(hash & mask) >> shift + 1] += 1 }
    for part in 1..<starts.count { starts[part] += starts[part - 1] }
    var order = [Int32](repeating: 0, count: keys.count)
    for (i, hash) in hashes.enumerated() {
      let part = (hash & mask) >> shift
      order[starts[part]] = Int32(i)
      starts[part] += 1
    }
    for i in order.lazy.map(Int.init) {
      let hash = hashes[i]
      let tag = Self.tag(hash)
      var slot = hash & mask
      while slots[slot] != 0 {
        if slots[slot] & Self.tagMask == tag, keys[Self.entry(slots[slot])] == keys[i] { return nil }
        slot = (slot + 1) & mask
      }
      slots[slot] = tag | UInt64(i + 1)
    }
    self.slots = slots
    self.keys = keys
    self.values = values
  }

  /// At most half the slots in use: a probe then reads two or three slots.
  private static func slotCount(for count: Int) -> Int {
    var slots = 8
    while slots < 2 * count { slots *= 2 }
    return slots
  }

  var count: Int { keys.count }
  var isEmpty: Bool { keys.isEmpty }

  /// The number `key` has, if it is in the table.
  subscript(key: String) -> Int? {
    probe(key, hash: key.hashValue).entry.map { values[$0] }
  }

  /// Gives `key` the number `value`; the number it had before, or nil when it is new.
  @discardableResult
  mutating func updateValue(_ value: Int, forKey key: String) -> Int? {
    insert(value, forKey: key, replacing: true)
  }

  /// Gives `key` the number `value` if it has none; the number it already has (kept), or nil.
  mutating func keepingFirst(_ value: Int, forKey key: String) -> Int? {
    insert(value, forKey: key, replacing: false)
  }

  private mutating func insert(_ value: Int, forKey key: String, replacing: Bool) -> Int? {
    if 2 * (keys.count + 1) > slots.count { grow() }
    let hash = key.hashValue
    let (slot, found) = probe(key, hash: hash)
    guard let entry = found else {
      slots[slot] = Self.tag(hash) | UInt64(keys.count + 1)
      keys.append(key)
      values.append(value)
      return nil
    }
    let previous = values[entry]
    if replacing { values[entry] = value }
    return previous
  }

  /// The slot holding `key` and its entry, or the empty slot where it would go and nil.
  private func probe(_ key: String, hash: Int) -> (slot: Int, entry: Int?) {
    let tag = Self.tag(hash)
    let mask = slots.count - 1
    var slot = hash & mask
    while true {
      let word = slots[slot]
      if word == 0 { return (slot, nil) }
      if word & Self.tagMask == tag, keys[Self.entry(word)] == key { return (slot, Self.entry(word)) }
      slot = (slot + 1) & mask
    }
  }

  private static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

  private static func tag(_ hash: Int) -> UInt64 { UInt64(UInt(bitPattern: hash)) & tagMask }

  private static func entry(_ word: UInt64) -> Int { Int(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1 }

  /// Twice the slots, each entry placed again (its hash computed again: none are kept).
  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (entry, key) in keys.enumerated() {
      let hash = key.hashValue
      var slot = hash & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Self.tag(hash) | UInt64(entry + 1)
    }
  }
}
