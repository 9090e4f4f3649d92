/// Renders course text written in HTML, Moodle's auto-format, Markdown or plain text for a
/// terminal, as ``StyledText``: paragraphs and line breaks kept, bold, italic and underline as
/// styles, lists as bullets, links as `text <URL>`, tables as aligned columns, TeX formulas as
/// Unicode (``TeXText``), and images, sounds and films as placeholders (``MediaLabels``).
///
/// Only the display is rendered: a question keeps its text as written, so an export writes it
/// back as it came.
///
/// ```swift
/// let shown = MarkupRenderer.render(MarkedText("<p>Find <u>Very few people</u>.</p><img alt='a flag'>", markup: .html))
/// shown.marked  // "Find _Very few people_.\n\n[image: a flag]"
/// MarkupRenderer.render(MarkedText("**Grant's tomb** _(ride)_", markup: .markdown)).marked
/// // "*Grant's tomb* /(ride)/"
/// ```
package enum MarkupRenderer {
  ///
  /// An image without alt text is numbered (`[image 1]`: a flashcard's file name is often its
  /// answer) unless `namingImagesByFile`, for options, which must stay apart.
  package static func render(
    _ text: MarkedText, labels: MediaLabels = .english, namingImagesByFile: Bool = false
  ) -> StyledText {
    var builder = StyledBuilder(labels: labels, keepsLineBreaks: text.markup != .html)
    builder.namingImagesByFile = namingImagesByFile
    var source = text.text
    var unrendered: [String] = []
    if text.markup != .plain {
      (source, unrendered) = builder.insertions.settingAsideFormulas(source, decodingEntities: text.markup != .markdown)
    }
    source = builder.insertions.settingAsideSounds(source)
    switch text.markup {
    case .plain:
      // Plain text is shown as written, runs of spaces and all; only a sound reference changes.
      guard !builder.insertions.isEmpty else {
        return StyledText(
          lines: source.split(separator: "\n", omittingEmptySubsequences: false).map {
            StyledText.Line([StyledText.Run(String($0))])
          })
      }
      builder.preDepth = 1
      builder.decodesEntities = false
      builder.text(Substring(source))
    case .html, .moodle:
      HTMLReader(source: source).read(into: &builder)
    case .markdown:
      MarkdownReader(source: source).read(into: &builder)
    }
    var result = builder.finished()
    result.unrenderedTeX = unrendered
    return result
  }

  /// Whether `text` holds anything a renderer would change: markup, an entity, a formula, media.
  package static func isPlain(_ text: MarkedText) -> Bool {
    render(text).plain == text.text
  }
}

/// Reads HTML (and Moodle's auto-format) tag by tag into a builder.
struct HTMLReader {
  let source: String

  func read(into builder: inout StyledBuilder) {
    var index = source.startIndex
    var textStart = index
    // The next '>' after a '<', found once for a run of '<' before it: linear on text full of '<'.
    var nextClose: String.Index?
    var noCloseLeft = false
    while index < source.endIndex {
      let c = source[index]
      guard c == "<" else {
        index = source.index(after: index)
        continue
      }
      let after = source.index(after: index)
      guard after < source.endIndex, source[after].isLetter || source[after] == "/" || source[after] == "!" else {
        index = after
        continue
      }
      if nextClose == nil || nextClose! <= index, !noCloseLeft {
        nextClose = source[after...].firstIndex(of: ">")
        if nextClose == nil { noCloseLeft = true }
      }
      guard let close = nextClose, close > index else {
        index = after
        continue
      }
      builder.text(source[textStart..<index])
      let inside = source[after..<close]
      index = source.index(after: close)
      if inside.hasPrefix("!--"), !inside.hasSuffix("--"), let end = source[index...].firstRange(of: "-->") {
        // A comment may hold '>': skip to its end.
        index = end.upperBound
      }
      if !inside.hasPrefix("!") { builder.tag(inside) }
      textStart = index
    }
    builder.text(source[textStart..<source.endIndex])
  }
}

/// Reads Markdown (as Moodle's Markdown format writes it: HTML allowed) line by line into a builder.
struct MarkdownReader {
  let source: String

