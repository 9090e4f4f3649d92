/// A seeded SplitMix64 generator with its own bounded draw and Fisher–Yates shuffle.
///
/// Swift's `shuffle(using:)` and `random(in:using:)` may change algorithm between releases;
/// these do not, so a seed replays the same session on any toolchain.
///
/// ```swift
/// var rng = SeededRandomNumberGenerator(seed: 42)
/// var cards = ["a", "b", "c", "d"]
/// rng.shuffle(&cards)  // same order for seed 42, every run, every Swift version
/// ```
package struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }
}

extension SeededRandomNumberGenerator {
  /// The next 64 bits of the SplitMix64 sequence (Steele, Lea and Flood 2014).
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in `0..<bound`, by rejection so that no value is favoured.
  package mutating func next(below bound: Int) -> Int {
    precondition(bound > 0, "bound must be positive")
    let n = UInt64(bound)
    // Values below `threshold` would make low results slightly more likely; draw again.
    let threshold = (0 &- n) % n
    while true {
      let draw = next()
      if draw >= threshold { return Int(draw % n) }
    }
  }

  /// Shuffles `elements` in place with Fisher–Yates, drawing from this generator.
  package mutating func shuffle<Element>(_ elements: inout [Element]) {
    guard elements.count > 1 else { return }
    for i in stride(from: elements.count - 1, to: 0, by: -1) {
      let j = next(below: i + 1)
      elements.swapAt(i, j)
    }
  }

  /// A shuffled copy of `elements`.
  package mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
    var copy = elements
    shuffle(&copy)
    return copy
  }
}
