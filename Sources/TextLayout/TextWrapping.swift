/// Breaks text into lines no wider than a number of terminal columns.
///
/// Lines break at spaces, and between two Chinese (wide) characters, as Chinese text has no
/// spaces; never before closing punctuation (`。`, `，`, `）`, `」`…) or after opening punctuation
/// (`（`, `「`, `《`…), the basic rule of Chinese and Japanese line breaking (kinsoku). A word wider than the whole line is split between characters, never inside one, so
/// no line ever exceeds the width.
///
/// ```swift
/// TextWrapping.lines("practise the questions of a node", width: 12)
/// // ["practise the", "questions of", "a node"]
/// TextWrapping.lines("由 V = m/ρ 可知，密度越小。", width: 12)
/// // ["由 V = m/ρ", "可知，密度越", "小。"]
/// ```
public enum TextWrapping {
  public static func lines(_ text: String, width: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for segment in segments(of: text) {
      var piece = segment.text
      var pieceWidth = DisplayWidth.of(piece)
      let gap = segment.afterSpace && lineWidth > 0 ? 1 : 0
      if lineWidth + gap + pieceWidth <= width {
        line += (gap == 1 ? " " : "") + piece
        lineWidth += gap + pieceWidth
        continue
      }
      if lineWidth > 0 { lines.append(line) }
      // A segment too wide for a line of its own is cut into line-wide pieces.
      while pieceWidth > width {
        var head = ""
        var headWidth = 0
        var rest = Substring(piece)
        while let character = rest.first, headWidth + DisplayWidth.of(String(character)) <= width {
          head.append(character)
          headWidth += DisplayWidth.of(String(character))
          rest = rest.dropFirst()
        }
        if head.isEmpty {  // a character wider than the line: it goes alone
          head = String(rest.removeFirst())
        } else {
          // Kinsoku: closing punctuation never starts a line and opening punctuation never ends one,
          // so the characters before a closing mark (`知，`, `。」`) and an opening mark go down together.
          while head.count > 1, rest.first.map(isClosing) == true || head.last.map(isOpening) == true {
            rest = Substring(String(head.removeLast()) + rest)
          }
        }
        lines.append(head)
        piece = String(rest)
        pieceWidth = DisplayWidth.of(piece)
      }
      line = piece
      lineWidth = pieceWidth
    }
    if lineWidth > 0 || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// Pieces that stay together on a line, and whether a space came before each.
  static func segments(of text: String) -> [(text: String, afterSpace: Bool)] {
    var result: [(text: String, afterSpace: Bool)] = []
    var current = ""
    var afterSpace = false
    var previous: Character?
    for character in text {
      if character == " " {
        if !current.isEmpty { result.append((current, afterSpace)) }
        current = ""
        afterSpace = true
        previous = nil
        continue
      }
      if let previous, !current.isEmpty, canBreak(between: previous, and: character) {
        result.append((current, afterSpace))
        current = ""
        afterSpace = false
      }
      current.append(character)
      previous = character
    }
    if !current.isEmpty { result.append((current, afterSpace)) }
    return result
  }

  /// Chinese text breaks between characters; Latin text only at spaces.
  static func canBreak(between left: Character, and right: Character) -> Bool {
    if isClosing(right) || isOpening(left) { return false }
    return isWide(left) || isWide(right)
  }

  static func isWide(_ character: Character) -> Bool { DisplayWidth.of(String(character)) >= 2 }

  /// Marks that never start a line: Chinese closing punctuation, and Latin `,.;:?!)]}` after Chinese text.
  static func isClosing(_ character: Character) -> Bool {
    "。，、；：？！）」』】》〉〕〗”’．…·%,.;:?!)]}".contains(character)
  }

  /// Marks that never end a line.
  static func isOpening(_ character: Character) -> Bool { "（「『【《〈〔〖“‘([{".contains(character) }
}
