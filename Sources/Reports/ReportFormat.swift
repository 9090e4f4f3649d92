/// The output formats of `practice report`.
///
/// ```swift
/// let format = ReportFormat(rawValue: "csv") ?? .text
/// print(report.render(format, style: ReportStyle()))
/// ```
package enum ReportFormat: String, CaseIterable, Sendable {
  /// Aligned tables for the terminal.
  case text
  /// The `practice-report` document described by `ReportSchema`.
  case json
  /// RFC 4180, UTF-8 with a byte order mark, CRLF line ends.
  case csv
  /// A Markdown table for pasting into notes.
  case md
  /// One self-contained page with inline SVG charts.
  case html
}
