import TextLayout

/// Rendered course text as terminal lines: styles as SGR on a color terminal and as visible marks
/// (`*bold*`, `_underlined_`) without color; each of the text's lines wrapped to the width, its
/// continuation lines indented under a list item's text.
///
/// The course's own characters are cleaned here, run by run, before any style is painted around
/// them: the only escape sequences in these lines are the ones this type writes.
///
/// ```swift
/// let text = MarkupRenderer.render(MarkedText("Find <u>the odd</u> word.", markup: .html))
/// StyledLines.lines(text, color: false, width: nil)  // ["Find _the odd_ word."]
/// StyledLines.lines(text, color: true, width: nil)   // ["Find \u{1B}[4mthe odd\u{1B}[0m word."]
/// ```
enum StyledLines {
  static func lines(
    _ text: StyledText, color: Bool, width: Int?, first: String = "", rest: String = ""
  ) -> [String] {
    var out: [String] = []
    for (index, line) in text.lines.enumerated() {
      let clean = StyledText.Line(
        line.runs.map { StyledText.Run(OutputSanitizer.clean($0.text), $0.style) }, hang: line.hang)
      let lead = index == 0 ? first : rest
      let hang = rest + String(repeating: " ", count: line.hang)
      let shown = color ? clean.plain : StyledText.marked(clean.runs)
      var pieces = [shown]
      if let width, DisplayWidth.of(lead + shown) > width {
        // The text after the list marker is wrapped; the marker stays on the first line.
        let room = max(width - max(DisplayWidth.of(lead), DisplayWidth.of(hang)), 10)
        pieces = TextWrapping.lines(shown, width: room)
      }
      let painted = color ? StyledText.split(clean, along: pieces).map(paint) : pieces
      for (j, piece) in painted.enumerated() { out.append((j == 0 ? lead : hang) + piece) }
    }
    return out
  }

  /// Runs with their styles as SGR: 1 bold, 3 italic, 4 underline.
  static func paint(_ runs: [StyledText.Run]) -> String {
    var out = ""
    for run in runs {
      var codes: [String] = []
      if run.style.contains(.bold) { codes.append("1") }
      if run.style.contains(.italic) { codes.append("3") }
      if run.style.contains(.underline) { codes.append("4") }
      out += codes.isEmpty ? run.text : "\u{1B}[\(codes.joined(separator: ";"))m\(run.text)\u{1B}[0m"
    }
    return out
  }
}