  func read(into builder: inout StyledBuilder) {
    builder.keepsLineBreaks = false
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    var i = 0
    var inParagraph = false
    while i < lines.count {
      let line = lines[i]
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      let indent = line.count - trimmed.count
      i += 1
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
        builder.closeLists()
        builder.block(2)
        while i < lines.count, !lines[i].drop(while: { $0 == " " }).hasPrefix(String(trimmed.prefix(3))) {
          builder.literalLine(lines[i])
          i += 1
        }
        i += 1
        builder.block(2)
        inParagraph = false
        continue
      }
      if trimmed.isEmpty {
        builder.closeLists()
        builder.block(2)
        inParagraph = false
        continue
      }
      if let level = Self.headingLevel(trimmed) {
        builder.closeLists()
        builder.block(2)
        builder.push("h", .bold)
        inline(trimmed.dropFirst(level).drop { $0 == " " }, into: &builder)
        builder.pop("h")
        builder.block(2)
        inParagraph = false
        continue
      }
      if trimmed.allSatisfy({ $0 == "-" || $0 == " " }) && trimmed.filter({ $0 == "-" }).count >= 3 && !inParagraph
        || trimmed.allSatisfy({ $0 == "*" || $0 == " " }) && trimmed.filter({ $0 == "*" }).count >= 3
      {
        builder.block(2)
        continue
      }
      if trimmed.hasPrefix("|"), i < lines.count, Self.isTableRule(lines[i]) {
        builder.closeLists()
        var rows = [Self.cells(trimmed)]
        i += 1
        while i < lines.count, lines[i].drop(while: { $0 == " " }).hasPrefix("|") {
          rows.append(Self.cells(lines[i].drop(while: { $0 == " " })))
          i += 1
        }
        builder.block(2)
        builder.table(
          rows.map { row in
            row.map { cell in
              var inner = StyledBuilder(labels: builder.labels, keepsLineBreaks: false)
              inner.insertions = builder.insertions
              inline(cell, into: &inner)
              builder.media += inner.media
              return inner.finished().plain
            }
          })
        builder.block(2)
        inParagraph = false
        continue
      }
      if let (marker, rest) = Self.listItem(trimmed) {
        builder.listItem(marker: marker, level: indent / 2)
        inline(rest, into: &builder)
        inParagraph = true
        continue
      }
      if trimmed.hasPrefix(">") {
        builder.block(inParagraph ? 1 : 2)
        builder.quoteLine()
        inline(trimmed.dropFirst().drop { $0 == " " }, into: &builder)
        builder.block(1)
        inParagraph = false
        continue
      }
      if inParagraph {
        builder.text(" ")
      } else {
        builder.closeLists()
        builder.block(2)
      }
      let hardBreak = line.hasSuffix("  ") || line.hasSuffix("\\")
      inline(line.hasSuffix("\\") ? trimmed.dropLast() : trimmed, into: &builder)
      if hardBreak { builder.lineBreak() }
      inParagraph = true
    }
  }

  static func headingLevel(_ line: Substring) -> Int? {
    let hashes = line.prefix { $0 == "#" }.count
    guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
    return hashes
  }

  static func isTableRule(_ line: Substring) -> Bool {
    let trimmed = line.trimmingCharacters(in: " ")
    return trimmed.hasPrefix("|") && trimmed.contains("-")
      && trimmed.allSatisfy { "|-: ".contains($0) }
  }

  static func cells(_ line: Substring) -> [Substring] {
    var inner = line.trimmingCharacters(in: " ")
    if inner.hasPrefix("|") { inner = inner.dropFirst() }
    if inner.hasSuffix("|") { inner = inner.dropLast() }
    return inner.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: " ") }
  }

  /// `- item`, `* item`, `+ item`, `1. item`: the marker shown and the item's text.
  static func listItem(_ line: Substring) -> (String, Substring)? {
    if let first = line.first, "-*+".contains(first), line.dropFirst().first == " " {
      return ("•", line.dropFirst(2))
    }
    let digits = line.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 9 else { return nil }
    let after = line.dropFirst(digits.count)
    guard let mark = after.first, mark == "." || mark == ")", after.dropFirst().first == " " else { return nil }
    return (digits + ".", after.dropFirst(2))
  }

  /// Inline Markdown: code, emphasis, links, images, autolinks, escapes, inline HTML.
  func inline(_ text: Substring, into builder: inout StyledBuilder) {
    var index = text.startIndex
    var plainStart = index
    func flush(_ end: String.Index) { builder.text(text[plainStart..<end]) }
    while index < text.endIndex {
      let c = text[index]
      let next = text.index(after: index)
      switch c {
      case "\\" where next < text.endIndex && text[next].isPunctuationOrSymbol:
        flush(index)
        builder.text(text[next...next])
        index = text.index(after: next)
        plainStart = index
        continue
      case "`":
        if let end = text[next...].firstIndex(of: "`") {
          flush(index)
          builder.literal(text[next..<end])
          index = text.index(after: end)
          plainStart = index
          continue
        }
      case "*", "_":
        let run = text[index...].prefix { $0 == c }
        let before = index > text.startIndex ? text[text.index(before: index)] : " "
        let afterRun = run.endIndex < text.endIndex ? text[run.endIndex] : " "
        let canOpen = run.count <= 3 && !afterRun.isWhitespace && !(c == "_" && (before.isLetter || before.isNumber))
        if canOpen, let close = Self.closer(of: run, in: text[run.endIndex...]) {
          flush(index)
          let style: StyledText.Style = run.count == 1 ? .italic : run.count == 2 ? .bold : [.bold, .italic]
          builder.push("md", style)
          inline(text[run.endIndex..<close.lowerBound], into: &builder)
          builder.pop("md")
          index = close.upperBound
          plainStart = index
          continue
        }
        index = run.endIndex
        continue
      case "!" where next < text.endIndex && text[next] == "[":
        if let (label, target, end) = Self.link(text[next...]) {
          flush(index)
          builder.media(kind: MediaLabels.kind(ofFile: String(target)) ?? .image, text: String(label), file: nil)
          index = end
          plainStart = index
          continue
        }
      case "[":
        if let (label, target, end) = Self.link(text[index...]) {
          flush(index)
          if let kind = MediaLabels.kind(ofFile: String(target)), target.contains("@@PLUGINFILE@@") || kind != .file {
            builder.media(kind: kind, text: String(label), file: String(target))
          } else {
            inline(label, into: &builder)
            builder.linkTarget(String(target), label: String(label))
          }
          index = end
          plainStart = index
          continue
        }
      case "<":
        if let end = text[next...].firstIndex(of: ">") {
          let inside = text[next..<end]
          if inside.hasPrefix("http://") || inside.hasPrefix("https://") || inside.hasPrefix("mailto:") {
            flush(index)
            builder.text(inside)
            index = text.index(after: end)
            plainStart = index
            continue
          }
          if let first = inside.first, first.isLetter || first == "/" {
            flush(index)
            builder.tag(inside)
            index = text.index(after: end)
            plainStart = index
            continue
          }
        }
      default: break
      }
      index = next
    }
    flush(text.endIndex)
  }

  /// The closing run for an emphasis opener `run`: the same characters, not after a space, and
  /// for `_` not inside a word.
  static func closer(of run: Substring, in rest: Substring) -> Range<String.Index>? {
    var index = rest.startIndex
    let mark = run.first!
    while index < rest.endIndex {
      if rest[index] == "\\" {
        index = rest.index(index, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex
        continue
      }
      if rest[index] == "`", let end = rest[rest.index(after: index)...].firstIndex(of: "`") {
        index = rest.index(after: end)
        continue
      }
      guard rest[index] == mark else {
        index = rest.index(after: index)
        continue
      }
      let candidate = rest[index...].prefix { $0 == mark }
      let before = rest[rest.index(before: index)]
      let after = candidate.endIndex < rest.endIndex ? rest[candidate.endIndex] : " "
      if candidate.count == run.count, index > rest.startIndex, !before.isWhitespace,
        !(mark == "_" && (after.isLetter || after.isNumber))
      {
        return index..<candidate.endIndex
      }
      index = candidate.endIndex
    }
    return nil
  }

  /// `[label](target)` at the start of `text`: the label, the target and where it ends.
  static func link(_ text: Substring) -> (Substring, Substring, String.Index)? {
    guard text.first == "[" else { return nil }
    var depth = 0
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == "[" { depth += 1 }
      if text[index] == "]" {
        depth -= 1
        if depth == 0 { break }
      }
      index = text.index(after: index)
    }
    guard index < text.endIndex else { return nil }
    let label = text[text.index(after: text.startIndex)..<index]
    let open = text.index(after: index)
    guard open < text.endIndex, text[open] == "(", let close = text[open...].firstIndex(of: ")") else { return nil }
    var target = text[text.index(after: open)..<close].trimmingCharacters(in: " ")
    // `(url "title")`: the title is not shown.
    if let space = target.firstIndex(of: " ") { target = target[..<space] }
    return (label, target, text.index(after: close))
  }
}

extension Substring {
  /// The substring without `character` at either end.
  func trimmingCharacters(in character: Character) -> Substring {
    var text = self
    while text.first == character { text = text.dropFirst() }
    while text.last == character { text = text.dropLast() }
    return text
  }
}

extension Character {
  fileprivate var isPunctuationOrSymbol: Bool { isPunctuation || isSymbol }
}
