/// Finds the first of a list's normalized keys with the same bytes as a new one: by a linear search
/// while the list is short, by a hash of the bytes once it is long, so checking n options for
/// repeats costs O(n) bytes hashed, not O(n²) compared.
///
/// The keys lie side by side in one byte array, key i ending at `ends[i]` (see the options check).
///
/// ```swift
/// var index = KeyIndex()
/// index.first(equalTo: 6..<9, in: Array("abcdefabc".utf8), ends: [3, 6])  // 0
/// ```
struct KeyIndex {
  /// Below this many keys a search is cheaper than hashing: most questions have 2 to 6 options.
  static let searchLimit = 16
  /// The first key with each hash, once the list reached `searchLimit`.
  private var firstByHash: [UInt64: Int] = [:]
  /// How many of the keys are in `firstByHash`.
  private var indexed = 0

  /// The index of the first key among those ending at `ends` whose bytes equal `keys[key]`.
  mutating func first(equalTo key: Range<Int>, in keys: [UInt8], ends: [Int]) -> Int? {
    guard ends.count >= Self.searchLimit else { return Self.search(key, in: keys, ends: ends) }
    while indexed < ends.count {
      let start = indexed == 0 ? 0 : ends[indexed - 1]
      // An empty key (an option that is not a string, or blank) repeats nothing.
      if start < ends[indexed] {
        let hash = Self.hash(keys[start..<ends[indexed]])
        if firstByHash[hash] == nil { firstByHash[hash] = indexed }
      }
      indexed += 1
    }
    guard let candidate = firstByHash[Self.hash(keys[key])] else { return nil }
    let start = candidate == 0 ? 0 : ends[candidate - 1]
    if keys[start..<ends[candidate]].elementsEqual(keys[key]) { return candidate }
    // Two different keys with one hash (never seen in practice): the search decides.
    return Self.search(key, in: keys, ends: ends)
  }

  static func search(_ key: Range<Int>, in keys: [UInt8], ends: [Int]) -> Int? {
    var start = 0
    for (index, end) in ends.enumerated() {
      if end - start == key.count, keys[start..<end].elementsEqual(keys[key]) { return index }
      start = end
    }
    return nil
  }

  /// 64-bit FNV-1a of the bytes.
  static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
