package import Localization
package import ProgressStorage

/// One learner's line in a class report: their totals, or why their progress could not be read.
///
/// ```swift
/// for line in report.users { print(line.name, line.problem ?? "\(line.total?.accuracy ?? 0)") }
/// ```
package struct ClassUserLine: Sendable, Hashable {
  /// The folder name under the data directory.
  package var name: String
  /// Totals over the course; `nil` when the progress could not be read.
  package var total: ReportFigures?
  /// Why the learner's files could not be read; `nil` when they were.
  package var failure: ProgressError?
  /// Repairs the progress store would make (damaged or half-written journal lines), which were skipped.
  /// (English in JSON and CSV, in the reader's language elsewhere.)
  package var warnings: [Message]

  package init(name: String, total: ReportFigures?, failure: ProgressError? = nil, warnings: [Message] = []) {
    self.name = name
    self.total = total
    self.failure = failure
    self.warnings = warnings
  }

  /// One line saying what is wrong with the learner's files, in English (JSON and CSV); nil when read.
  package var problem: String? { failure?.description }

  /// The same line in the reader's language (text, md and HTML); "" when the files were read.
  func problem(_ messages: Localizer) -> String { failure?.description(messages) ?? "" }
}
