import Foundation
import TextLayout

/// Names a teacher reads in a class report, with characters that could pass for others shown by code.
///
/// A name is taken in NFC, as learners' names are compared: a folder name that is not in NFC (a
/// decomposed `josé`, made by hand beside the real one) could only pass for another, so it shows
/// every non-ASCII character as `<U+0301>`, as does a name mixing Latin letters with Cyrillic or
/// Greek ones (`аlice` with a Cyrillic `а`) or holding an invisible character (a zero-width joiner,
/// a soft hyphen, a bidi mark). Space that could hide is made visible too: an ASCII space at
/// either end or beside another as `␠` (`att1␠`), any other space-like character by code
/// (`att1<U+00A0>`, a figure space `<U+2007>`). Other names, in any one script, are shown as they are.
///
/// ```swift
/// LookAlikeText.shown("аlice")          // "<U+0430>lice"
/// LookAlikeText.shown("att1 ")          // "att1␠"
/// LookAlikeText.shown("att1\u{A0}")     // "att1<U+00A0>"
/// LookAlikeText.shown("jose\u{301}")    // "jose<U+0301>"
/// LookAlikeText.shown("josé")           // "josé"
/// LookAlikeText.shown("王小明")         // "王小明"
/// ```
enum LookAlikeText {
  /// What an ASCII space that could hide is shown as: U+2420 SYMBOL FOR SPACE.
  static let visibleSpace = "\u{2420}"

  static func shown(_ name: String) -> String {
    let scalars = Array(name.unicodeScalars)
    // Scalar by scalar: `String`'s `==` holds canonically equivalent strings equal.
    let isNFC = name.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(name.unicodeScalars)
    let allCoded = !isNFC || isDeceptive(name)
    var out = ""
    for (index, scalar) in scalars.enumerated() {
      if scalar == " " {
        let hides =
          index == 0 || index == scalars.count - 1 || scalars[index - 1] == " " || scalars[index + 1] == " "
        out += hides ? visibleSpace : " "
      } else if isSpaceLike(scalar) || (allCoded && !(scalar.isASCII && OutputSanitizer.kind(of: scalar) == nil)) {
        out += OutputSanitizer.codePoint(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A space other than ASCII's, or a character that shows as blank (a Hangul filler).
  static func isSpaceLike(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == " " { return false }
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
    default: return [0x115F, 0x1160, 0x3164, 0xFFA0].contains(scalar.value)
    }
  }

  static func isDeceptive(_ name: String) -> Bool {
    var latin = false
    var lookAlike = false
    for scalar in name.unicodeScalars {
      if OutputSanitizer.kind(of: scalar) != nil || scalar.properties.isDefaultIgnorableCodePoint
        || scalar.properties.generalCategory == .format
      {
        return true
      }
      switch scalar.value {
      case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: latin = true
      case 0x370...0x3FF, 0x400...0x52F, 0x1F00...0x1FFF: lookAlike = true
      // Full-width Latin letters pass for ASCII ones.
      case 0xFF21...0xFF3A, 0xFF41...0xFF5A: return true
      default: break
      }
    }
    return latin && lookAlike
  }
}
