/// A 64-bit digest of a course file's bytes and their count: what the `course-checked` note names, so
/// that an edited course is checked again. Not cryptographic: it tells one version of a file from
/// the next, in the learner's own folder.
///
/// ```swift
/// CourseDigest(of: Array("{}".utf8)).text  // "2-9f3c…" (count, then 16 hex digits)
/// ```
package struct CourseDigest: Sendable, Equatable {
  package var byteCount: Int
  package var value: UInt64

  /// Eight bytes at a time, each word mixed in by multiply and rotate (a course of 100 KB costs
  /// about 80,000 instructions).
  package init(of bytes: [UInt8]) {
    byteCount = bytes.count
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset + 8 <= raw.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        hash = Self.mix(hash, word)
        offset += 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while offset < raw.count {
        tail |= UInt64(raw[offset]) << shift
        shift += 8
        offset += 1
      }
      hash = Self.mix(hash, tail)
    }
    // The final avalanche of MurmurHash3's fmix64.
    hash ^= hash >> 33
    hash &*= 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    hash &*= 0xC4CE_B9FE_1A85_EC53
    hash ^= hash >> 33
    value = hash
  }

  private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
    let scrambled = (word &* 0x87C3_7B91_1142_53D5).rotatedLeft(by: 31) &* 0x4CF5_AD43_2745_937F
    return ((hash ^ scrambled).rotatedLeft(by: 27) &* 5) &+ 0x52DC_E729
  }

  /// `count-hex`, as the mark writes it.
  package var text: String {
    let hex = String(value, radix: 16)
    return "\(byteCount)-" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}

extension UInt64 {
  fileprivate func rotatedLeft(by count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
