/// A compiled gettext `.mo` file, read in place: messages are found by binary search over its
/// sorted table of originals and decoded only when asked for.
///
/// The layout is the GNU gettext manual's "The Format of GNU MO Files": a magic number (which also
/// gives the byte order), the message count, and two tables of (length, offset) pairs, originals
/// and translations, the originals sorted bytewise by msgfmt. Plural forms are NUL-separated.
///
/// ```swift
/// let file = try MOFile(bytes)
/// file.translation(of: "Score")  // ["得分"]
/// ```
struct MOFile: Sendable {
  private let bytes: [UInt8]
  private var swapped = false
  private(set) var count = 0
  private var originals = 0
  private var translated = 0

  /// Checks the header and that every string lies inside the file.
  init(_ bytes: [UInt8]) throws(CatalogError) {
    self.bytes = bytes
    let magic = try word(0)
    if magic == 0x9504_12de {
      swapped = false
    } else if magic == 0xde12_0495 {
      swapped = true
    } else {
      throw CatalogError("not a .mo file (magic number \(String(magic, radix: 16)))")
    }
    count = try word(8)
    originals = try word(12)
    translated = try word(16)
    for index in 0..<count {
      _ = try range(table: originals, index: index)
      _ = try range(table: translated, index: index)
    }
  }

  /// A file compiled into the program by `make catalogs` (msgfmt, sorted): only its header is read.
  /// A string outside the file would stop the program at the lookup (bounds are checked), never read
  /// past it; the tests check every compiled-in file as ``init(_:)`` checks one from elsewhere.
  init(compiledIn bytes: [UInt8]) {
    self.bytes = bytes
    swapped = bytes.count >= 4 && bytes[0] == 0x95
    count = (try? word(8)) ?? 0
    originals = (try? word(12)) ?? 0
    translated = (try? word(16)) ?? 0
  }

  /// The 32-bit word at `offset`, in the file's byte order.
  private func word(_ offset: Int) throws(CatalogError) -> Int {
    guard offset >= 0, offset + 4 <= bytes.count else { throw CatalogError("truncated at byte \(offset)") }
    let b0 = UInt32(bytes[offset])
    let b1 = UInt32(bytes[offset + 1])
    let b2 = UInt32(bytes[offset + 2])
    let b3 = UInt32(bytes[offset + 3])
    return Int(swapped ? b3 | b2 << 8 | b1 << 16 | b0 << 24 : b0 | b1 << 8 | b2 << 16 | b3 << 24)
  }

  /// Where string `index` of a table lies.
  private func range(table: Int, index: Int) throws(CatalogError) -> Range<Int> {
    let length = try word(table + 8 * index)
    let offset = try word(table + 8 * index + 4)
    guard offset >= 0, length >= 0, offset + length <= bytes.count else {
      throw CatalogError("string \(index) lies outside the file")
    }
    return offset..<offset + length
  }

  /// A string's range; `init` checked them all.
  private func checked(table: Int, index: Int) -> Range<Int> {
    (try? range(table: table, index: index)) ?? 0..<0
  }

  /// An original's msgid: up to its first NUL (after which a plural message has its plural).
  private func keyRange(_ index: Int) -> Range<Int> {
    let whole = checked(table: originals, index: index)
    return whole.lowerBound..<(bytes[whole].firstIndex(of: 0) ?? whole.upperBound)
  }

  private func forms(_ index: Int) -> [String] {
    bytes[checked(table: translated, index: index)].split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// Whether the originals are in ascending byte order, as msgfmt writes them.
  var isSorted: Bool {
    guard count > 1 else { return true }
    for index in 1..<count
    where !bytes[keyRange(index - 1)].lexicographicallyPrecedes(bytes[keyRange(index)]) {
      return false
    }
    return true
  }

  /// The forms of `msgid`, nil when it has none or only empty ones (English is shown, as gettext does).
  func translation(of msgid: String) -> [String]? {
    guard !msgid.isEmpty else { return nil }  // the header's msgid
    var key = msgid
    return key.withUTF8 { wanted -> [String]? in
      var low = 0
      var high = count
      while low < high {
        let mid = (low + high) / 2
        let candidate = keyRange(mid)
        let order = bytes.withUnsafeBufferPointer { all in
          Self.compare(UnsafeBufferPointer(rebasing: all[candidate]), wanted)
        }
        if order == 0 {
          let forms = forms(mid)
          return forms.contains(where: { !$0.isEmpty }) ? forms : nil
        }
        if order < 0 { low = mid + 1 } else { high = mid }
      }
      return nil
    }
  }

  private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let shared = min(a.count, b.count)
    for i in 0..<shared where a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
    return a.count - b.count
  }

  /// Whether any message (the header aside) has a non-empty translation.
  var hasTranslations: Bool {
    (0..<count).contains { index in
      !keyRange(index).isEmpty
        && bytes[checked(table: translated, index: index)].contains { $0 != 0 }
    }
  }

  /// Every message with a non-empty translation, decoded.
  func everyTranslation() -> [String: [String]] {
    var all: [String: [String]] = [:]
    for index in 0..<count {
      let msgid = String(decoding: bytes[keyRange(index)], as: UTF8.self)
      let forms = forms(index)
      if !msgid.isEmpty, forms.contains(where: { !$0.isEmpty }) { all[msgid] = forms }
    }
    return all
  }

  /// The rule of the header's `Plural-Forms:` line (the header is the message with an empty msgid).
  func pluralRule() -> PluralRule {
    var rule = PluralRule.germanic
    for index in 0..<count where keyRange(index).isEmpty {
      for line in forms(index).joined().split(separator: "\n") where line.hasPrefix("Plural-Forms:") {
        rule = PluralRule(header: String(line.dropFirst("Plural-Forms:".count))) ?? rule
      }
    }
    return rule
  }
}
