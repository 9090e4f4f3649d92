import Foundation
import Localization
import TextLayout

/// Reads Anki's text export and CSV/TSV files into flashcards: one row, one card.
///
/// Anki's header lines (`#separator:`, `#html:`, `#columns:`, `#deck:`, `#deck column:`,
/// `#notetype column:`, `#tags column:`, `#guid column:`) are honoured; fields follow RFC 4180
/// (quotes, doubled quotes, line breaks inside quotes). Which column is the front and which the
/// back comes from `columns` (the `--columns` option), `#columns:`, a header row, or else the
/// first two columns. A deck `Parent::Child` becomes nested nodes; a guid column gives ids.
///
/// ```swift
/// let (questions, _) = DelimitedReader.parse(bytes: Array("front,back\nNa,sodium\n".utf8), file: "c.csv")
/// questions[0].text.text  // "Na"
/// ```
package enum DelimitedReader {
  /// What a column holds.
  enum Role: String {
    case front, back, explanation, hint, deck, id, ignored
  }

  static func role(named name: String) -> Role? {
    switch name.lowercased().trimmingWhitespace() {
    case "front", "question", "prompt", "term", "text", "word": return .front
    case "back", "answer", "definition", "meaning", "translation": return .back
    case "explanation", "extra", "notes", "note", "back extra", "comment": return .explanation
    case "hint": return .hint
    case "deck": return .deck
    case "guid", "id": return .id
    case "tags", "tag", "notetype", "note type", "type", "": return .ignored
    default: return nil
    }
  }

  /// One record with where it starts.
  struct Record {
    var fields: [String]
    var line: Int
  }

  package static func parse(bytes: [UInt8], file: String, columns: [String]? = nil) -> (
    questions: [GiftQuestion], problems: [ImportProblem]
  ) {
    var problems: [ImportProblem] = []
    let lines: [String]
    do {
      lines = try SourceLines.decode(bytes, file: file).lines
    } catch {
      return ([], [error])
    }
    func warn(_ line: Int, _ message: Message) {
      problems.append(ImportProblem(.warning, file: file, line: line, column: 1, text: message))
    }
    func fail(_ line: Int, _ message: Message) {
      problems.append(ImportProblem(.error, file: file, line: line, column: 1, text: message))
    }
    // Header lines at the top: `#key:value`; other `#` lines are comments.
    var headers: [String: (value: String, line: Int)] = [:]
    var first = 0
    while first < lines.count {
      let line = lines[first]
      if line.hasPrefix("#") {
        if let colon = line.firstIndex(of: ":") {
          let key = line[line.index(after: line.startIndex)..<colon].trimmingWhitespace().lowercased()
          var value = line[line.index(after: colon)...].trimmingWhitespace()
          if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
          }
          headers[key] = (value, first + 1)
        }
        first += 1
      } else if first == 0, line.hasPrefix("tags:") {
        first += 1  // Anki before 2.1.54
      } else {
        break
      }
    }
    let body = lines[first...]
    let separator: Character
    if let (value, line) = headers["separator"] {
      guard let named = separatorNamed(value) else {
        fail(
          line,
          .tr(
            "#separator:{value} is not one Anki names; use Comma, Semicolon, Tab, Space, Pipe or Colon",
            ["value": value]))
        return ([], problems)
      }
      separator = named
    } else {
      let name = file.lowercased()
      let sample = body.first { !$0.isEmpty } ?? ""
      if name.hasSuffix(".tsv") || sample.contains("\t") {
        separator = "\t"
      } else if sample.filter({ $0 == ";" }).count > sample.filter({ $0 == "," }).count {
        separator = ";"
      } else if name.hasSuffix(".txt") && !sample.contains(",") {
        separator = "\t"
      } else {
        separator = ","
      }
    }
    let isHTML = headers["html"].map { $0.value.lowercased() == "true" } ?? false
    var (records, recordProblems) = self.records(body, startLine: first + 1, separator: separator, file: file)
    problems += recordProblems
    guard !records.isEmpty else {
      fail(max(1, first), .tr("no rows with cards"))
      return ([], problems)
    }
    // Column roles: --columns, #columns:, a header row, or front and back in the first two columns.
    var roles: [Role] = []
    var names: [String]?
    var namesLine = 1
    if let columns {
      names = columns
    } else if let (value, line) = headers["columns"] {
      names = value.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
      namesLine = line
    } else if let header = records.first, header.fields.count >= 2,
      header.fields.allSatisfy({ role(named: $0) != nil }),
      header.fields.contains(where: { role(named: $0) == .front }),
      header.fields.contains(where: { role(named: $0) == .back })
    {
      names = header.fields
      namesLine = header.line
      records.removeFirst()
    }
    // Anki's header columns (`#deck column:2`…) hold no field; the fields are the other columns in order.
    // A column number is at most the widest row's count: a roles list as long as any number
    // written in a header could not be allocated.
    let widest = records.lazy.map(\.fields.count).max() ?? 0
    let width = max(widest, names?.count ?? 0)
    var special: [(index: Int, role: Role, header: String, line: Int)] = []
    for (key, role) in [
      ("notetype column", Role.ignored), ("deck column", .deck), ("tags column", .ignored), ("guid column", .id),
    ] {
      guard let (value, line) = headers[key] else { continue }
      guard let n = Int(value), n >= 1 else {
        fail(line, .tr("#{header}:{value} must be a column number from 1", ["header": key, "value": value]))
        continue
      }
      guard n <= widest else {
        fail(
          line,
          .trn(
            "#{header}:{value} names a column no row has: the widest row has {count} column",
            "#{header}:{value} names a column no row has: the widest row has {count} columns",
            count: widest, ["header": key, "value": value]))
        continue
      }
      special.append((n - 1, role, key, line))
    }
    if let names {
      roles = names.map { role(named: $0) ?? .ignored }
      let unknown = names.filter { role(named: $0) == nil }
      if !unknown.isEmpty {
        warn(
          namesLine,
          .trn(
            "column {columns} is not read (known: front, back, explanation, hint, deck, guid, tags)",
            "columns {columns} are not read (known: front, back, explanation, hint, deck, guid, tags)",
            count: unknown.count, ["columns": unknown.map { "'\($0)'" }])
        )
      }
      if !roles.contains(.front) || !roles.contains(.back) {
        fail(
          namesLine,
          .tr(
            "the columns must name a front (or question) and a back (or answer), found {columns}",
            ["columns": names]))
        return ([], problems)
      }
      // A header column where the names put the front or the back: the names that would work keep
      // the header columns where the headers say and the named fields, in order, around them.
      let fieldNames = zip(names, roles).filter { ![.deck, .id, .ignored].contains($0.1) }.map(\.0)
      var clashed = false
      for column in special where column.index < roles.count && [.front, .back].contains(roles[column.index]) {
        var fields = fieldNames[...]
        let count = max(roles.count, (special.map(\.index).max() ?? 0) + 1)
        let working = (0..<count).map { i in
          special.first { $0.index == i }.map { $0.header.replacingOccurrences(of: " column", with: "") }
            ?? fields.popFirst() ?? "-"
        }
        let values: KeyValuePairs<String, Any> = [
          "header": column.header, "number": column.index + 1, "columns": working.joined(separator: ","),
        ]
        fail(
          column.line,
          roles[column.index] == .front
            ? .tr("#{header}:{number} is also the front column; give --columns {columns}", values)
            : .tr("#{header}:{number} is also the back column; give --columns {columns}", values))
        clashed = true
      }
      if clashed { return ([], problems) }
      for column in special {
        while roles.count <= column.index { roles.append(.ignored) }
        roles[column.index] = column.role
      }
    } else {
      var fields: [Role] = [.front, .back]
      roles = (0..<max(width, 2 + special.count)).map { i in
        special.first { $0.index == i }?.role ?? (fields.isEmpty ? .ignored : fields.removeFirst())
      }
    }
    let deck = headers["deck"]?.value
    var questions: [GiftQuestion] = []
    // Each role's column, found once: `#columns:` may name thousands.
    var columnOf: [Role: Int] = [:]
    for (index, role) in roles.enumerated() where columnOf[role] == nil { columnOf[role] = index }
    for record in records {
      func field(_ role: Role) -> String? {
        guard let index = columnOf[role], index < record.fields.count else { return nil }
        let value = record.fields[index].trimmingWhitespaceAndNewlines()
        return value.isEmpty ? nil : value
      }
      if record.fields.allSatisfy({ $0.trimmingWhitespace().isEmpty }) { continue }
      guard let front = field(.front), let back = field(.back) else {
        warn(
          record.line, field(.front) == nil ? .tr("row without a front; skipped") : .tr("row without a back; skipped"))
        continue
      }
      let format: GiftQuestion.Format = isHTML ? .html : .plain
      let deckPath =
        (field(.deck) ?? deck).map {
          $0.components(separatedBy: "::").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        } ?? []
      var question = GiftQuestion(
        title: nil, text: .init(front, format: format),
        kind: .shortAnswer([.init(.init(back, format: format), weight: 1)]),
        generalFeedback: field(.explanation).map { .init($0, format: format) }, id: field(.id),
        category: deckPath, line: record.line, column: 1)
      question.extras["type"] = "card"
      if let hint = field(.hint) { question.extras["hint"] = hint }
      questions.append(question)
    }
    return (questions, problems)
  }

  static func separatorNamed(_ value: String) -> Character? {
    switch value.lowercased() {
    case "comma", ",": return ","
    case "semicolon", ";": return ";"
    case "tab", "\t", "\\t": return "\t"
    case "space", " ": return " "
    case "pipe", "|": return "|"
    case "colon", ":": return ":"
    default: return value.count == 1 ? value.first : nil
    }
  }

  /// RFC 4180 records: quoted fields may hold the separator, `""` and line breaks.
  static func records(_ lines: ArraySlice<String>, startLine: Int, separator: Character, file: String) -> (
    [Record], [ImportProblem]
  ) {
    var records: [Record] = []
    var problems: [ImportProblem] = []
    var fields: [String] = []
    var field = ""
    var inQuotes = false
    var quoteLine = 0
    var recordLine = startLine
    var fieldStarted = false
    for (offset, line) in lines.enumerated() {
      let number = startLine + offset
      if !inQuotes {
        recordLine = number
        fields = []
        field = ""
        fieldStarted = false
        if line.isEmpty { continue }
      } else {
        field.append("\n")
      }
      var chars = line[...]
      while let c = chars.first {
        chars = chars.dropFirst()
        if inQuotes {
          if c == "\"" {
            if chars.first == "\"" {
              field.append("\"")
              chars = chars.dropFirst()
            } else {
              inQuotes = false
            }
          } else {
            field.append(c)
          }
        } else if c == separator {
          fields.append(field)
          field = ""
          fieldStarted = false
        } else if c == "\"" && !fieldStarted && field.allSatisfy(\.isWhitespace) {
          field = ""
          inQuotes = true
          quoteLine = number
          fieldStarted = true
        } else {
          field.append(c)
          fieldStarted = true
        }
      }
      if !inQuotes {
        fields.append(field)
        records.append(Record(fields: fields, line: recordLine))
      }
    }
    if inQuotes {
      problems.append(
        ImportProblem(
          .error, file: file, line: quoteLine, column: 1,
          text: .tr("a quoted field opened on this line is never closed (a '\"' inside a field is written '\"\"')")))
    }
    return (records, problems)
  }
}
