/// A table of text cells laid out in columns aligned by display width.
///
/// ```swift
/// var table = TextTable(columns: [.left("Part"), .right("Score")])
/// table.append(["熔化和凝固", "82%"])
/// print(table.render())
/// ```
package struct TextTable: Sendable {
  package struct Column: Sendable {
    package var title: String
    package var alignment: Alignment

    package static func left(_ title: String) -> Column { Column(title: title, alignment: .left) }
    package static func right(_ title: String) -> Column { Column(title: title, alignment: .right) }
  }

  package enum Alignment: Sendable { case left, right }

  package var columns: [Column]
  package var rows: [[String]] = []
  /// Spaces between columns.
  package var gap = 2
  package var showsHeader = true

  package init(columns: [Column]) { self.columns = columns }

  package mutating func append(_ row: [String]) { rows.append(row) }

  /// The lines of the table, trailing spaces trimmed.
  package func lines() -> [String] {
    var widths = columns.map { showsHeader ? DisplayWidth.of($0.title) : 0 }
    for row in rows {
      for (i, cell) in row.enumerated() where i < widths.count {
        widths[i] = max(widths[i], DisplayWidth.of(cell))
      }
    }
    var out: [String] = []
    if showsHeader {
      out.append(line(columns.map(\.title), widths: widths))
      out.append(line(widths.map { String(repeating: "-", count: $0) }, widths: widths))
    }
    for row in rows { out.append(line(row, widths: widths)) }
    return out
  }

  package func render() -> String { lines().joined(separator: "\n") }

  private func line(_ cells: [String], widths: [Int]) -> String {
    var parts: [String] = []
    for (i, width) in widths.enumerated() {
      let cell = i < cells.count ? cells[i] : ""
      switch columns[i].alignment {
      case .left: parts.append(DisplayWidth.padded(cell, to: width))
      case .right: parts.append(DisplayWidth.leftPadded(cell, to: width))
      }
    }
    var text = parts.joined(separator: String(repeating: " ", count: gap))
    while text.last == " " { text.removeLast() }
    return text
  }
}
