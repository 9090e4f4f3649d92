/// An RFC 4180 reader for checking the CSV output: quoted fields, doubled quotes, CRLF records.
enum CSVParser {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func parse(_ text: String) throws -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var scalars = Array(text.unicodeScalars)[...]
    var quoted = false
    var fieldStarted = false
    while let c = scalars.popFirst() {
      if quoted {
        if c == "\"" {
          if scalars.first == "\"" {
            scalars.removeFirst()
            field.unicodeScalars.append("\"")
          } else {
            quoted = false
          }
        } else {
          field.unicodeScalars.append(c)
        }
        continue
      }
      switch c {
      case "\"":
        guard field.isEmpty else { throw Failure(description: "quote inside an unquoted field") }
        quoted = true
        fieldStarted = true
      case ",":
        record.append(field)
        field = ""
        fieldStarted = false
      case "\r":
        guard scalars.popFirst() == "\n" else { throw Failure(description: "CR without LF") }
        record.append(field)
        records.append(record)
        record = []
        field = ""
        fieldStarted = false
      case "\n":
        throw Failure(description: "bare LF line end")
      default:
        field.unicodeScalars.append(c)
        fieldStarted = true
      }
    }
    if quoted { throw Failure(description: "unterminated quoted field") }
    if fieldStarted || !record.isEmpty { throw Failure(description: "last record lacks CRLF") }
    return records
  }
}
