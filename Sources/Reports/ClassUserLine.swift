import Localization

/// One learner's line in a class report: their totals, or why their progress could not be read.
///
/// ```swift
/// for line in report.users { print(line.name, line.problem ?? "\(line.total?.accuracy ?? 0)") }
/// ```
public struct ClassUserLine: Sendable, Hashable {
  /// The folder name under the data directory.
  public var name: String
  /// Totals over the course; `nil` when the progress could not be read.
  public var total: ReportFigures?
  /// One line saying what is wrong with the learner's files.
  public var problem: String?
  /// Repairs the progress store would make (damaged or half-written journal lines), which were skipped.
  /// (English in JSON and CSV, in the reader's language elsewhere.)
  public var warnings: [Message]

  public init(name: String, total: ReportFigures?, problem: String? = nil, warnings: [Message] = []) {
    self.name = name
    self.total = total
    self.problem = problem
    self.warnings = warnings
  }
}
