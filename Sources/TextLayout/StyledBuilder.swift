/// Collects rendered text while a reader walks course text: whitespace folded, blocks separated by
/// line breaks and blank lines, styles nested, links, tables and media turned into text.
struct StyledBuilder {
  typealias Run = StyledText.Run
  typealias Style = StyledText.Style

  let labels: MediaLabels
  /// A newline in the text is a line break (Moodle's auto-format, plain text), not a space.
  var keepsLineBreaks: Bool
  /// An image without alt text is named by its file, not numbered.
  var namingImagesByFile = false
  /// `&amp;` is `&` (every format but plain text).
  var decodesEntities = true

  var lines: [StyledText.Line] = []
  var current: [Run] = []
  var currentHang = 0
  /// Whether the current line holds text (not only a list marker or an indent).
  var lineHasText = false
  /// Before the next text: 1 a new line, 2 a blank line.
  var pendingBreak = 0
  /// A space seen before the next text, with the style it was seen in.
  var pendingSpace: Style?
  /// A list marker put before the next text's line.
  var pendingPrefix = ""
  /// Inside a list item: how far its text is indented (0 outside lists).
  var itemIndent = 0
  var stack: [(tag: String, style: Style)] = []
  /// Text held back while a link, a superscript or a table cell is read.
  var captures: [[Run]] = []
  var links: [String] = []
  var scripts: [Bool] = []
  var lists: [(ordered: Bool, next: Int)] = []
  var quoteDepth = 0
  var preDepth = 0
  /// Inside `<audio>`, `<video>`, `<script>`, `<style>`: the fallback text is not shown.
  var skipDepth = 0
  var openMedia: (kind: MediaLabels.Kind, shown: Bool)?
  var table: (rows: [[String]], row: [String]?)?
  var media: [StyledText.Media] = []
  /// Formulas and sounds set aside before the markup is read, put back as text.
  var insertions = SetAsideInsertions()

  init(labels: MediaLabels, keepsLineBreaks: Bool) {
    self.labels = labels
    self.keepsLineBreaks = keepsLineBreaks
  }

  var style: Style { stack.reduce(into: Style()) { $0.formUnion($1.style) } }

  // MARK: Text

  /// Source text: entities decoded, whitespace folded (kept in `<pre>`), insertions put back.
  mutating func text(_ source: Substring) {
    guard !source.isEmpty, skipDepth == 0 else { return }
    let decoded = decodesEntities && source.contains("&") ? HTMLEntities.decoded(source) : String(source)
    eachCharacter(of: Substring(decoded)) { builder, c in
      if builder.preDepth > 0 {
        if c == "\n" || c == "\r\n" { builder.lineBreak() } else { builder.append(c) }
      } else if (c == "\n" || c == "\r\n") && builder.keepsLineBreaks {
        builder.lineBreak()
      } else if c.isWhitespace {
        builder.space()
      } else {
        builder.append(c)
      }
    }
  }

  /// Text that is not markup (a formula, a label): its characters, whitespace folded.
  mutating func characters(_ text: some StringProtocol) {
    for c in text { c.isWhitespace ? space() : append(c) }
  }

  /// Inline code: its characters as written, a formula set aside in it put back.
  mutating func literal(_ text: Substring) {
    eachCharacter(of: text) { builder, c in c.isWhitespace ? builder.space() : builder.append(c) }
  }

  /// Calls `body` with each character of `text`, putting each set-aside insertion back in its place.
  mutating func eachCharacter(of text: Substring, _ body: (inout StyledBuilder, Character) -> Void) {
    var index = text.startIndex
    while index < text.endIndex {
      if let (insertion, after) = insertions.insertion(at: index, in: text) {
        insert(insertion)
        index = after
        continue
      }
      body(&self, text[index])
      index = text.index(after: index)
    }
  }

  mutating func insert(_ insertion: SetAsideInsertions.Insertion) {
    switch insertion {
    case .text(let shown): characters(shown)
    case .media(let kind, let name): media(kind: kind, text: nil, file: name)
    }
  }

  /// A line of a code block, as written.
  mutating func literalLine(_ text: Substring) {
    preDepth += 1
    for c in text { append(c) }
    preDepth -= 1
    lineBreak()
  }

  mutating func space() {
    if !captures.isEmpty {
      if captures[captures.count - 1].last.map({ $0.text.last != " " }) == true { capture(" ") }
      return
    }
    // The space takes a style only where the text on both sides has it (see `append`): `a<u> b</u>`
    // underlines `b`, not the space.
    if lineHasText, pendingBreak == 0, pendingSpace == nil { pendingSpace = current.last?.style ?? [] }
  }

  mutating func capture(_ c: Character) {
    let style = self.style
    // Compared in place: a copy of the last run kept alive would copy its text at every character.
    if captures[captures.count - 1].last?.style == style {
      captures[captures.count - 1][captures[captures.count - 1].count - 1].text.append(c)
    } else {
      captures[captures.count - 1].append(Run(String(c), style))
    }
  }

  mutating func append(_ c: Character) {
    if !captures.isEmpty {
      capture(c)
      return
    }
    startLineIfNeeded()
    let style = self.style
    if let space = pendingSpace {
      pendingSpace = nil
      add(" ", space.intersection(style))
    }
    add(String(c), style)
    lineHasText = true
  }

  mutating func add(_ text: String, _ style: Style) {
    if current.last?.style == style {
      current[current.count - 1].text += text
    } else {
      current.append(Run(text, style))
    }
  }

