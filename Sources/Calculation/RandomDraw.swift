/// The two draws value drawing needs, made from a generator's raw 64-bit output only, so a seeded
/// generator gives the same values on every toolchain (Swift's own `random(in:using:)` may change).
enum RandomDraw {
  /// A uniform number from 0 to 1, both ends included (as Moodle's `mt_rand() / mt_getrandmax()`).
  static func unit(using generator: inout some RandomNumberGenerator) -> Double {
    Double(generator.next() >> 11) / Double((UInt64(1) << 53) - 1)
  }

  /// A uniform index in `0..<count`, by rejection so that no index is favoured.
  static func index(below count: Int, using generator: inout some RandomNumberGenerator) -> Int {
    precondition(count > 0, "count must be positive")
    let n = UInt64(count)
    let threshold = (0 &- n) % n
    while true {
      let draw = generator.next()
      if draw >= threshold { return Int(draw % n) }
    }
  }
}
