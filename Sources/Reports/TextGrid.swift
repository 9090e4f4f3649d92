import TextLayout

/// Columns aligned by display width, with color applied after padding so
/// escape sequences never count as columns.
struct TextGrid {
  enum Tone: String {
    case good = "32"
    case fair = "33"
    case bad = "31"
    case dim = "2"
    case bold = "1"
  }

  struct Cell: ExpressibleByStringLiteral {
    var text: String
    var tone: Tone?
    init(_ text: String, _ tone: Tone? = nil) {
      self.text = text
      self.tone = tone
    }
    init(stringLiteral value: String) { self.init(value) }
  }

  enum Line {
    case cells([Cell], tone: Tone?)
    case rule
  }

  var titles: [String]
  var alignments: [TextTable.Alignment]
  var lines: [Line] = []
  var gap = 2

  init(_ columns: [TextTable.Column]) {
    titles = columns.map(\.title)
    alignments = columns.map(\.alignment)
  }

  mutating func append(_ cells: [Cell], tone: Tone? = nil) { lines.append(.cells(cells, tone: tone)) }
  mutating func appendRule() { lines.append(.rule) }

  /// Each column's width: its widest cell or title.
  var columnWidths: [Int] {
    var widths = titles.map { DisplayWidth.of($0) }
    for case .cells(let cells, _) in lines {
      for (i, cell) in cells.enumerated() where i < widths.count {
        widths[i] = max(widths[i], DisplayWidth.of(cell.text))
      }
    }
    return widths
  }

  /// The rendered width in columns.
  var width: Int { columnWidths.reduce(0, +) + gap * max(0, titles.count - 1) }

  /// The grid made to fit `width` terminal columns, or unchanged when `width` is nil or it fits.
  ///
  /// The columns titled in `droppable` are left out, least needed first, as long as the grid would
  /// not fit with the `shrinking` column (a title column) cut to 24; then that column is cut to what
  /// is left, down to 8 (so a 40-column terminal holds the columns that stay). A title is the one thing
  /// a reader cannot do without; a column of dates is not.
  func fitted(to width: Int?, shrinking column: Int = 0, droppable: [String] = [], ellipsis: String) -> TextGrid {
    guard let width, self.width > width else { return self }
    var grid = self
    var trial = self
    trial.cut(column: column, to: min(24, trial.columnWidths[column]), ellipsis: ellipsis)
    for title in droppable where trial.width > width {
      guard let index = trial.titles.firstIndex(of: title), index != column else { continue }
      trial.remove(column: index)
      grid.remove(column: index)
    }
    let overflow = grid.width - width
    if overflow > 0 {
      grid.cut(column: column, to: max(8, grid.columnWidths[column] - overflow), ellipsis: ellipsis)
    }
    return grid
  }

  private mutating func cut(column: Int, to width: Int, ellipsis: String) {
    lines = lines.map { line in
      guard case .cells(var cells, let tone) = line, column < cells.count else { return line }
      cells[column].text = DisplayWidth.truncated(cells[column].text, to: width, ellipsis: ellipsis)
      return .cells(cells, tone: tone)
    }
    titles[column] = DisplayWidth.truncated(titles[column], to: width, ellipsis: ellipsis)
  }

  private mutating func remove(column: Int) {
    titles.remove(at: column)
    alignments.remove(at: column)
    lines = lines.map { line in
      guard case .cells(var cells, let tone) = line, column < cells.count else { return line }
      cells.remove(at: column)
      return .cells(cells, tone: tone)
    }
  }

  func render(style: ReportStyle) -> [String] {
    let widths = columnWidths
    let ruleChar = style.unicode ? "─" : "-"
    let full = widths.reduce(0, +) + gap * max(0, widths.count - 1)
    var out = [paint(layout(titles.map { Cell($0) }, widths: widths, style: style), .bold, style)]
    out.append(String(repeating: ruleChar, count: full))
    for line in lines {
      switch line {
      case .rule: out.append(String(repeating: ruleChar, count: full))
      case .cells(let cells, let tone):
        out.append(paint(layout(cells, widths: widths, style: style), tone, style))
      }
    }
    return out
  }

  private func layout(_ cells: [Cell], widths: [Int], style: ReportStyle) -> String {
    var parts: [String] = []
    for (i, width) in widths.enumerated() {
      let cell = i < cells.count ? cells[i] : Cell("")
      let padded =
        alignments[i] == .left
        ? DisplayWidth.padded(cell.text, to: width) : DisplayWidth.leftPadded(cell.text, to: width)
      parts.append(paint(padded, cell.tone, style))
    }
    var text = parts.joined(separator: String(repeating: " ", count: gap))
    while text.last == " " { text.removeLast() }
    return text
  }

  func paint(_ text: String, _ tone: Tone?, _ style: ReportStyle) -> String {
    guard style.color, let tone, !text.isEmpty else { return text }
    return "\u{1B}[\(tone.rawValue)m\(text)\u{1B}[0m"
  }
}

/// Bars and sparklines in block characters, or ASCII when the locale is not UTF-8.
enum Bars {
  static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
  static let sparkLevels = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  static let asciiSparkLevels = ["_", "-", "=", "+", "*", "%", "#", "@"]

  /// A bar of exactly `width` columns for `percent` (0…100); blank when `nil`.
  static func bar(_ percent: Double?, width: Int, unicode: Bool) -> String {
    guard let percent else { return String(repeating: " ", count: width) }
    let fraction = min(1, max(0, percent / 100))
    if unicode {
      let units = Int((fraction * Double(width * 8)).rounded())
      var out = String(repeating: "█", count: units / 8) + eighths[units % 8]
      let used = units / 8 + (units % 8 > 0 ? 1 : 0)
      out += String(repeating: " ", count: width - used)
      return out
    }
    let filled = Int((fraction * Double(width)).rounded())
    return String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
  }

  /// One character per value, scaled to the largest; zero shows as a dot.
  static func sparkline(_ values: [Int], unicode: Bool) -> String {
    let top = values.max() ?? 0
    let levels = unicode ? sparkLevels : asciiSparkLevels
    return values.map { v -> String in
      guard v > 0, top > 0 else { return unicode ? "·" : "." }
      let level = Int((Double(v) / Double(top) * Double(levels.count)).rounded(.up))
      return levels[min(levels.count, max(1, level)) - 1]
    }.joined()
  }

  static func tone(for percent: Double?) -> TextGrid.Tone? {
    guard let percent else { return nil }
    return percent >= 80 ? .good : percent >= 50 ? .fair : .bad
  }
}
