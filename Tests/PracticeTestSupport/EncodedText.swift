/// Text in the encodings a careless teacher's editor saves, for the tests of the not-UTF-8 message.
///
/// ```swift
/// EncodedText.utf16("[]", bigEndian: false, byteOrderMark: true)  // [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00]
/// EncodedText.windows1252("Café")                                  // [0x43, 0x61, 0x66, 0xE9]
/// ```
package enum EncodedText {
  package static func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool = false) -> [UInt8] {
    let units = (byteOrderMark ? [0xFEFF] : []) + Array(text.utf16)
    return units.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
  }

  /// `text` in Windows-1252: ASCII as it is, `é` as 0xE9 (the only other letter these tests use).
  package static func windows1252(_ text: String) -> [UInt8] {
    text.unicodeScalars.map {
      precondition($0.isASCII || $0 == "é", "EncodedText.windows1252 knows ASCII and é only")
      return $0 == "é" ? 0xE9 : UInt8($0.value)
    }
  }

  /// Every encoding the message names, each as (its name, `text` in it): UTF-16 both ways with and
  /// without a byte-order mark, and Windows-1252.
  package static func allForeign(_ text: String) -> [(name: String, bytes: [UInt8])] {
    [
      ("UTF-16LE", utf16(text, bigEndian: false, byteOrderMark: true)), ("UTF-16LE", utf16(text, bigEndian: false)),
      ("UTF-16BE", utf16(text, bigEndian: true, byteOrderMark: true)), ("UTF-16BE", utf16(text, bigEndian: true)),
      ("Windows-1252", windows1252(text)),
    ]
  }
}
