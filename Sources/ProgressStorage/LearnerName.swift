import Foundation

/// A learner's name as given (`--user`, `$USER`) and as the folder that holds their progress.
///
/// Names are NFC-normalised, so `josé` typed with a combining accent and with `é` is one learner.
/// The folder name encodes, reversibly, what a folder name cannot or should not hold: `%` and `/`,
/// NUL and control characters, and a leading dot (`..` would be the data folder's parent, `.bob`
/// a hidden folder). Different names never share a folder: `a/b` is `a%2Fb`, `a_b` stays `a_b`.
///
/// ```swift
/// LearnerName("a/b")!.folderName                 // "a%2Fb"
/// LearnerName("..")!.folderName                  // "%2E."
/// LearnerName(folderName: "a%2Fb")?.name         // "a/b"
/// LearnerName("")                                // nil: no name
/// ```
package struct LearnerName: Sendable, Hashable, CustomStringConvertible {
  /// The name, NFC-normalised.
  package let name: String

  /// Nil for an empty name.
  package init?(_ name: String) {
    guard !name.isEmpty else { return nil }
    // ASCII is already NFC; skipping Foundation for it keeps ICU's first use (about a
    // millisecond) off the first prompt of the usual `$USER`.
    self.name = name.utf8.allSatisfy { $0 < 0x80 } ? name : name.precomposedStringWithCanonicalMapping
  }

  /// The learner whose folder this is; nil when the folder name is not one `folderName` makes
  /// (a hidden folder, a stray file, a name that is not NFC).
  package init?(folderName: String) {
    // Byte for byte: `String`'s `==` holds a decomposed `josé` equal to the composed one.
    guard !folderName.hasPrefix("."), let decoded = Self.decode(folderName), let name = LearnerName(decoded),
      name.folderName.utf8.elementsEqual(folderName.utf8)
    else { return nil }
    self = name
  }

  package var description: String { name }

  /// The folder holding this learner's progress, inside the data folder.
  package var folderName: String {
    var out: [UInt8] = []
    for (index, byte) in name.utf8.enumerated() {
      let mustEncode =
        byte == UInt8(ascii: "%") || byte == UInt8(ascii: "/") || byte < 0x20 || byte == 0x7F
        || (index == 0 && byte == UInt8(ascii: "."))
      if mustEncode {
        out += Array("%\(Self.hexDigits[Int(byte >> 4)])\(Self.hexDigits[Int(byte & 0xF)])".utf8)
      } else {
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF")

  private static func decode(_ text: String) -> String? {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
