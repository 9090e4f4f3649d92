/// The markup a piece of course text is written in, as Moodle names its text formats.
///
/// `plain` is the native course's own (text shown as written); the others come from question banks:
/// GIFT's `[html]`, `[moodle]`, `[markdown]`, `[plain]` and Moodle XML's `format` attribute.
package enum TextMarkup: String, Sendable, Equatable, CaseIterable {
  case plain
  case html
  /// Moodle's auto-format: HTML allowed, a line break is a line break.
  case moodle
  case markdown
}

/// Text with the markup it is written in: kept as written, rendered only for display.
///
/// ```swift
/// MarkedText("Find the <u>odd</u> word.", markup: .html)
/// ```
package struct MarkedText: Sendable, Equatable {
  package var text: String
  package var markup: TextMarkup

  package init(_ text: String, markup: TextMarkup = .plain) {
    self.text = text
    self.markup = markup
  }
}

extension TextMarkup {
  /// `plain` written so that this markup shows it as it is: `<` and `&` as entities in HTML and
  /// Moodle's format (`a < b` is not a tag); Markdown and plain text keep it.
  package func escaping(_ plain: String) -> String {
    guard self == .html || self == .moodle, plain.contains(where: { $0 == "<" || $0 == "&" || $0 == ">" }) else {
      return plain
    }
    var escaped = ""
    for c in plain {
      switch c {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      default: escaped.append(c)
      }
    }
    return escaped
  }
}
