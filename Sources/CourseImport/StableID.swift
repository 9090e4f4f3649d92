import CourseOutline
import PracticeFiles

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

  /// The id `import` gives a course made from the bank `file`: ``CourseLoader/defaultID(for:)``
  /// when the name is ASCII, else its ASCII letters and digits (`course` when it has none) and 8 hex
  /// digits of FNV-1a over the name, so that `密度.gift` and `温度.gift` do not both become `--` and
  /// share one progress (found importing a teacher's Chinese-named banks).
  package static func course(file: String) -> String {
    let plain = CourseLoader.defaultID(for: file)
    let name = PathText.deletingExtension(PathText.lastComponent(PathText.resolved(file) ?? file))
    guard !name.unicodeScalars.allSatisfy(\.isASCII) else { return plain }
    let kept = plain.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }).joined(separator: "-")
    var hash: UInt32 = 0x811c_9dc5
    for byte in name.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    let hex = String(hash, radix: 16)
    return (kept.isEmpty ? "course" : kept) + "-" + String(repeating: "0", count: 8 - hex.count) + hex
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
