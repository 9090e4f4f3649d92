/// The markup a piece of course text is written in, as Moodle names its text formats.
///
/// `plain` is the native course's own (text shown as written); the others come from question banks:
/// GIFT's `[html]`, `[moodle]`, `[markdown]`, `[plain]` and Moodle XML's `format` attribute.
public enum TextMarkup: String, Sendable, Equatable, CaseIterable {
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
public struct MarkedText: Sendable, Equatable {
  public var text: String
  public var markup: TextMarkup

  public init(_ text: String, markup: TextMarkup = .plain) {
    self.text = text
    self.markup = markup
  }
}
