import CLibedit

/// What Tab does to the line, decided from the text before the cursor and the candidates.
///
/// Kept apart from libedit so the rules can be tested without a terminal. Lengths are counted
/// in Unicode scalars because libedit edits wide characters (`wchar_t`, one scalar each).
enum CompletionAction: Equatable {
  /// Nothing fits: beep.
  case none
  /// Delete `deleting` scalars before the cursor, then insert `inserting`.
  case edit(deleting: Int, inserting: String)
  /// Several candidates and nothing more to insert: show them.
  case list([String])

  /// The action for `line` (the text up to the cursor) and the completer's `candidates`,
  /// each a full replacement for the last word (the text after the last space).
  static func plan(line: String, candidates: [String]) -> CompletionAction {
    let word = lastWord(of: line)
    var seen = Set<String>()
    let unique = candidates.filter { !$0.isEmpty && seen.insert($0).inserted }
    guard let first = unique.first else { return .none }
    if unique.count == 1 { return replacing(word, with: first + " ") }
    let common = unique.dropFirst().reduce(first) { longestCommonPrefix($0, $1) }
    let wordScalars = word.unicodeScalars.count
    // Only a longer prefix that still begins with what was typed (ignoring case) is progress;
    // anything else would throw typed text away.
    if common.unicodeScalars.count > wordScalars, common.lowercased().hasPrefix(word.lowercased()) {
      return replacing(word, with: common)
    }
    return .list(unique)
  }

  /// The text after the last space.
  static func lastWord(of line: String) -> String {
    guard let space = line.lastIndex(of: " ") else { return line }
    return String(line[line.index(after: space)...])
  }

  /// Inserts only the missing tail when `replacement` extends `word` exactly, so the
  /// display does not flicker; otherwise replaces the word (a case difference, say).
  private static func replacing(_ word: String, with replacement: String) -> CompletionAction {
    if replacement.unicodeScalars.starts(with: word.unicodeScalars) {
      let tail = String(replacement.unicodeScalars.dropFirst(word.unicodeScalars.count))
      return .edit(deleting: 0, inserting: tail)
    }
    return .edit(deleting: word.unicodeScalars.count, inserting: replacement)
  }

  /// The longest common prefix in whole characters, so a combining mark is never split off.
  static func longestCommonPrefix(_ a: String, _ b: String) -> String {
    var end = a.startIndex
    var other = b.startIndex
    while end < a.endIndex, other < b.endIndex,
      a[end].unicodeScalars.elementsEqual(b[other].unicodeScalars)
    {
      end = a.index(after: end)
      other = b.index(after: other)
    }
    return String(a[..<end])
  }

  /// Candidates laid out in aligned columns across `width` terminal columns, row by row,
  /// each line ending in a newline. At most `limit` are shown, then a count of the rest.
  static func columns(_ candidates: [String], width: Int, limit: Int = 200) -> String {
    let shown = Array(candidates.prefix(limit))
    let widths = shown.map(displayWidth)
    let cell = (widths.max() ?? 0) + 2
    let perLine = max(1, min(shown.count, width / max(cell, 1)))
    var text = ""
    for (index, candidate) in shown.enumerated() {
      let endsLine = index % perLine == perLine - 1 || index == shown.count - 1
      text += candidate
      text += endsLine ? "\n" : String(repeating: " ", count: cell - widths[index])
    }
    if candidates.count > shown.count {
      text += "… \(candidates.count - shown.count) more\n"
    }
    return text
  }
}

/// Columns `text` takes on a terminal: East Asian wide characters take two.
///
/// Asks the C library, so it needs a UTF-8 `LC_CTYPE`, which `LibeditLineReader` ensures;
/// control characters count as zero.
func displayWidth(_ text: String) -> Int {
  text.unicodeScalars.reduce(0) { total, scalar in
    total + max(0, Int(practice_wcwidth(scalar.value)))
  }
}
