import CourseOutline
import Foundation
import PracticeJSON
import PracticeTime
import Scheduling
import TextLayout

/// `practice schedule`: every question's FSRS memory, one row each, in course order.
///
/// ```swift
/// let report = ScheduleReport.build(course: course, memories: state.memories(), now: now, root: nil)
/// print(report.render(.csv))
/// ```
public struct ScheduleReport: Sendable {
  public struct Row: Sendable {
    public var questionID: String
    public var address: String
    /// Nil for a question never answered (shown as `new`).
    public var memory: CardMemory?
    /// The predicted probability of recall now; nil when new.
    public var retrievability: Double?
  }

  public var now: Date
  public var rows: [Row]

  public static func build(
    course: Course, memories: [String: CardMemory], now: Date, root: Int?,
    scheduler: FSRSScheduler = .standard
  ) -> ScheduleReport {
    let nodes = root.map { $0..<course.nodes[$0].subtreeEnd } ?? 0..<course.count
    var rows: [Row] = []
    for index in nodes {
      for question in course.nodes[index].questions {
        let memory = memories[question.id]
        rows.append(
          Row(
            questionID: question.id, address: course.address(of: index), memory: memory,
            retrievability: memory.map { scheduler.retrievability(of: $0, at: now) }))
      }
    }
    return ScheduleReport(now: now, rows: rows)
  }

  static let columns = [
    "id", "node", "state", "stability", "difficulty", "due", "last_review", "reps", "lapses", "retrievability",
  ]

  /// Text, JSON or CSV (the formats `schedule` takes; others fall back to text).
  public func render(_ format: ReportFormat) -> String {
    switch format {
    case .json: return JSONWriter.pretty(json) + "\n"
    case .csv:
      var csv = CSVWriter()
      csv.row(Self.columns)
      for row in rows { csv.row(fields(row)) }
      return csv.text
    // `practice schedule` offers text, json and csv; the others read as text.
    case .text, .md, .html:
      var table = TextTable(
        columns: [.left("id"), .left("node"), .left("state")]
          + ["stability", "difficulty"].map { .right($0) } + [.left("due"), .left("last review")]
          + ["reps", "lapses", "recall now"].map { .right($0) })
      for row in rows {
        var cells = fields(row)
        cells[3] = row.memory?.stability.map { String(format: "%.2f", $0) } ?? ""
        cells[4] = row.memory?.difficulty.map { String(format: "%.2f", $0) } ?? ""
        cells[9] = row.retrievability.map { "\(Int(($0 * 100).rounded()))%" } ?? ""
        table.append(cells)
      }
      return "Schedule at \(UTCTime.iso8601(now)), \(rows.count) question\(rows.count == 1 ? "" : "s"):\n"
        + table.render() + "\n"
    }
  }

  private func fields(_ row: Row) -> [String] {
    let m = row.memory
    return [
      row.questionID, row.address, m?.phase.name ?? "new", m?.stability.map { "\($0)" } ?? "",
      m?.difficulty.map { "\($0)" } ?? "", m.map { UTCTime.iso8601($0.due) } ?? "",
      m?.lastReview.map { UTCTime.iso8601($0) } ?? "", String(m?.reps ?? 0), String(m?.lapses ?? 0),
      row.retrievability.map { "\($0)" } ?? "",
    ]
  }

  var json: JSONValue {
    .object([
      ("format", "practice-schedule"), ("version", .int(1)), ("now", .string(UTCTime.iso8601(now))),
      (
        "questions",
        .array(
          rows.map { row in
            let m = row.memory
            return .object([
              ("id", .string(row.questionID)), ("node", .string(row.address)),
              ("state", .string(m?.phase.name ?? "new")), ("step", .optional(m?.step)),
              ("stability", .optional(m?.stability)), ("difficulty", .optional(m?.difficulty)),
              ("due", m.map { .string(UTCTime.iso8601($0.due)) } ?? .null),
              ("lastReview", m?.lastReview.map { .string(UTCTime.iso8601($0)) } ?? .null),
              ("reps", .int(m?.reps ?? 0)), ("lapses", .int(m?.lapses ?? 0)),
              ("retrievability", .optional(row.retrievability)),
            ])
          })
      ),
    ])
  }
}
