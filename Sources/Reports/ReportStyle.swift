/// How `text` output may look: Unicode block glyphs and terminal colors.
///
/// The other formats ignore it, so files are the same whatever the terminal.
///
/// ```swift
/// let style = ReportStyle(unicode: locale.contains("UTF-8"), color: isatty(1) != 0)
/// print(report.render(.text, style: style))
/// ```
package struct ReportStyle: Sendable, Hashable {
  /// Bars and sparklines drawn with block characters; `#`/`-` and ASCII marks when false.
  package var unicode: Bool
  /// ANSI colors on the accuracy bars and headings.
  package var color: Bool
  /// The terminal's width in columns: tables narrow their titles and leave out their least needed
  /// columns to fit. Nil (files, pipes) lays everything out in full.
  package var width: Int?

  package init(unicode: Bool = true, color: Bool = false, width: Int? = nil) {
    self.unicode = unicode
    self.color = color
    self.width = width
  }

  /// Plain ASCII without color: what a non-UTF-8 locale or a pipe gets.
  package static let plain = ReportStyle(unicode: false, color: false)
}
