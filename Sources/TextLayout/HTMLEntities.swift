/// HTML's character entities and tag attributes, as course text writes them.
///
/// ```swift
/// HTMLEntities.value("eacute")  // "é"
/// HTMLEntities.attribute("alt", in: "img src=a.png alt='a flag'")  // "a flag"
/// ```
package enum HTMLEntities {
  /// The value of `name="…"` (or `'…'`, or bare) in a tag's inside.
  ///
  /// A bare value runs to a space or the tag's end, slashes included (`src=https://host/a.png`, as
  /// Moodle's GIFT examples write it); only a slash that ends the tag (`<img src=a.png/>`) closes it.
  package static func attribute(_ name: String, in tag: Substring) -> String? {
    let lower = tag.lowercased()
    guard let range = lower.firstRange(of: name + "=") else { return nil }
    let offset = lower.distance(from: lower.startIndex, to: range.upperBound)
    var rest = tag.dropFirst(offset)
    guard let quote = rest.first else { return nil }
    if quote == "\"" || quote == "'" {
      rest = rest.dropFirst()
      return String(rest.prefix(while: { $0 != quote }))
    }
    let value = rest.prefix(while: { !$0.isWhitespace && $0 != ">" })
    return String(value.count == rest.count && value.hasSuffix("/") ? value.dropLast() : value)
  }

  static let named: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "shy": "",
    "eacute": "é", "egrave": "è", "ecirc": "ê", "euml": "ë", "aacute": "á", "agrave": "à", "acirc": "â",
    "auml": "ä", "aring": "å", "iacute": "í", "igrave": "ì", "icirc": "î", "iuml": "ï", "oacute": "ó",
    "ograve": "ò", "ocirc": "ô", "ouml": "ö", "otilde": "õ", "uacute": "ú", "ugrave": "ù", "ucirc": "û",
    "uuml": "ü", "ccedil": "ç", "ntilde": "ñ", "szlig": "ß", "Eacute": "É", "Agrave": "À", "Ccedil": "Ç",
    "Ntilde": "Ñ", "Ouml": "Ö", "Uuml": "Ü", "Auml": "Ä", "iexcl": "¡", "iquest": "¿", "copy": "©",
    "reg": "®", "deg": "°", "plusmn": "±", "times": "×", "divide": "÷", "middot": "·", "hellip": "…",
    "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«",
    "raquo": "»", "euro": "€", "pound": "£", "micro": "µ", "sup2": "²", "sup3": "³", "frac12": "½",
    "le": "≤", "ge": "≥", "ne": "≠", "rarr": "→", "larr": "←", "alpha": "α", "beta": "β", "pi": "π",
  ]

  package static func value(_ entity: String) -> String? {
    if entity.hasPrefix("#") {
      let digits = entity.dropFirst()
      let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
      return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
    return named[entity]
  }

  /// `text` with its entities decoded; unknown ones kept as written.
  package static func decoded(_ text: some StringProtocol) -> String {
    guard text.contains("&") else { return String(text) }
    var out = ""
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";"),
        let value = value(String(text[text.index(after: index)..<semicolon]))
      {
        out += value
        index = text.index(after: semicolon)
        continue
      }
      out.append(text[index])
      index = text.index(after: index)
    }
    return out
  }
}