  /// Ends the line before new text when a block asked for it, and puts an indent and a list
  /// marker at the start of a new line.
  mutating func startLineIfNeeded() {
    if pendingBreak > 0 {
      if lineHasText || !current.isEmpty { endLine() }
      if pendingBreak == 2, let last = lines.last, !last.runs.isEmpty { lines.append(StyledText.Line([])) }
      pendingBreak = 0
      pendingSpace = nil
    }
    guard current.isEmpty else { return }
    let indent = String(repeating: " ", count: quoteDepth * 2)
    // A list item's later lines (after a `<br>` or a paragraph in it) sit under its text.
    let lead = indent + (pendingPrefix.isEmpty ? String(repeating: " ", count: itemIndent) : pendingPrefix)
    pendingPrefix = ""
    if !lead.isEmpty { current.append(Run(lead)) }
    currentHang = DisplayWidth.of(lead)
  }

  mutating func endLine() {
    while let last = current.last, last.text.last == " " {
      current[current.count - 1].text.removeLast()
      if current[current.count - 1].text.isEmpty { current.removeLast() }
    }
    lines.append(StyledText.Line(current, hang: currentHang))
    current = []
    currentHang = 0
    lineHasText = false
    pendingSpace = nil
  }

  // MARK: Blocks

  mutating func block(_ breaks: Int) {
    if !captures.isEmpty {
      space()
      return
    }
    pendingBreak = max(pendingBreak, breaks)
    pendingSpace = nil
  }

  /// `<br>`, a newline kept: the line ends here, even an empty one.
  mutating func lineBreak() {
    if !captures.isEmpty {
      space()
      return
    }
    if pendingBreak > 0 {
      startLineIfNeeded()
      pendingBreak = 0
    }
    if lines.isEmpty && current.isEmpty { return }
    endLine()
  }

  mutating func listItem(marker: String, level: Int) {
    // Items of one list follow each other line by line, even when each holds a paragraph.
    if itemIndent > 0 { pendingBreak = min(pendingBreak, 1) }
    block(1)
    pendingPrefix = String(repeating: " ", count: level * 2) + marker + " "
    itemIndent = DisplayWidth.of(pendingPrefix)
  }

  /// A paragraph's break: a line inside a list item, an empty line elsewhere.
  mutating func paragraph() { block(itemIndent > 0 ? 1 : 2) }

  mutating func closeLists() {
    lists.removeAll()
    itemIndent = 0
  }

  mutating func quoteLine() { pendingPrefix = "  " }

  mutating func push(_ tag: String, _ style: Style) { stack.append((tag, style)) }

  mutating func pop(_ tag: String) {
    if let index = stack.lastIndex(where: { $0.tag == tag }) { stack.remove(at: index) }
  }

  /// Rows as aligned columns, each cell padded to its column's display width.
  mutating func table(_ rows: [[String]]) {
    let columns = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (i, cell) in row.enumerated() { widths[i] = max(widths[i], DisplayWidth.of(cell)) }
    }
    block(2)
    for row in rows {
      let cells = row.enumerated().map { i, cell in i == row.count - 1 ? cell : DisplayWidth.padded(cell, to: widths[i])
      }
      let line = cells.joined(separator: "  ")
      guard !line.trimmingCharacters(in: " ").isEmpty else { continue }
      startLineIfNeeded()
      add(line, [])
      lineHasText = true
      endLine()
    }
    block(2)
  }

  // MARK: Links and media

  /// ` <https://…>` after a link's text, unless the text is the address already.
  mutating func linkTarget(_ target: String, label: String) {
    let address = target.hasPrefix("mailto:") ? String(target.dropFirst(7)) : target
    guard !address.isEmpty, !address.hasPrefix("#"), !address.lowercased().hasPrefix("javascript:"),
      label.trimmingCharacters(in: " ") != address
    else { return }
    if !label.isEmpty { space() }
    for c in "<\(address)>" { append(c) }
  }

  /// A placeholder for an image, a sound, a film or a file: named by `text` (alt or link text)
  /// when there is one; an image without one is numbered (its file name may be its answer),
  /// other media are named by their file.
  mutating func media(kind: MediaLabels.Kind, text: String?, file: String?) {
    let number = media.filter { $0.kind == kind }.count + 1
    let given = text?.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    var name = given.flatMap { $0.isEmpty ? nil : $0 }
    if name == nil, kind != .image || namingImagesByFile, let file, !file.isEmpty { name = MediaLabels.fileName(file) }
    let label = labels.label(kind, number: number, text: name)
    media.append(StyledText.Media(kind: kind, label: label))
    // Set apart from a word before it, not from Chinese text or full-width punctuation, which take
    // no spaces (`如图：[图片 1]`, not `如图： [图片 1]`); a space written in the source stays.
    let before =
      captures.isEmpty ? current.last?.text.unicodeScalars.last : captures.last?.last?.text.unicodeScalars.last
    if lineHasText || !captures.isEmpty, before.map({ DisplayWidth.of($0) < 2 }) ?? true { space() }
    characters(label)
  }

  // MARK: End

  mutating func finished() -> StyledText {
    // Unclosed captures give their text back.
    while let runs = captures.popLast() {
      for run in runs { characters(run.text) }
    }
    if let open = table {
      table = nil
      self.table(open.rows + (open.row.map { [$0] } ?? []))
    }
    if !current.isEmpty { endLine() }
    var kept: [StyledText.Line] = []
    for line in lines {
      let empty = line.runs.allSatisfy { $0.text.allSatisfy { $0 == " " } }
      if empty && (kept.last?.runs.isEmpty ?? true) { continue }
      kept.append(empty ? StyledText.Line([]) : line)
    }
    while kept.last?.runs.isEmpty == true { kept.removeLast() }
    return StyledText(lines: kept, media: media)
  }
}

extension String {
  /// The string without `character` at either end.
  func trimmingCharacters(in character: Character) -> String {
    String(Substring(self).trimmingCharacters(in: character))
  }
}
