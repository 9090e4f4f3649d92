import Foundation
import Localization
import TextLayout

/// HTML as plain text for the terminal: tags dropped, entities decoded, line breaks, paragraphs,
/// list items and `<pre>` blocks kept, images named.
///
/// ```swift
/// HTMLText.plain("<p>Water &amp; ice</p><ul><li>one</li><li>two</li></ul>")
/// // "Water & ice\n\n- one\n- two"
/// ```
public enum HTMLText {
  /// Whether `text` has markup worth rendering: a tag or an entity.
  public static func looksLikeHTML(_ text: String) -> Bool {
    var previous: Character = " "
    for c in text {
      if previous == "<", c.isLetter || c == "/" || c == "!" { return true }
      if previous == "&", c.isLetter || c == "#" { return text.contains(";") }
      previous = c
    }
    return false
  }

  // A hard line break, kept apart from source whitespace until the end.
  static let hardBreak: Character = "\u{2028}"

  public static func plain(_ html: String, messages: Localizer = .english) -> String {
    var out = ""
    var preDepth = 0
    var index = html.startIndex
    func lastIsSpace() -> Bool { out.last.map { $0 == " " || $0 == hardBreak } ?? true }
    // The next '>' at or after a '<', found once for a run of '<' before it, so text with many
    // '<' and no '>' is read in linear time.
    var nextClose: String.Index?
    var noCloseLeft = false
    func close(after index: String.Index) -> String.Index? {
      if noCloseLeft { return nil }
      if let known = nextClose, known > index { return known }
      nextClose = html[index...].firstIndex(of: ">")
      if nextClose == nil { noCloseLeft = true }
      return nextClose
    }
    while index < html.endIndex {
      let c = html[index]
      if c == "<", let close = close(after: index) {
        let inside = html[html.index(after: index)..<close]
        index = html.index(after: close)
        if inside.hasPrefix("!--") {
          // A comment may hold '>': skip to its end.
          if let end = html[html.index(index, offsetBy: 0, limitedBy: html.endIndex)!...].range(of: "-->"),
            !inside.hasSuffix("--")
          {
            index = end.upperBound
          }
          continue
        }
        let isClosing = inside.hasPrefix("/")
        let name = inside.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber }).lowercased()
        switch name {
        case "br": out.append(hardBreak)
        case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "table", "blockquote":
          out.append(hardBreak)
          out.append(hardBreak)
        case "ul", "ol": out.append(hardBreak)
        case "tr": out.append(hardBreak)
        case "td", "th": if !isClosing { out.append(" ") }
        case "li": if !isClosing { out += "\(hardBreak)- " }
        case "pre":
          preDepth += isClosing ? -1 : 1
          preDepth = max(preDepth, 0)
          out.append(hardBreak)
        case "img" where !isClosing:
          // The file's name, which a learner can look for; the alt text when there is no name.
          let name =
            attribute("src", in: inside).map { String($0.split(separator: "/").last ?? "") }
            .flatMap { $0.isEmpty ? nil : $0 } ?? attribute("alt", in: inside) ?? "image"
          out += messages.tr("[image: {name}]", ["name": decodeEntities(name)])
        default: break
        }
        continue
      }
      if c == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";") {
        let entity = String(html[html.index(after: index)..<semicolon])
        if let decoded = entityValue(entity) {
          out += decoded
          index = html.index(after: semicolon)
          continue
        }
      }
      if preDepth > 0 {
        out.append(c == "\n" || c == "\r\n" ? hardBreak : c)
      } else if c.isWhitespace {
        if !lastIsSpace() { out.append(" ") }
      } else {
        out.append(c)
      }
      index = html.index(after: index)
    }
    // Lines trimmed, at most one empty line in a row, none at the ends.
    var lines: [String] = []
    for line in out.split(separator: hardBreak, omittingEmptySubsequences: false) {
      let trimmed =
        preDepth > 0
        ? String(line) : String(line.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
      if trimmed.isEmpty && (lines.last?.isEmpty ?? true) { continue }
      lines.append(trimmed)
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n").replacingNonBreakingSpaces()
  }

  /// The value of `name="…"` (or `'…'`, or bare) in a tag's inside.
  ///
  /// A bare value runs to a space or the tag's end, slashes included (`src=https://host/a.png`, as
  /// Moodle's GIFT examples write it); only a slash that ends the tag (`<img src=a.png/>`) closes it.
  static func attribute(_ name: String, in tag: Substring) -> String? {
    let lower = tag.lowercased()
    guard let range = lower.range(of: name + "=") else { return nil }
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

  static func entityValue(_ entity: String) -> String? {
    if entity.hasPrefix("#") {
      let digits = entity.dropFirst()
      let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
      return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
    return named[entity]
  }

  /// `&`, `<`, `>` and `"` written as entities, for text put inside HTML or XML.
  public static func escape(_ text: String) -> String {
    text.replacingScalars(entity(for:))
  }

  /// The entity `escape` writes for a scalar, or nil when the scalar stays as it is.
  static func entity(for scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "&": "&amp;"
    case "<": "&lt;"
    case ">": "&gt;"
    case "\"": "&quot;"
    default: nil
    }
  }

  /// Entities decoded in text that is otherwise not HTML (OpenTDB-style).
  public static func decodeEntities(_ text: String) -> String {
    var out = ""
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";"),
        let value = entityValue(String(text[text.index(after: index)..<semicolon]))
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

extension String {
  fileprivate func replacingNonBreakingSpaces() -> String {
    String(map { $0 == "\u{A0}" ? " " : $0 })
  }
}
