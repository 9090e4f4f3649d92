/// What a text file that is not UTF-8 most likely is, so a message can say how to convert it.
///
/// The one check for every text file the program reads (courses, question banks): a UTF-16 file
/// with or without a byte-order mark (told by where its NUL bytes fall), a Windows-1252 file (bytes
/// that are not UTF-8 but are all letters of that code page), or text that is simply not UTF-8.
///
/// ```swift
/// TextEncodingGuess.of([0xFF, 0xFE, 0x5B, 0x00])       // .utf16LittleEndian at offset 0
/// TextEncodingGuess.of(Array("Caf".utf8) + [0xE9])      // .windows1252 at offset 3
/// TextEncodingGuess.of(Array("[1]".utf8))                // nil: UTF-8
/// ```
package struct TextEncodingGuess: Sendable, Equatable {
  /// The encoding the bytes look like.
  package enum Encoding: String, Sendable, Equatable, CaseIterable {
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
    case windows1252 = "Windows-1252"
  }

  /// What the bytes look like; nil when they are not UTF-8 and not recognisably anything else.
  package var encoding: Encoding?
  /// The first byte that shows it: 0 for UTF-16, else the first byte not part of a UTF-8 character.
  package var offset: Int
  /// The byte at `offset`.
  package var byte: UInt8

  package init(encoding: Encoding?, offset: Int, byte: UInt8) {
    self.encoding = encoding
    self.offset = offset
    self.byte = byte
  }

  /// The encoding's name as the message shows it and `iconv -f` takes it (`UTF-16LE`, `Windows-1252`).
  package var name: String? { encoding?.rawValue }

  /// Nil when `bytes` are UTF-8 (a UTF-8 byte-order mark allowed) and not UTF-16; else what they look like.
  package static func of(_ bytes: [UInt8]) -> TextEncodingGuess? {
    if bytes.starts(with: [0xFF, 0xFE]) {
      return TextEncodingGuess(encoding: .utf16LittleEndian, offset: 0, byte: 0xFF)
    }
    if bytes.starts(with: [0xFE, 0xFF]) { return TextEncodingGuess(encoding: .utf16BigEndian, offset: 0, byte: 0xFE) }
    if let utf16 = utf16WithoutMark(bytes) { return TextEncodingGuess(encoding: utf16, offset: 0, byte: bytes[0]) }
    guard let bad = firstInvalidUTF8(bytes[...]) else { return nil }
    return TextEncodingGuess(encoding: looksLikeWindows1252(bytes) ? .windows1252 : nil, offset: bad, byte: bytes[bad])
  }

  /// UTF-16 without a byte-order mark: text is mostly ASCII (markup, keys, spaces, digits), whose
  /// UTF-16 code units have a NUL high byte, so NULs fall on odd offsets (little-endian) or even ones
  /// (big-endian). A UTF-8 text file holds no NUL at all; a stray one or two is not taken for UTF-16.
  static func utf16WithoutMark(_ bytes: [UInt8]) -> Encoding? {
    let sample = bytes.prefix(4096)
    var evenNULs = 0
    var oddNULs = 0
    for (index, byte) in sample.enumerated() where byte == 0 {
      if index % 2 == 0 { evenNULs += 1 } else { oddNULs += 1 }
    }
    let pairs = sample.count / 2
    // At least one unit in eight an ASCII one, and the NULs all on one side.
    let enough = max(2, pairs / 8)
    if oddNULs >= enough && evenNULs * 8 <= oddNULs { return .utf16LittleEndian }
    if evenNULs >= enough && oddNULs * 8 <= evenNULs { return .utf16BigEndian }
    return nil
  }

  /// Whether every byte outside ASCII is a character of Windows-1252 (all but 0x81, 0x8D, 0x8F,
  /// 0x90 and 0x9D) and the text has no well-formed multi-byte UTF-8 character (which would make it
  /// damaged UTF-8, not Windows-1252).
  static func looksLikeWindows1252(_ bytes: [UInt8]) -> Bool {
    let undefined: Set<UInt8> = [0x81, 0x8D, 0x8F, 0x90, 0x9D]
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        index += 1
        continue
      }
      if undefined.contains(byte) { return false }
      if let length = utf8SequenceLength(bytes[...], at: index), length > 1 { return false }
      index += 1
    }
    return true
  }

  /// The index of the first byte that does not belong to a well-formed UTF-8 sequence (no overlong
  /// forms, no surrogates, nothing past U+10FFFF), or nil when all of `bytes` is UTF-8.
  package static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard let length = utf8SequenceLength(bytes, at: index) else { return index }
      index += length
    }
    return nil
  }

  /// The length of the well-formed UTF-8 sequence starting at `index`, or nil when there is none.
  static func utf8SequenceLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int? {
    let lead = bytes[index]
    let length: Int
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return nil
    }
    guard index + length <= bytes.endIndex else { return nil }
    for k in 1..<length where bytes[index + k] & 0xC0 != 0x80 { return nil }
    let second = bytes[index + 1]
    if lead == 0xE0 && second < 0xA0 { return nil }
    if lead == 0xED && second > 0x9F { return nil }
    if lead == 0xF0 && second < 0x90 { return nil }
    if lead == 0xF4 && second > 0x8F { return nil }
    return length
  }
}
