package import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A strict RFC 8259 parser over UTF-8 bytes that keeps source offsets.
///
/// Stricter than Foundation where it matters for data we trust: it rejects
/// duplicate keys, trailing commas, invalid UTF-8 and nesting past `maxDepth`
/// (instead of recursing until the stack runs out).
///
/// ```swift
/// let course = try JSONParser.parse(bytes)
/// ```
package struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  package static let defaultMaxDepth = 512

  package static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
    var result: Result<JSONValue, JSONParseError> = .failure(
      JSONParseError(offset: 0, line: 1, column: 1, text: .tr("empty input")))
    bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONScanner(bytes: buffer, maxDepth: maxDepth)
      result = parser.parseDocument()
    }
    return try result.get()
  }

  package static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8), maxDepth: maxDepth)
  }
}

/// Where and why scanning stopped; `JSONParser` turns it into a `JSONParseError` with line and column.
package struct JSONScanFailure: Error, Sendable {
  package var offset: Int
  /// What is wrong, translated where it is shown.
  package var text: Message

  init(offset: Int, _ text: Message) {
    self.offset = offset
    self.text = text
  }

  /// What is wrong, in English.
  package var message: String { text.description }
}

typealias Failure = JSONScanFailure

/// A pull scanner over UTF-8 bytes, for loaders that read a known shape without building a tree.
///
/// Valid only inside the `withUnsafeBufferPointer` that made its buffer. Strict like
/// `JSONParser`: skipped values are validated too.
///
/// ```swift
/// bytes.withUnsafeBufferPointer { buffer in
///   var scanner = JSONScanner(bytes: buffer)
///   try scanner.expect(UInt8(ascii: "{"))
/// }
/// ```
package struct JSONScanner {
  package let bytes: UnsafeBufferPointer<UInt8>
  let maxDepth: Int
  /// The offset of the next byte to read.
  package var index = 0
  var depth = 0
  /// Where the elements of open containers gather; made at the first container.
  var scratch: Scratch?
  /// Whether the last string read was ASCII and written without escapes, so its bytes are its text.
  var lastStringWasPlainASCII = false

  /// The elements and members of the containers being parsed.
  final class Scratch {
    let values = ParseScratch<JSONValue>()
    let members = ParseScratch<JSONMember>()
    /// Per member being gathered: `keySignature` of its key.
    let keySignatures = ParseScratch<Int>()
    /// Keys seen, so that a key met again is not made again: see `JSONScanner.parseShortKey(_:)`.
    let keys = ShortKeyTable()
  }

  /// Short plain ASCII keys by their bytes, direct-mapped: a document repeats a few keys thousands
  /// of times, and finding one here costs a fraction of making its `String`. Pointers, not arrays:
  /// an array in a class property is checked for exclusive access at each use.
  final class ShortKeyTable {
    static let slots = 64
    /// Per slot: the key's bytes, zero-padded, in two words; the length in the second word's top
    /// byte (a key of 15 bytes at most leaves it free). An empty slot is all zero, which only the
    /// empty key matches, and its string is the empty key's.
    let words = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * slots)
    let strings = UnsafeMutablePointer<String>.allocate(capacity: slots)

    init() {
      words.initialize(repeating: 0, count: 2 * Self.slots)
      strings.initialize(repeating: "", count: Self.slots)
    }

    deinit {
      strings.deinitialize(count: Self.slots)
      strings.deallocate()
      words.deallocate()
    }

    static func slot(_ low: UInt64, _ high: UInt64) -> Int {
      Int(truncatingIfNeeded: ((low ^ high &* 0x9E37_79B9_7F4A_7C15) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }
  }

  package init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONParser.defaultMaxDepth) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  /// The next non-blank byte, not consumed; `nil` at the end.
  package mutating func peek() -> UInt8? {
    skipWhitespace()
    return index < bytes.count ? bytes[index] : nil
  }

  /// Consumes `byte` (after blanks) or fails.
  package mutating func expect(_ byte: UInt8) throws(JSONScanFailure) {
    guard peek() == byte else {
      throw Failure(offset: index, .tr("expected {character}", ["character": "'\(Character(Unicode.Scalar(byte)))'"]))
    }
    index += 1
  }

  /// Consumes `byte` if it is next (after blanks).
  package mutating func consume(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    index += 1
    return true
  }

  /// Reads a string value or key.
  package mutating func readString() throws(JSONScanFailure) -> String {
    guard peek() == UInt8(ascii: "\"") else { throw Failure(offset: index, .tr("expected a string")) }
    return try parseString()
  }

  /// Reads any value as a tree.
  package mutating func readValue() throws(JSONScanFailure) -> JSONValue {
    skipWhitespace()
    return try parseValue()
  }

  /// Steps over one value, checking it is valid, without building it.
  package mutating func skipValue() throws(JSONScanFailure) {
    skipWhitespace()
    guard index < bytes.count else { throw Failure(offset: index, .tr("unexpected end of input")) }
    switch bytes[index] {
    case UInt8(ascii: "["):
      try enter()
      index += 1
      if consume(UInt8(ascii: "]")) {
        depth -= 1
        return
      }
      repeat { try skipValue() } while consume(UInt8(ascii: ","))
      try expect(UInt8(ascii: "]"))
      depth -= 1
    case UInt8(ascii: "{"):
      try enter()
      index += 1
      if consume(UInt8(ascii: "}")) {
        depth -= 1
        return
      }
      repeat {
        _ = try readString()
        try expect(UInt8(ascii: ":"))
        try skipValue()
      } while consume(UInt8(ascii: ","))
      try expect(UInt8(ascii: "}"))
      depth -= 1
    default:
      _ = try parseValue()
    }
  }

  /// Enters an array or object, counting depth against the limit.
  package mutating func enterContainer() throws(JSONScanFailure) { try enter() }
  package mutating func leaveContainer() { depth -= 1 }

  mutating func parseDocument() -> Result<JSONValue, JSONParseError> {
    do throws(Failure) {
      // A UTF-8 byte order mark is tolerated: editors on Windows write one.
      if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
      skipWhitespace()
      let value = try parseValue()
      skipWhitespace()
      if index < bytes.count {
        throw Failure(
          offset: index, .tr("unexpected {found} after the end of the document", ["found": describe(bytes[index])]))
      }
      return .success(value)
    } catch {
      let location = SourceLocation(offset: error.offset, in: bytes)
      return .failure(
        JSONParseError(offset: error.offset, line: location.line, column: location.column, text: error.text))
    }
  }

  /// A byte as a message names it: `','`, or `byte 0xFF` for one that does not print.
  func describe(_ byte: UInt8) -> Message {
    if byte >= 0x20 && byte < 0x7F { return .verbatim("'\(Character(Unicode.Scalar(byte)))'") }
    return .tr("byte {hex}", ["hex": "0x" + String(byte, radix: 16, uppercase: true)])
  }

  /// The string of `utf8`, which holds no NUL, or nil when it is not UTF-8.
  ///
  /// Through a C string: `String(validating:as:)` is generic and looks up type metadata at each
  /// call, which costs more than copying the bytes (the strings of a course are mostly short).
  /// `String(decoding:as:)` and a compare with the input was measured too: its validation costs a
  /// third more on the shipped course's Chinese text (callgrind, 784K against 693K instructions).
  static func validatedString(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
    guard let source = utf8.baseAddress, !utf8.isEmpty else { return "" }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: utf8.count + 1) { buffer in
      UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: source, byteCount: utf8.count)
      buffer[utf8.count] = 0
      return String(validatingCString: buffer.baseAddress!)
    }
  }

  /// Whether one of the eight bytes of `word` is a quote, a backslash or a control character (below 0x20).
  /// Bit Twiddling Hacks' "has a zero byte" and "has a byte less than n", exact for any word.
  static func hasQuoteBackslashOrControl(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & highBits != 0 }
    let hasControl = (word &- ones &* 0x20) & ~word & highBits != 0
    return hasControl || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
  }

  /// The index (0…7) of the first byte of `word` that is a quote, a backslash or a control
  /// character, or 8 when there is none. Exact: the formulas of `hasQuoteBackslashOrControl` can flag
  /// a byte falsely only above one they flag rightly (a borrow runs upward), so the lowest flag is true.
  static func firstQuoteBackslashOrControl(_ word: UInt64) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    func zeroBytes(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highBits }
    let flags =
      ((word &- ones &* 0x20) & ~word & highBits) | zeroBytes(word ^ (ones &* 0x22))
      | zeroBytes(word ^ (ones &* 0x5C))
    return flags.trailingZeroBitCount / 8
  }

  /// A key of at most 15 plain ASCII bytes (no escape), from the table of keys seen or made and
  /// put there; nil, with nothing read, for any other key (then `parseString()` reads it).
  ///
  /// `index` is at the opening quote. The 16 bytes after it are read as two words, so a key near
  /// the end of the input is left to `parseString()`.
  mutating func parseShortKey(_ scratch: Scratch) -> String? {
    guard let base = bytes.baseAddress, index + 17 <= bytes.count else { return nil }
    let start = UnsafeRawPointer(base + index + 1)
    var low = start.loadUnaligned(as: UInt64.self)
    var high = start.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let inLow = Self.firstQuoteBackslashOrControl(low)
    let length = inLow < 8 ? inLow : 8 + Self.firstQuoteBackslashOrControl(high)
    // The byte ending the run must be the closing quote, and no byte before it non-ASCII.
    guard length < 16, bytes[index + 1 + length] == UInt8(ascii: "\"") else { return nil }
    if length < 8 {
      low &= (1 << UInt64(length * 8)) &- 1
      high = 0
    } else {
      high &= (1 << UInt64((length - 8) * 8)) &- 1
    }
    guard (low | high) & highBits == 0 else { return nil }
    high |= UInt64(length) << 56
    let table = scratch.keys
    let slot = ShortKeyTable.slot(low, high)
    let key: String
    if table.words[2 * slot] == low, table.words[2 * slot + 1] == high {
      key = table.strings[slot]
    } else {
      key = String(decoding: UnsafeBufferPointer(start: base + index + 1, count: length), as: UTF8.self)
      table.words[2 * slot] = low
      table.words[2 * slot + 1] = high
      table.strings[slot] = key
    }
    index += length + 2
    lastStringWasPlainASCII = true
    return key
  }

  /// Steps over blanks. Inlined down to a comparison or two: most calls (between a key and its
  /// colon, a value and its comma) find none or one space, and a call was a tenth of the parse.
  @inline(__always)
  mutating func skipWhitespace() {
    // The four blanks are the only bytes at or below a space that may stand between tokens.
    guard index < bytes.count, bytes[index] <= 0x20 else { return }
    // The one space after a colon, the commonest blank of all.
    if bytes[index] == 0x20, index + 1 < bytes.count, bytes[index + 1] > 0x20 {
      index += 1
      return
    }
    skipBlankRun()
  }

  @inline(never)
  mutating func skipBlankRun() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x0A:
        index += 1
        // Pretty-printed JSON indents each line: its spaces are skipped eight at a time (a course
        // file is about a quarter indentation).
        if let base = bytes.baseAddress {
          while index + 8 <= bytes.count,
            UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020
          {
            index += 8
          }
        }
      case 0x20, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  mutating func parseValue() throws(Failure) -> JSONValue {
    guard index < bytes.count else {
      throw Failure(offset: index, .tr("unexpected end of input, expected a value"))
    }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), offset: start)
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONValue(.bool(true), offset: start)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONValue(.bool(false), offset: start)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONValue(.null, offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(.number(try parseNumber()), offset: start)
    default:
      throw Failure(offset: index, .tr("unexpected {found}, expected a value", ["found": describe(bytes[index])]))
    }
  }

  mutating func expectLiteral(_ word: StaticString) throws(Failure) {
    let start = index
    let count = word.utf8CodeUnitCount
    guard bytes.count - index >= count else {
      throw Failure(offset: start, .tr("invalid literal, expected {word}", ["word": "'\(word)'"]))
    }
    for i in 0..<count where bytes[index + i] != word.utf8Start[i] {
      throw Failure(offset: start, .tr("invalid literal, expected {word}", ["word": "'\(word)'"]))
    }
    index += count
  }

  mutating func enter() throws(Failure) {
    depth += 1
    if depth > maxDepth {
      throw Failure(offset: index, .tr("nesting deeper than {levels} levels", ["levels": maxDepth]))
    }
  }

  /// The scratch space, made on first use (most scanners of small records never open a container).
  mutating func openScratch() -> Scratch {
    if let scratch { return scratch }
    let made = Scratch()
    scratch = made
    return made
  }

  mutating func parseArray() throws(Failure) -> JSONValue {
    let start = index
    try enter()
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return JSONValue(.array([]), offset: start)
    }
    let values = openScratch().values
    let first = values.count
    while true {
      skipWhitespace()
      values.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else {
        throw Failure(offset: index, .tr("unexpected end of input, expected ',' or ']'"))
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          throw Failure(offset: index, .tr("trailing comma before ']'"))
        }
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        depth -= 1
        return JSONValue(.array(values.moveOut(from: first)), offset: start)
      }
      throw Failure(offset: index, .tr("unexpected {found}, expected ',' or ']'", ["found": describe(bytes[index])]))
    }
  }

  /// A key's length and end bytes when it is plain ASCII (its bytes are its text), else -1: two
  /// plain keys with different signatures differ, so most keys are never compared as strings.
  func keySignature(from keyOffset: Int) -> Int {
    guard lastStringWasPlainASCII else { return -1 }
    let length = index - keyOffset - 2
    guard length > 0 else { return 0 }
    return length | Int(bytes[keyOffset + 1]) << 32 | Int(bytes[index - 2]) << 40
  }

  mutating func parseObject() throws(Failure) -> JSONValue {
    let start = index
    try enter()
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return JSONValue(.object([]), offset: start)
    }
    let scratch = openScratch()
    let members = scratch.members
    let signatures = scratch.keySignatures
    let first = members.count
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        throw Failure(offset: index, .tr("unexpected end of input, expected a key"))
      }
      guard bytes[index] == UInt8(ascii: "\"") else {
        throw Failure(
          offset: index, .tr("unexpected {found}, expected a key in double quotes", ["found": describe(bytes[index])]))
      }
      let keyOffset = index
      let key: String
      if let short = parseShortKey(scratch) { key = short } else { key = try parseString() }
      let signature = keySignature(from: keyOffset)
      // Objects here are small (a node has under twenty keys), so a scan beats hashing. Keys are
      // compared as strings (canonical equivalence) unless both are plain ASCII and differ already
      // in length or end bytes.
      let repeated = members.withElements(from: first) { earlier in
        signatures.withElements(from: first) { earlierSignatures in
          for i in earlier.indices {
            let other = earlierSignatures[i]
            if signature >= 0, other >= 0, signature != other { continue }
            if earlier[i].key == key { return true }
          }
          return false
        }
      }
      if repeated {
        throw Failure(offset: keyOffset, .tr("duplicate key {key}", ["key": "\"\(key)\""]))
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw Failure(offset: index, .tr("expected ':' after key {key}", ["key": "\"\(key)\""]))
      }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
      signatures.append(signature)
      skipWhitespace()
      guard index < bytes.count else {
        throw Failure(offset: index, .tr("unexpected end of input, expected ',' or '}'"))
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          throw Failure(offset: index, .tr("trailing comma before '}'"))
        }
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        depth -= 1
        signatures.removeAll(from: first)
        return JSONValue(.object(members.moveOut(from: first)), offset: start)
      }
      throw Failure(offset: index, .tr("unexpected {found}, expected ',' or '}'", ["found": describe(bytes[index])]))
    }
  }

  mutating func parseString() throws(Failure) -> String {
    let start = index
    lastStringWasPlainASCII = false
    index += 1
    let contentStart = index
    var asciiOnly = true
    // Eight bytes at a time while none of them ends the string, starts an escape or is a control
    // character: the text of a course is mostly such runs. Byte by byte from the word that holds one.
    // The word that holds one is stepped to it at once: its lowest flag is exact.
    if let base = bytes.baseAddress {
      while index + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if Self.hasQuoteBackslashOrControl(word) {
          let first = Self.firstQuoteBackslashOrControl(word)
          if word & ((1 << UInt64(first * 8)) &- 1) & 0x8080_8080_8080_8080 != 0 { asciiOnly = false }
          index += first
          break
        }
        if word & 0x8080_8080_8080_8080 != 0 { asciiOnly = false }
        index += 8
      }
    }
    // Fast path: no escapes; the bytes are validated once and copied once.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
        index += 1
        lastStringWasPlainASCII = asciiOnly
        if asciiOnly { return String(decoding: slice, as: UTF8.self) }
        guard let string = Self.validatedString(slice) else {
          throw Failure(offset: firstInvalidUTF8(from: contentStart, to: index - 1), .tr("invalid UTF-8 in string"))
        }
        return string
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 {
        throw Failure(
          offset: index, .tr("control character {character} in string; escape it", ["character": describe(byte)]))
      }
      if byte >= 0x80 { asciiOnly = false }
      index += 1
    }
    guard index < bytes.count else {
      throw Failure(offset: start, .tr("unterminated string"))
    }
    // Slow path: escapes.
    var utf8: [UInt8] = Array(bytes[contentStart..<index])
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let string = String(validating: utf8, as: UTF8.self) else {
          throw Failure(offset: firstInvalidUTF8(from: contentStart, to: index - 1), .tr("invalid UTF-8 in string"))
        }
        return string
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw Failure(offset: start, .tr("unterminated string")) }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): utf8.append(0x22)
        case UInt8(ascii: "\\"): utf8.append(0x5C)
        case UInt8(ascii: "/"): utf8.append(0x2F)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try parseHex4()
          if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
              throw Failure(
                offset: index - 6, .tr("lone surrogate {escape}", ["escape": "\\u\(String(scalar, radix: 16))"]))
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw Failure(
                offset: index - 6, .tr("invalid low surrogate {escape}", ["escape": "\\u\(String(low, radix: 16))"]))
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(scalar) {
            throw Failure(
              offset: index - 6, .tr("lone surrogate {escape}", ["escape": "\\u\(String(scalar, radix: 16))"]))
          }
          utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
          throw Failure(
            offset: index - 2, .tr("invalid escape {escape}", ["escape": "'\\\(Character(Unicode.Scalar(escape)))'"]))
        }
      default:
        if byte < 0x20 {
          throw Failure(
            offset: index, .tr("control character {character} in string; escape it", ["character": describe(byte)]))
        }
        utf8.append(byte)
        index += 1
      }
    }
    throw Failure(offset: start, .tr("unterminated string"))
  }

  func firstInvalidUTF8(from start: Int, to end: Int) -> Int {
    var i = start
    while i < end {
      let b = bytes[i]
      let length: Int
      if b < 0x80 {
        length = 1
      } else if b & 0xE0 == 0xC0 {
        length = 2
      } else if b & 0xF0 == 0xE0 {
        length = 3
      } else if b & 0xF8 == 0xF0 {
        length = 4
      } else {
        return i
      }
      if i + length > end { return i }
      let slice = UnsafeBufferPointer(rebasing: bytes[i..<(i + length)])
      if b != UInt8(ascii: "\\"), String(validating: slice, as: UTF8.self) == nil { return i }
      i += length
    }
    return start
  }

  mutating func parseHex4() throws(Failure) -> UInt32 {
    guard bytes.count - index >= 4 else {
      throw Failure(offset: index, .tr("incomplete {escape} escape", ["escape": "\\u"]))
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[index]
      let digit: UInt32
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
      default: throw Failure(offset: index, .tr("invalid hex digit in {escape} escape", ["escape": "\\u"]))
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  mutating func parseNumber() throws(Failure) -> JSONNumber {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw Failure(offset: start, .tr("invalid number"))
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw Failure(offset: start, .tr("invalid number: leading zero"))
      }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw Failure(offset: start, .tr("invalid number: expected a digit after '.'"))
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw Failure(offset: start, .tr("invalid number: expected a digit in the exponent"))
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    let length = index - start
    if isInteger && length <= 18 { return JSONNumber(Self.decimalInteger(bytes, start..<index)) }
    // strtod needs a NUL-terminated copy; numbers are short, so it is made on the stack.
    let double = withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { text in
      for i in 0..<length { text[i] = CChar(bitPattern: bytes[start + i]) }
      text[length] = 0
      return strtod(text.baseAddress!, nil)
    }
    if !double.isFinite {
      throw Failure(offset: start, .tr("number out of range"))
    }
    return JSONNumber(double)
  }

  @inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

  /// The value of an integer already checked against JSON's grammar, at most 18 characters long
  /// (so it fits `Int64`), with an optional minus sign.
  ///
  /// ```swift
  /// JSONScanner.decimalInteger(buffer, 0..<3)  // -42 for "-42"
  /// ```
  package static func decimalInteger(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64 {
    var value: Int64 = 0
    var i = range.lowerBound
    let negative = bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    while i < range.upperBound {
      value = value * 10 + Int64(bytes[i] - UInt8(ascii: "0"))
      i += 1
    }
    return negative ? -value : value
  }
}
