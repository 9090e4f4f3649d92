import TextLayout

/// Serializes `JSONValue`s to UTF-8 text, compact (one journal line) or indented.
///
/// Member order is kept as built, so output is stable for golden files.
///
/// ```swift
/// JSONWriter.compact(.object([("id", 7)]))  // {"id":7}
/// ```
package enum JSONWriter {
  package static func compact(_ value: JSONValue) -> String {
    var out = ""
    write(value, into: &out, indent: nil, level: 0)
    return out
  }

  package static func pretty(_ value: JSONValue, indent: Int = 2) -> String {
    var out = ""
    write(value, into: &out, indent: indent, level: 0)
    out.append("\n")
    return out
  }

  /// `value` indented as if at `level` (no trailing newline): a piece of a larger document.
  package static func pretty(_ value: JSONValue, indent: Int, level: Int) -> String {
    var out = ""
    write(value, into: &out, indent: indent, level: level)
    return out
  }

  private static func write(_ value: JSONValue, into out: inout String, indent: Int?, level: Int) {
    switch value.kind {
    case .null: out.append("null")
    case .bool(let b): out.append(b ? "true" : "false")
    case .number(let n): out.append(format(n))
    case .string(let s): appendQuoted(s, into: &out)
    case .array(let elements):
      if elements.isEmpty {
        out.append("[]")
        return
      }
      out.append("[")
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(",") }
        newline(into: &out, indent: indent, level: level + 1)
        write(element, into: &out, indent: indent, level: level + 1)
      }
      newline(into: &out, indent: indent, level: level)
      out.append("]")
    case .object(let members):
      if members.isEmpty {
        out.append("{}")
        return
      }
      out.append("{")
      for (i, member) in members.enumerated() {
        if i > 0 { out.append(",") }
        newline(into: &out, indent: indent, level: level + 1)
        appendQuoted(member.key, into: &out)
        out.append(indent == nil ? ":" : ": ")
        write(member.value, into: &out, indent: indent, level: level + 1)
      }
      newline(into: &out, indent: indent, level: level)
      out.append("}")
    }
  }

  private static func newline(into out: inout String, indent: Int?, level: Int) {
    guard let indent else { return }
    out.append("\n")
    out.append(String(repeating: " ", count: indent * level))
  }

  /// Formats a number as JSON: integers without a fraction, non-finite values as `null`.
  package static func format(_ n: JSONNumber) -> String {
    if let i = n.integer { return String(i) }
    return format(n.double)
  }

  package static func format(_ d: Double) -> String {
    guard d.isFinite else { return "null" }
    if d.rounded() == d, abs(d) < 1e15 { return String(Int64(d)) }
    return d.description
  }

  /// Appends `s` as a JSON string literal; non-ASCII text stays readable, not `\u`-escaped,
  /// except controls and invisible formatting characters.
  package static func appendQuoted(_ s: String, into out: inout String) {
    out.append("\"")
    // The usual case (ids, keys, times): printable ASCII with nothing to escape, appended at once.
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
      out.append(s)
      out.append("\"")
      return
    }
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out.append("\\\"")
      case "\\": out.append("\\\\")
      case "\n": out.append("\\n")
      case "\r": out.append("\\r")
      case "\t": out.append("\\t")
      case "\u{2028}": out.append("\\u2028")
      case "\u{2029}": out.append("\\u2029")
      default:
        // Controls, and the invisible characters a terminal would obey, escaped: the text is
        // unchanged for a JSON reader, and `cat` shows it as written.
        if scalar.value < 0x20 || OutputSanitizer.kind(of: scalar) != nil {
          let hex = String(scalar.value, radix: 16)
          out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out.append("\"")
  }

  package static func quoted(_ s: String) -> String {
    var out = ""
    appendQuoted(s, into: &out)
    return out
  }
}
