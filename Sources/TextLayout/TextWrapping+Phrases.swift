extension TextWrapping {
  /// Lines of `text` no wider than `width` that break only at one of `separators` (dropped at a
  /// line's end), so each phrase between them stays whole; a phrase wider than a line is wrapped
  /// as `lines(_:width:)` wraps it.
  ///
  /// ```swift
  /// TextWrapping.lines("1/4 read · 1/66 mastered · 2 to retry  3 due", width: 28, breakingAt: [" · ", "  "])
  /// // ["1/4 read · 1/66 mastered", "2 to retry  3 due"]
  /// ```
  package static func lines(_ text: String, width: Int, breakingAt separators: [String]) -> [String] {
    var phrases: [(text: Substring, separator: String)] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      if let separator = separators.first(where: { !$0.isEmpty && text[index...].hasPrefix($0) }) {
        phrases.append((text[start..<index], separator))
        index = text.index(index, offsetBy: separator.count)
        start = index
      } else {
        index = text.index(after: index)
      }
    }
    phrases.append((text[start...], ""))
    var lines: [String] = []
    var line = ""
    var separator = ""
    for phrase in phrases {
      let joined = line.isEmpty ? String(phrase.text) : line + separator + phrase.text
      if DisplayWidth.of(joined) <= width {
        line = joined
      } else {
        if !line.isEmpty { lines.append(line) }
        var wrapped = Self.lines(String(phrase.text), width: width)
        line = wrapped.removeLast()
        lines += wrapped
      }
      separator = phrase.separator
    }
    lines.append(line)
    return lines
  }
}
