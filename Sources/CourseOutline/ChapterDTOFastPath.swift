import PracticeJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the common seed-002 document, `{"chapterDtoList": [...]}` nested by `subChapterList`,
/// straight from its bytes into nodes, without building a JSON tree.
///
/// Anything unusual (a flat list, a `parentId` that does not match, a duplicate id, a wrong
/// type, escapes or non-ASCII letters in a key, invalid JSON) makes it give up and return `nil`;
/// the tree-based reader then runs and reports every problem with its location. So this path only
/// has to be right, never helpful: it accepts exactly what `JSONParser` accepts (UTF-8, escapes,
/// numbers, duplicate keys in every object, nesting depth), or less.
///
/// Keys are compared as bytes and skipped values are checked in place, so the only strings made
/// are ids, titles and descriptions: a 100,000-node course reads in about a tenth of the time a tree
/// would take.
enum ChapterDTOFastPath {
  struct GiveUp: Error {}

  /// The nodes in preorder and the index of each id, or `nil` to defer to the full reader.
  static func build(_ bytes: [UInt8]) -> (nodes: [CourseNode], idIndex: NodeIDIndex)? {
    // Details keep their place in the file as 32-bit offsets.
    guard bytes.count < UInt32.max else { return nil }
    let source = SourceText(bytes)
    return bytes.withUnsafeBufferPointer { buffer -> (nodes: [CourseNode], idIndex: NodeIDIndex)? in
      var reader = ChapterBytesReader(bytes: buffer, source: source)
      do {
        try reader.readDocument()
      } catch {
        return nil
      }
      // Two chapters with one id: the full reader says where.
      guard !reader.builder.nodes.isEmpty,
        let index = NodeIDIndex(sortingNumbers: &reader.numbers, strings: reader.strings, keepingLast: false)
      else { return nil }
      return (reader.builder.nodes, index)
    }
  }
}

/// The keys of a chapter object the reader acts on; every other key is only checked and skipped.
private enum ChapterKey {
  case id, chapterName, parentId, description, hadRead, browseCount, subChapterList, other

  var bit: UInt8 {
    switch self {
    case .id: 1
    case .chapterName: 2
    case .parentId: 4
    case .description: 8
    case .hadRead: 16
    case .browseCount: 32
    case .subChapterList: 64
    case .other: 0
    }
  }
}

/// The byte-level reader behind `ChapterDTOFastPath`. Reading past the end yields 0, a byte no
/// valid JSON has outside a string or unescaped inside one, so every bounds check is a give-up.
private struct ChapterBytesReader {
  typealias GiveUp = ChapterDTOFastPath.GiveUp

  let bytes: UnsafeBufferPointer<UInt8>
  let source: SourceText
  var index = 0
  var depth = 0
  var builder = CourseBuilder()
  /// The ids read so far, for the index and the duplicate check.
  var numbers: [NodeIDIndex.Number] = []
  var strings = IDTable()
  /// The keys of every object being read, innermost last, for the duplicate check.
  var keys: [Range<Int>] = []

  init(bytes: UnsafeBufferPointer<UInt8>, source: SourceText) {
    self.bytes = bytes
    self.source = source
  }

  /// Sizes the arrays once the document is known to be a chapter list: another document (the
  /// shipped course) gives up at its first key, before any of this is paid for at start.
  mutating func reserveForChapters() {
    // Each chapter is one object: counting braces sizes the arrays once, so a large course is not
    // copied while it grows (which would hold two copies at the peak).
    let braces = CourseBuilder.count(of: UInt8(ascii: "{"), in: bytes)
    builder.nodes.reserveCapacity(braces)
    numbers.reserveCapacity(braces)
    keys.reserveCapacity(64)
  }

  @inline(__always) var byte: UInt8 { index < bytes.count ? bytes[index] : 0 }

