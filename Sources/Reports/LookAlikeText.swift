import TextLayout

/// Names a teacher reads in a class report, with characters that could pass for others shown by code.
///
/// A name mixing Latin letters with Cyrillic or Greek ones (`аlice` with a Cyrillic `а`), or holding
/// an invisible character (a zero-width joiner, a soft hyphen, a bidi mark), could be taken for
/// another learner's: such a name shows every non-ASCII character as `<U+0430>`. Other names, in
/// any one script, are shown as they are.
///
/// ```swift
/// LookAlikeText.shown("аlice")   // "<U+0430>lice"
/// LookAlikeText.shown("josé")    // "josé"
/// LookAlikeText.shown("王小明")  // "王小明"
/// ```
enum LookAlikeText {
  static func shown(_ name: String) -> String {
    guard isDeceptive(name) else { return name }
    var out = ""
    for scalar in name.unicodeScalars {
      if scalar.isASCII && OutputSanitizer.kind(of: scalar) == nil {
        out.unicodeScalars.append(scalar)
      } else {
        out += OutputSanitizer.codePoint(scalar)
      }
    }
    return out
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
