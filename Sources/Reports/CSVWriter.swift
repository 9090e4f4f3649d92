import TextLayout

/// RFC 4180 text, safe to open in a spreadsheet: CRLF line ends, fields quoted when they hold a comma, quote, CR or LF.
///
/// Starts with a UTF-8 byte order mark because spreadsheet programs otherwise
/// guess a legacy code page and garble Chinese titles.
struct CSVWriter {
  static let byteOrderMark = "\u{FEFF}"
  private(set) var text = CSVWriter.byteOrderMark

  mutating func row(_ fields: [String]) {
    text += fields.map(Self.field).joined(separator: ",") + "\r\n"
  }

  /// A cell as written: shown visibly where it holds control characters, and neutralised with a
  /// leading `'` where a spreadsheet would take it for a formula (OWASP's rule: it starts with
  /// `=`, `+`, `-`, `@`, tab or CR). Numbers stay numbers: `-3` and `+0.5` are left alone.
  static func field(_ raw: String) -> String {
    var value = raw
    if let first = value.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first),
      Double(value) == nil
    {
      value = "'" + value
    }
    value = OutputSanitizer.clean(value)
    let needsQuotes = value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
    guard needsQuotes else { return value }
    return "\"" + value.replacingScalars { $0 == "\"" ? "\"\"" : nil } + "\""
  }

  static func bool(_ b: Bool) -> String { b ? "true" : "false" }
  static func int(_ i: Int) -> String { String(i) }
}