  @inline(__always) func byte(at offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

  @inline(__always) mutating func skipBlanks() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  mutating func expect(_ expected: UInt8) throws(GiveUp) {
    skipBlanks()
    guard byte == expected else { throw GiveUp() }
    index += 1
  }

  /// Counts an array or object against `JSONParser`'s nesting limit, as it does.
  mutating func enter() throws(GiveUp) {
    depth += 1
    guard depth <= JSONParser.defaultMaxDepth else { throw GiveUp() }
  }

  mutating func readDocument() throws(GiveUp) {
    skipBlanks()
    guard byte == UInt8(ascii: "{") else { throw GiveUp() }
    try enter()
    index += 1
    skipBlanks()
    guard Self.equals(try readKey(), "chapterDtoList", in: bytes) else { throw GiveUp() }
    reserveForChapters()
    try expect(UInt8(ascii: ":"))
    try readChapters(parentID: nil, parentNumber: nil)
    try expect(UInt8(ascii: "}"))
    depth -= 1
    skipBlanks()
    guard index == bytes.count else { throw GiveUp() }
  }

  // MARK: Chapters

  mutating func readChapters(parentID: String?, parentNumber: Int64?) throws(GiveUp) {
    skipBlanks()
    guard byte == UInt8(ascii: "[") else { throw GiveUp() }
    try enter()
    index += 1
    if !closes(UInt8(ascii: "]")) {
      repeat {
        try readChapter(parentID: parentID, parentNumber: parentNumber)
      } while try continues(before: UInt8(ascii: "]"))
    }
    depth -= 1
  }

  /// Consumes `closing` if it comes next (an empty array or object).
  mutating func closes(_ closing: UInt8) -> Bool {
    skipBlanks()
    guard byte == closing else { return false }
    index += 1
    return true
  }

  /// After an element: true past a comma, false past `closing`; anything else gives up.
  mutating func continues(before closing: UInt8) throws(GiveUp) -> Bool {
    skipBlanks()
    let b = byte
    index += 1
    if b == UInt8(ascii: ",") { return true }
    guard b == closing else { throw GiveUp() }
    return false
  }

  mutating func readChapter(parentID: String?, parentNumber: Int64?) throws(GiveUp) {
    skipBlanks()
    guard byte == UInt8(ascii: "{") else { throw GiveUp() }
    let start = index
    try enter()
    index += 1
    var id: String?
    var idNumber: Int64?
    var title: String?
    var description: String?
    var hadRead = false
    var browseCount = 0
    var known: UInt8 = 0
    let keysBase = keys.count
    var keysSeen: UInt64 = 0
    var childrenAt: Int?
    var opened: Int?
    if !closes(UInt8(ascii: "}")) {
      repeat {
        skipBlanks()
        let key = try readKey()
        let kind = Self.kind(ofKey: key, in: bytes)
        if kind == .other {
          try checkNewKey(key, since: keysBase, seen: &keysSeen)
        } else {
          guard known & kind.bit == 0 else { throw GiveUp() }
          known |= kind.bit
        }
        try expect(UInt8(ascii: ":"))
        skipBlanks()
        switch kind {
        case .id:
          if let number = try readInteger() {
            idNumber = number
            id = String(number)
          } else if byte == UInt8(ascii: "\"") {
            let text = try readString()
            guard !text.isEmpty else { throw GiveUp() }
            id = text
          } else {
            throw GiveUp()
          }
        case .chapterName:
          guard byte == UInt8(ascii: "\"") else { throw GiveUp() }
          title = try readString()
        case .parentId:
          try checkParent(parentID: parentID, parentNumber: parentNumber)
        case .description:
          if byte == UInt8(ascii: "\"") {
            description = try readString()
          } else {
            try skipValue()
          }
        case .hadRead:
          // A boolean or a 0/1 count; anything else is for the full reader.
          if byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n") {
            hadRead = byte == UInt8(ascii: "t")
            try skipValue()
          } else if let number = try readInteger() {
            hadRead = number != 0
          } else {
            throw GiveUp()
          }
        case .browseCount:
          if byte == UInt8(ascii: "n") {
            try skipValue()
          } else if let number = try readInteger(), Course.browseCountRange.contains(Int(number)) {
            browseCount = Int(number)
          } else {
            throw GiveUp()
          }
        case .subChapterList:
          if byte == UInt8(ascii: "n") {
            try skipValue()
          } else if byte != UInt8(ascii: "[") {
            throw GiveUp()
          } else if let id, title != nil {
            // The usual order (id and name first): open the node and read its children in one pass.
            try remember(id: id, number: idNumber)
            opened = builder.nodes.count
            builder.begin(id: id, title: title!)
            try readChapters(parentID: id, parentNumber: idNumber)
          } else {
            // Children before the node's own id: remember where they start and read them afterwards.
            childrenAt = index
            try skipValue()
          }
        case .other:
          try skipValue()
        }
      } while try continues(before: UInt8(ascii: "}"))
    }
    keys.removeSubrange(keysBase...)
    depth -= 1
    let details = NodeDetails(
      source: source, range: start..<index, description: description, hadRead: hadRead, browseCount: browseCount)
    if let opened {
      builder.nodes[opened].details = details
      builder.end()
      return
    }
    guard let id, let title else { throw GiveUp() }
    try remember(id: id, number: idNumber)
    builder.begin(id: id, title: title, details: details)
    if let childrenAt {
      let resume = index
      let resumeDepth = depth
      index = childrenAt
      depth += 1
      try readChapters(parentID: id, parentNumber: idNumber)
      index = resume
      depth = resumeDepth
    }
    builder.end()
  }

