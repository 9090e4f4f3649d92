/// Question ids that stay the same when a bank is imported again, so history follows each question.
///
/// ```swift
/// StableID.make(category: ["Unit 1"], text: "2 + 2?")  // "q-3f9c0a1b2d4e" (12 hex digits of FNV-1a)
/// ```
package enum StableID {
  /// `q-` and 12 hex digits of the 64-bit FNV-1a hash of the category path and the question text.
  package static func make(category: [String], text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (category.joined(separator: "/") + "\u{1F}" + text).utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash >> 16, radix: 16)
    return "q-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
  }

  /// `id`, or `id-2`, `id-3`… when an earlier question already took it.
  package static func unique(_ id: String, taken: inout Set<String>) -> String {
    var candidate = id
    var n = 2
    while taken.contains(candidate) {
      candidate = "\(id)-\(n)"
      n += 1
    }
    taken.insert(candidate)
    return candidate
  }
}
