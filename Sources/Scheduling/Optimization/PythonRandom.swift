/// Python's `random.Random`: the Mersenne Twister (MT19937) seeded as CPython seeds it from an int,
/// with `getrandbits` and `shuffle` drawing words as CPython draws them.
///
/// py-fsrs's optimiser shuffles the cards with `Random(42)` once per epoch; reproducing the draws
/// word for word is what lets a fit here follow the reference's mini-batches exactly.
///
/// ```swift
/// var random = PythonRandom(seed: 42)
/// var cards = [1, 2, 3, 4]
/// random.shuffle(&cards)  // the order Python's `Random(42).shuffle` gives
/// ```
struct PythonRandom {
  private var state = [UInt32](repeating: 0, count: 624)
  private var index = 625

  /// CPython's `random.seed(n)` for a non-negative int below 2³²: `init_by_array([n])`.
  init(seed: UInt32) {
    initialise(19_650_218)
    let key = [seed]
    var i = 1
    var j = 0
    for _ in 0..<max(624, key.count) {
      let previous = state[i - 1] ^ (state[i - 1] >> 30)
      state[i] = (state[i] ^ (previous &* 1_664_525)) &+ key[j] &+ UInt32(j)
      i += 1
      j += 1
      if i >= 624 {
        state[0] = state[623]
        i = 1
      }
      if j >= key.count { j = 0 }
    }
    for _ in 0..<623 {
      let previous = state[i - 1] ^ (state[i - 1] >> 30)
      state[i] = (state[i] ^ (previous &* 1_566_083_941)) &- UInt32(i)
      i += 1
      if i >= 624 {
        state[0] = state[623]
        i = 1
      }
    }
    state[0] = 0x8000_0000
  }

  private mutating func initialise(_ seed: UInt32) {
    state[0] = seed
    for i in 1..<624 {
      state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i)
    }
    index = 624
  }

  /// The next 32-bit word (CPython's `genrand_uint32`).
  mutating func nextWord() -> UInt32 {
    if index >= 624 { twist() }
    var y = state[index]
    index += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c_5680
    y ^= (y << 15) & 0xefc6_0000
    y ^= y >> 18
    return y
  }

  private mutating func twist() {
    for k in 0..<624 {
      let y = (state[k] & 0x8000_0000) | (state[(k + 1) % 624] & 0x7fff_ffff)
      state[k] = state[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1) == 0 ? 0 : 0x9908_b0df)
    }
    index = 0
  }

  /// `getrandbits(bits)` for 1…32 bits: the top bits of one word.
  mutating func randomBits(_ bits: Int) -> UInt32 {
    precondition((1...32).contains(bits))
    return nextWord() >> UInt32(32 - bits)
  }

  /// `_randbelow(n)`: a uniform integer in `0..<n` by rejection, as CPython draws it.
  mutating func below(_ n: Int) -> Int {
    precondition(n > 0 && n <= Int(UInt32.max))
    let bits = Int.bitWidth - n.leadingZeroBitCount
    var r = Int(randomBits(bits))
    while r >= n { r = Int(randomBits(bits)) }
    return r
  }

  /// `shuffle(x)`: Fisher–Yates from the end, as CPython's `random.shuffle`.
  mutating func shuffle<T>(_ items: inout [T]) {
    guard items.count > 1 else { return }
    for i in stride(from: items.count - 1, through: 1, by: -1) {
      items.swapAt(i, below(i + 1))
    }
  }
}