  /// Notes the id of the node about to begin; a repeated string id gives up here, a repeated
  /// number when the index is sorted.
  mutating func remember(id: String, number: Int64?) throws(GiveUp) {
    let node = builder.nodes.count
    if let number = number ?? NodeIDIndex.number(id) {
      numbers.append(NodeIDIndex.Number(id: number, node: Int32(node)))
    } else {
      guard strings.updateValue(node, forKey: id) == nil else { throw GiveUp() }
    }
  }

  /// A `parentId` that agrees with the nesting: null, 0, or the enclosing chapter's id written
  /// the same way. Anything else (a flat list, a contradiction) is for the full reader.
  mutating func checkParent(parentID: String?, parentNumber: Int64?) throws(GiveUp) {
    if byte == UInt8(ascii: "n") {
      try skipValue()
    } else if let number = try readInteger() {
      guard number == 0 || (parentNumber != nil && number == parentNumber) else { throw GiveUp() }
    } else if byte == UInt8(ascii: "\"") {
      guard parentNumber == nil, let parentID, try readString() == parentID else { throw GiveUp() }
    } else {
      throw GiveUp()
    }
  }

  static func equals(_ key: Range<Int>, _ name: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    key.count == name.utf8CodeUnitCount && memcmp(bytes.baseAddress! + key.lowerBound, name.utf8Start, key.count) == 0
  }

