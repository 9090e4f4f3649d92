/// RFC 4180 text: CRLF line ends, fields quoted when they hold a comma, quote, CR or LF.
///
/// Starts with a UTF-8 byte order mark because spreadsheet programs otherwise
/// guess a legacy code page and garble Chinese titles.
struct CSVWriter {
  static let byteOrderMark = "\u{FEFF}"
  private(set) var text = CSVWriter.byteOrderMark

  mutating func row(_ fields: [String]) {
    text += fields.map(Self.field).joined(separator: ",") + "\r\n"
  }

  static func field(_ value: String) -> String {
    let needsQuotes = value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
    guard needsQuotes else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  static func bool(_ b: Bool) -> String { b ? "true" : "false" }
  static func int(_ i: Int) -> String { String(i) }
}
