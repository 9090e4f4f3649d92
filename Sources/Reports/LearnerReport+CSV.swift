import Foundation

extension LearnerReport {
  /// Column names of `csv`, in order.
  package static let csvColumns = [
    "address", "depth", "id", "key", "title", "hadRead", "leavesRead", "leaves", "browseCount",
    "sessions", "bestScore", "lastScore", "answers", "correct", "overruled", "hints", "accuracy", "answered",
    "questions",
    "mastered", "mastery", "toRetry", "secondsSpent", "lastStudied", "due", "retention", "new",
  ]

  func csv() -> String {
    var out = CSVWriter()
    out.row(Self.csvColumns)
    for row in rows {
      out.row(
        [row.node.address, String(row.node.depth), row.node.id ?? "", row.node.key, row.node.title]
          + Self.csvFigures(row.figures))
    }
    // The total row has no address or depth, so a filter on depth leaves it out.
    out.row(["", "", "", "", "Total"] + Self.csvFigures(total))
    return out.text
  }

  static func csvFigures(_ f: ReportFigures) -> [String] {
    [
      CSVWriter.bool(f.hadRead), String(f.leavesRead), String(f.leaves), String(f.browseCount),
      String(f.sessions), Formatting.number(f.bestScore), Formatting.number(f.lastScore),
      String(f.answers), String(f.correct), String(f.overruled), String(f.hints),
      Formatting.number(f.accuracy), String(f.answered),
      String(f.questions), String(f.mastered), Formatting.number(f.masteredShare), String(f.toRetry),
      String(f.secondsSpent),
      f.lastStudied.map(Formatting.iso) ?? "", String(f.due), Formatting.number(f.meanRetention), String(f.new),
    ]
  }
}
