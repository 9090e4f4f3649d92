/// Breaks text into lines no wider than a number of terminal columns.
///
/// Lines break at spaces; a word wider than the whole line (a long Chinese sentence has no spaces)
/// is split between characters, never inside one, so no line ever exceeds the width.
///
/// ```swift
/// TextWrapping.lines("practise the questions of a node", width: 12)
/// // ["practise the", "questions of", "a node"]
/// ```
public enum TextWrapping {
  public static func lines(_ text: String, width: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = String(word)
      var wordWidth = DisplayWidth.of(word)
      if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
        continue
      }
      if lineWidth > 0 { lines.append(line) }
      // A word too wide for a line of its own is cut into line-wide pieces.
      while wordWidth > width {
        var piece = ""
        var pieceWidth = 0
        var rest = Substring(word)
        while let character = rest.first, pieceWidth + DisplayWidth.of(String(character)) <= width {
          piece.append(character)
          pieceWidth += DisplayWidth.of(String(character))
          rest = rest.dropFirst()
        }
        if piece.isEmpty {  // a character wider than the line: it goes alone
          piece = String(rest.removeFirst())
        }
        lines.append(piece)
        word = String(rest)
        wordWidth = DisplayWidth.of(word)
      }
      line = word
      lineWidth = wordWidth
    }
    if lineWidth > 0 || lines.isEmpty { lines.append(line) }
    return lines
  }
}
