/// Rendered course text: lines of runs, each run plain text with a style.
///
/// It holds no escape codes: the terminal layer decides how a style looks (SGR on a color
/// terminal, visible marks without color, see ``marked``), so nothing in a course's text can
/// reach the terminal as a control sequence.
///
/// ```swift
/// let text = MarkupRenderer.render(MarkedText("Find <u>the odd</u> word.", markup: .html))
/// text.plain   // "Find the odd word."
/// text.marked  // "Find _the odd_ word."
/// ```
package struct StyledText: Sendable, Equatable {
  /// Bold, italic and underline, as the text asked for them.
  package struct Style: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let bold = Style(rawValue: 1)
    package static let italic = Style(rawValue: 2)
    package static let underline = Style(rawValue: 4)
  }

  /// Text in one style.
  package struct Run: Sendable, Equatable {
    package var text: String
    package var style: Style
    package init(_ text: String, _ style: Style = []) {
      self.text = text
      self.style = style
    }
  }

  /// One line; `hang` is how far its wrapped continuation lines are indented (under a list item's text).
  package struct Line: Sendable, Equatable {
    package var runs: [Run]
    package var hang: Int
    package init(_ runs: [Run], hang: Int = 0) {
      self.runs = runs
      self.hang = hang
    }
    package var plain: String { runs.map(\.text).joined() }
  }

  /// A media reference found in the text, with the label shown for it.
  package struct Media: Sendable, Equatable {
    package var kind: MediaLabels.Kind
    package var label: String
  }

  package var lines: [Line]
  /// The images, sounds, films and files the text refers to, in order.
  package var media: [Media] = []
  /// TeX formulas left as written because they could not be rendered.
  package var unrenderedTeX: [String] = []

  package init(lines: [Line], media: [Media] = [], unrenderedTeX: [String] = []) {
    self.lines = lines
    self.media = media
    self.unrenderedTeX = unrenderedTeX
  }

  /// The text without styles: for reports, searches and answers compared with it.
  package var plain: String { lines.map(\.plain).joined(separator: "\n") }

  /// The text with visible marks where a style was: `*bold*`, `/italic/`, `_underlined_`.
  package var marked: String { lines.map { Self.marked($0.runs) }.joined(separator: "\n") }

  /// The marks of each style, outermost first.
  static let marks: [(Style, String)] = [(.underline, "_"), (.bold, "*"), (.italic, "/")]

  /// Runs as one string with marks opened and closed where a style starts and ends.
  package static func marked(_ runs: [Run]) -> String {
    var out = ""
    var open: Style = []
    for run in runs {
      // Closed innermost first, then opened outermost first, so marks nest.
      for (style, mark) in marks.reversed() where open.contains(style) && !run.style.contains(style) {
        out += mark
        open.remove(style)
      }
      for (style, mark) in marks where run.style.contains(style) && !open.contains(style) {
        out += mark
        open.insert(style)
      }
      out += run.text
    }
    for (style, mark) in marks.reversed() where open.contains(style) { out += mark }
    return out
  }

  /// The runs of `line` cut along `wrapped`, the lines a wrapper made of its plain text: the
  /// wrapper drops the spaces it breaks at and keeps every other character in order, so each
  /// wrapped character takes the style of the next equal character of the line.
  package static func split(_ line: Line, along wrapped: [String]) -> [[Run]] {
    var characters: [(Character, Style)] = []
    for run in line.runs {
      for c in run.text { characters.append((c, run.style)) }
    }
    var position = 0
    var result: [[Run]] = []
    for text in wrapped {
      var runs: [Run] = []
      for c in text {
        var style: Style = []
        var probe = position
        while probe < characters.count, characters[probe].0 != c { probe += 1 }
        if probe < characters.count {
          style = characters[probe].1
          position = probe + 1
        }
        if var last = runs.last, last.style == style {
          last.text.append(c)
          runs[runs.count - 1] = last
        } else {
          runs.append(Run(String(c), style))
        }
      }
      result.append(runs)
    }
    return result
  }
}
