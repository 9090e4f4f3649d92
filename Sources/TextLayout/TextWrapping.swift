/// Breaks text into lines no wider than a number of terminal columns.
///
/// Lines break at spaces, and between two Chinese (wide) characters, as Chinese text has no
/// spaces; never before closing punctuation (`。`, `，`, `）`, `」`…) or after opening punctuation
/// (`（`, `「`, `《`…), the basic rule of Chinese and Japanese line breaking (kinsoku). Chinese text
/// never ends on a line of one or two characters: the line before gives some down. A word wider
/// than the whole line is split between characters, never inside one, so no line ever exceeds the width.
///
/// ```swift
/// TextWrapping.lines("practise the questions of a node", width: 12)
/// // ["practise the", "questions of", "a node"]
/// TextWrapping.lines("由 V = m/ρ 可知，密度越小。", width: 12)
/// // ["由 V = m/ρ", "可知，密", "度越小。"]
/// ```
package enum TextWrapping {
  /// A last line of Chinese text holds at least this many characters (closing marks not counted):
  /// one or two characters alone under a full line read as a mistake (an orphan, 孤字).
  static let shortestLastLine = 3

  package static func lines(_ text: String, width: Int) -> [String] {
    let width = max(1, width)
    let pieces = segments(of: text)
    var lines = filled(pieces, width: width)
    guard endsInOrphan(lines), !pullDown(&lines, width: width, keeping: shortestLastLine) else {
      return lines.map(joined)
    }
    // Too little to take from the line before (a long word, a narrow column): the whole text a
    // little narrower, in as many lines, so every line gives the last one a character; failing
    // that, the line before gives what it can.
    for narrower in stride(from: width - 1, through: 1, by: -1) {
      let trial = filled(pieces, width: narrower)
      if trial.count > lines.count { break }
      if !endsInOrphan(trial) { return trial.map(joined) }
    }
    _ = pullDown(&lines, width: width, keeping: 1)
    return lines.map(joined)
  }

  /// The segments laid out greedily: each line takes as many as fit.
  static func filled(_ segments: [Segment], width: Int) -> [[Segment]] {
    var lines: [[Segment]] = []
    var line: [Segment] = []
    var lineWidth = 0
    for segment in segments {
      var piece = segment
      var pieceWidth = DisplayWidth.of(piece.text)
      let gap = segment.afterSpace && lineWidth > 0 ? 1 : 0
      if lineWidth + gap + pieceWidth <= width {
        line.append(piece)
        lineWidth += gap + pieceWidth
        continue
      }
      if lineWidth > 0 { lines.append(line) }
      // A segment too wide for a line of its own is cut into line-wide pieces.
      while pieceWidth > width {
        var head = ""
        var headWidth = 0
        var rest = Substring(piece.text)
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
        lines.append([Segment(text: head, afterSpace: piece.afterSpace)])
        piece = Segment(text: String(rest), afterSpace: false)
        pieceWidth = DisplayWidth.of(piece.text)
      }
      line = [piece]
      lineWidth = pieceWidth
    }
    if lineWidth > 0 || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// A piece that stays together on a line, and whether a space came before it.
  struct Segment {
    var text: String
    var afterSpace: Bool
  }

  /// Whether Chinese text ends on a line of one or two characters (`显示出` / `来`), which reads as a
  /// mistake. A last line after a space (English) is never one: English wrapping stays as it was.
  static func endsInOrphan(_ lines: [[Segment]]) -> Bool {
    guard lines.count >= 2, let last = lines.last, let first = last.first, !first.afterSpace,
      let before = lines[lines.count - 2].last?.text.last, let after = first.text.first,
      isWide(before) || isWide(after)
    else { return false }
    return characters(in: last) < shortestLastLine
  }

  /// Moves segments from the end of the line before down to an orphaned last line, while they fit
  /// and that line keeps `kept` characters; false (and `lines` unchanged) when that does not end the orphan.
  static func pullDown(_ lines: inout [[Segment]], width: Int, keeping kept: Int) -> Bool {
    var last = lines[lines.count - 1]
    var previous = lines[lines.count - 2]
    while characters(in: last) < shortestLastLine {
      guard previous.count > 1, let moved = previous.last, DisplayWidth.of(joined([moved] + last)) <= width,
        characters(in: previous.dropLast()) >= kept
      else { return false }
      last.insert(previous.removeLast(), at: 0)
    }
    lines[lines.count - 2] = previous
    lines[lines.count - 1] = last
    return true
  }

  /// The characters of a line that count towards its length: closing marks do not.
  static func characters(in line: some Collection<Segment>) -> Int {
    line.reduce(0) { $0 + $1.text.reduce(0) { $0 + (isClosing($1) ? 0 : 1) } }
  }

  /// A line's text: its segments, with a space where the text had one (never at the start).
  static func joined(_ line: some Collection<Segment>) -> String {
    var text = ""
    for (index, segment) in line.enumerated() {
      if index > 0, segment.afterSpace { text += " " }
      text += segment.text
    }
    return text
  }

  /// Pieces that stay together on a line, and whether a space came before each.
  static func segments(of text: String) -> [Segment] {
    var result: [Segment] = []
    var current = ""
    var afterSpace = false
    var previous: Character?
    for character in text {
      if character == " " {
        if !current.isEmpty { result.append(Segment(text: current, afterSpace: afterSpace)) }
        current = ""
        afterSpace = true
        previous = nil
        continue
      }
      // A Chinese closing mark after a space (`m/V ，`) stays with the text before it: no line starts
      // with it. (Latin `.` after a space starts a word: `.gift .xml`.)
      if current.isEmpty, afterSpace, isClosing(character), isWide(character), let last = result.popLast() {
        current = last.text + " "
        afterSpace = last.afterSpace
      }
      if let previous, !current.isEmpty, canBreak(between: previous, and: character) {
        result.append(Segment(text: current, afterSpace: afterSpace))
        current = ""
        afterSpace = false
      }
      current.append(character)
      previous = character
    }
    if !current.isEmpty { result.append(Segment(text: current, afterSpace: afterSpace)) }
    return keepingUnitsWithNumbers(result)
  }

  /// A unit stays on the line of its number (`-6 ℃`, `2.7 g/cm³`): split, the number reads as
  /// the whole answer and the unit as the start of the next thought.
  static func keepingUnitsWithNumbers(_ segments: [Segment]) -> [Segment] {
    var result: [Segment] = []
    result.reserveCapacity(segments.count)
    for segment in segments {
      if segment.afterSpace, let last = result.last, last.text.last?.isNumber == true, isUnit(segment.text) {
        result[result.count - 1].text += " " + segment.text
      } else {
        result.append(segment)
      }
    }
    return result
  }

  /// Whether a segment is a unit of measure, closing marks after it aside.
  static func isUnit(_ text: String) -> Bool {
    let unit = String(text.reversed().drop(while: isClosing).reversed())
    return unit.first == "℃" || unit.first == "°" || unitSymbols.contains(unit)
  }

  /// The units a course writes after a number, as the quiz engine's units and common prose have them.
  static let unitSymbols: Set<String> = [
    "%", "‰", "K", "kg", "g", "mg", "t", "km", "m", "dm", "cm", "mm", "μm", "nm", "s", "ms", "min", "h",
    "L", "mL", "ml", "m²", "cm²", "m³", "dm³", "cm³", "g/cm³", "kg/m³", "m/s", "km/h", "N", "Pa", "J", "W",
    "V", "Hz", "dB",
  ]

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