  static func kind(ofKey key: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> ChapterKey {
    func equals(_ name: StaticString) -> Bool { Self.equals(key, name, in: bytes) }
    switch key.count {
    case 2: return equals("id") ? .id : .other
    case 7: return equals("hadRead") ? .hadRead : .other
    case 8: return equals("parentId") ? .parentId : .other
    case 11:
      if equals("chapterName") { return .chapterName }
      if equals("description") { return .description }
      return equals("browseCount") ? .browseCount : .other
    case 14: return equals("subChapterList") ? .subChapterList : .other
    default: return .other
    }
  }

  // MARK: Keys

  /// A key's bytes between its quotes. Keys with escapes or beyond ASCII give up: `JSONParser`
  /// compares decoded keys as Swift strings (canonical equivalence), which bytes cannot mirror.
  mutating func readKey() throws(GiveUp) -> Range<Int> {
    guard byte == UInt8(ascii: "\"") else { throw GiveUp() }
    index += 1
    let start = index
    while true {
      let b = byte
      if b == UInt8(ascii: "\"") { break }
      guard b >= 0x20, b < 0x80, b != UInt8(ascii: "\\") else { throw GiveUp() }
      index += 1
    }
    let key = start..<index
    index += 1
    return key
  }

  /// Refuses a key seen before in the same object, then remembers it.
  ///
  /// `seen` is the object's filter: one bit per hash of its keys' length and end bytes. A key whose
  /// bit is clear is new without comparing it to the others (most keys of a chapter are).
  mutating func checkNewKey(_ key: Range<Int>, since base: Int, seen: inout UInt64) throws(GiveUp) {
    let base0 = bytes.baseAddress!
    var hash = UInt64(key.count) &* 0x9E37
    if !key.isEmpty { hash &+= UInt64(base0[key.lowerBound]) &* 31 &+ UInt64(base0[key.upperBound - 1]) }
    let bit: UInt64 = 1 << (hash & 63)
    if seen & bit == 0 {
      seen |= bit
      keys.append(key)
      return
    }
    for i in base..<keys.count {
      let other = keys[i]
      if other.count == key.count && memcmp(base0 + other.lowerBound, base0 + key.lowerBound, key.count) == 0 {
        throw GiveUp()
      }
    }
    keys.append(key)
  }

  // MARK: Values

  /// Checks one value and steps over it, as `JSONParser` would parse it.
  mutating func skipValue() throws(GiveUp) {
    switch byte {
    case UInt8(ascii: "\""):
      try skipString()
    case UInt8(ascii: "{"):
      try enter()
      index += 1
      let keysBase = keys.count
      var keysSeen: UInt64 = 0
      if !closes(UInt8(ascii: "}")) {
        repeat {
          skipBlanks()
          try checkNewKey(try readKey(), since: keysBase, seen: &keysSeen)
          try expect(UInt8(ascii: ":"))
          skipBlanks()
          try skipValue()
        } while try continues(before: UInt8(ascii: "}"))
      }
      keys.removeSubrange(keysBase...)
      depth -= 1
    case UInt8(ascii: "["):
      try enter()
      index += 1
      if !closes(UInt8(ascii: "]")) {
        repeat {
          skipBlanks()
          try skipValue()
        } while try continues(before: UInt8(ascii: "]"))
      }
      depth -= 1
    case UInt8(ascii: "t"): try skipLiteral("true")
    case UInt8(ascii: "f"): try skipLiteral("false")
    case UInt8(ascii: "n"): try skipLiteral("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = index
      if !(try skipNumber()) || index - start > 18 { try checkInRange(start..<index) }
    default:
      throw GiveUp()
    }
  }

  mutating func skipLiteral(_ word: StaticString) throws(GiveUp) {
    let count = word.utf8CodeUnitCount
    guard bytes.count - index >= count, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else {
      throw GiveUp()
    }
    index += count
  }

  /// Steps over a number in JSON's grammar; true when it has no fraction or exponent.
  mutating func skipNumber() throws(GiveUp) -> Bool {
    if byte == UInt8(ascii: "-") { index += 1 }
    if byte == UInt8(ascii: "0") {
      index += 1
      guard !isDigit(byte) else { throw GiveUp() }
    } else {
      guard isDigit(byte) else { throw GiveUp() }
      while isDigit(byte) { index += 1 }
    }
    var isInteger = true
    if byte == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard isDigit(byte) else { throw GiveUp() }
      while isDigit(byte) { index += 1 }
    }
    if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { index += 1 }
      guard isDigit(byte) else { throw GiveUp() }
      while isDigit(byte) { index += 1 }
    }
    return isInteger
  }

  /// An integer value as `JSONParser` keeps it exactly (at most 18 characters, no fraction or
  /// exponent); `nil`, consuming nothing, when the value is not a number. Other numbers give up.
  mutating func readInteger() throws(GiveUp) -> Int64? {
    let start = index
    guard byte == UInt8(ascii: "-") || isDigit(byte) else { return nil }
    guard try skipNumber(), index - start <= 18 else { throw GiveUp() }
    return JSONScanner.decimalInteger(bytes, start..<index)
  }

  /// A number `JSONParser` reads as a `Double` must be finite there (`1e999` is refused).
  func checkInRange(_ range: Range<Int>) throws(GiveUp) {
    var text = [CChar](repeating: 0, count: range.count + 1)
    for i in range { text[i - range.lowerBound] = CChar(bitPattern: bytes[i]) }
    guard text.withUnsafeBufferPointer({ strtod($0.baseAddress!, nil) }).isFinite else { throw GiveUp() }
  }

  @inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

  /// A string value; those with escapes are decoded by `JSONScanner`, which knows them all.
  mutating func readString() throws(GiveUp) -> String {
    let start = index
    if !(try skipString()) {
      // UTF-8 already checked by skipString.
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(index - 1)]), as: UTF8.self)
    }
    var scanner = JSONScanner(bytes: bytes)
    scanner.index = start
    guard let text = try? scanner.readString() else { throw GiveUp() }
    return text
  }

  /// Steps over a string, checking its escapes and UTF-8 as `JSONParser` does.
  /// Returns whether it has escapes.
  @discardableResult
  mutating func skipString() throws(GiveUp) -> Bool {
    guard byte == UInt8(ascii: "\"") else { throw GiveUp() }
    index += 1
    var hasEscapes = false
    while true {
      let b = byte
      if b == UInt8(ascii: "\"") {
        index += 1
        return hasEscapes
      }
      if b == UInt8(ascii: "\\") {
        hasEscapes = true
        try skipEscape()
      } else if b < 0x20 {
        throw GiveUp()
      } else if b < 0x80 {
        index += 1
      } else {
        try skipUTF8Scalar()
      }
    }
  }

  /// One escape after its backslash; a `\u` high surrogate must be followed by a low one.
  mutating func skipEscape() throws(GiveUp) {
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      index += 1
    case UInt8(ascii: "u"):
      index += 1
      let scalar = try readHex4()
      if (0xDC00...0xDFFF).contains(scalar) { throw GiveUp() }
      if (0xD800...0xDBFF).contains(scalar) {
        guard byte == UInt8(ascii: "\\"), byte(at: index + 1) == UInt8(ascii: "u") else { throw GiveUp() }
        index += 2
        guard (0xDC00...0xDFFF).contains(try readHex4()) else { throw GiveUp() }
      }
    default:
      throw GiveUp()
    }
  }

  mutating func readHex4() throws(GiveUp) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = byte
      let digit: UInt8
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
      default: throw GiveUp()
      }
      value = value * 16 + UInt32(digit)
      index += 1
    }
    return value
  }

  /// One well-formed UTF-8 sequence of two to four bytes (no overlong forms, no surrogates, nothing
  /// past U+10FFFF), as the Unicode standard's table 3-7 allows.
  mutating func skipUTF8Scalar() throws(GiveUp) {
    let lead = byte
    @inline(__always) func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
      range.contains(byte(at: index + offset))
    }
    switch lead {
    case 0xC2...0xDF:
      guard continuation(1) else { throw GiveUp() }
      index += 2
    case 0xE0:
      guard continuation(1, 0xA0...0xBF), continuation(2) else { throw GiveUp() }
      index += 3
    case 0xE1...0xEC, 0xEE...0xEF:
      guard continuation(1), continuation(2) else { throw GiveUp() }
      index += 3
    case 0xED:
      guard continuation(1, 0x80...0x9F), continuation(2) else { throw GiveUp() }
      index += 3
    case 0xF0:
      guard continuation(1, 0x90...0xBF), continuation(2), continuation(3) else { throw GiveUp() }
      index += 4
    case 0xF1...0xF3:
      guard continuation(1), continuation(2), continuation(3) else { throw GiveUp() }
      index += 4
    case 0xF4:
      guard continuation(1, 0x80...0x8F), continuation(2), continuation(3) else { throw GiveUp() }
      index += 4
    default:
      throw GiveUp()
    }
  }
}
