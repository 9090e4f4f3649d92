package import CourseOutline
package import Foundation
package import Localization
import PracticeJSON
import PracticeTime
import QuizEngine
package import Scheduling
import TextLayout

/// `practice schedule`: every question's FSRS memory, one row each, in course order.
///
/// ```swift
/// let report = ScheduleReport.build(course: course, memories: state.memories(), now: now, root: nil)
/// print(report.render(.csv))
/// ```
package struct ScheduleReport: Sendable {
  package struct Row: Sendable {
    package var questionID: String
    package var address: String
    /// Nil for a question never answered (shown as `new`).
    package var memory: CardMemory?
    /// The predicted probability of recall now; nil when new.
    package var retrievability: Double?
  }

  package var now: Date
  package var rows: [Row]

  package static func build(
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

  /// The column headings of text, Markdown and HTML (JSON and CSV keep `columns`).
  static let shownColumns = [
    trMark("id"), trMark("node"), trMark("state"), trMark("stability"), trMark("difficulty"), trMark("due"),
    trMark("last review"), trMark("reps"), trMark("lapses"), trMark("recall now"),
  ]

  /// The columns a narrow terminal loses first, least needed first: what is due and when stays.
  static let droppableColumns = [
    trMark("last review"), trMark("difficulty"), trMark("stability"), trMark("lapses"), trMark("reps"),
    trMark("recall now"),
  ]

  /// The report in `format`: text, Markdown and HTML in `messages`' language, JSON and CSV always as
  /// `columns` name them, in English. Text fits `style.width` as the learner report does: the least
  /// needed columns go first, then long ids are cut.
  package func render(_ format: ReportFormat, messages: Localizer = .english, style: ReportStyle = ReportStyle())
    -> String
  {
    switch format {
    case .json: return JSONWriter.pretty(json) + "\n"
    case .csv:
      var csv = CSVWriter()
      csv.row(Self.columns)
      for row in rows { csv.row(fields(row)) }
      return csv.text
    case .text:
      var grid = TextGrid(
        Self.shownColumns.enumerated().map { i, name in
          [0, 1, 2, 5, 6].contains(i) ? .left(messages.tr(name)) : .right(messages.tr(name))
        })
      for row in rows { grid.append(shownCells(row, messages).map { TextGrid.Cell($0) }) }
      let fitted = grid.fitted(
        to: style.width, droppable: Self.droppableColumns.map { messages.tr($0) },
        ellipsis: style.unicode ? "…" : "...")
      guard let width = style.width, LearnerReport.needsList(grid, fitted: fitted, width: width) else {
        return (LearnerReport.wrapped(heading(messages), width: style.width) + fitted.render(style: style))
          .joined(separator: "\n") + "\n"
      }
      // Too narrow for the table (ids cut to `ch1.1-q…` all look alike): each question's id whole,
      // every other column under it.
      let kept = Array(grid.titles.indices.dropFirst())
      var out = LearnerReport.wrapped(heading(messages), width: width)
      for row in rows {
        let cells = shownCells(row, messages)
        out += NarrowRows.title(row.questionID, after: "", width: width)
        out += NarrowRows.figures(
          kept.map { grid.titles[$0] + " " + (cells[$0].isEmpty ? "-" : cells[$0]) }, lead: "    ", width: width,
          unicode: style.unicode)
      }
      return out.joined(separator: "\n") + "\n"
    case .md:
      var out = ["# " + heading(messages), ""]
      out.append("| " + Self.shownColumns.map { messages.tr($0) }.joined(separator: " | ") + " |")
      out.append("| --- | --- | --- | ---: | ---: | --- | --- | ---: | ---: | ---: |")
      for row in rows {
        out.append("| " + shownCells(row, messages).map(Formatting.markdown).joined(separator: " | ") + " |")
      }
      return out.joined(separator: "\n") + "\n"
    case .html:
      var body = ["<h1>" + Formatting.html(heading(messages)) + "</h1>", "<table>"]
      body.append("<thead>" + HTMLPage.row(Self.shownColumns.map { messages.tr($0) }, header: true) + "</thead>")
      body.append("<tbody>")
      for row in rows { body.append(HTMLPage.row(shownCells(row, messages).map(Formatting.html))) }
      body += ["</tbody>", "</table>"]
      return HTMLPage.page(title: heading(messages), body: body, language: messages.language.htmlTag)
    }
  }

  /// `Schedule at 2026-12-02T08:00:00Z, 3 questions:`; the time as the language writes it.
  func heading(_ messages: Localizer) -> String {
    messages.trn(
      "Schedule at {time}, {count} question:", "Schedule at {time}, {count} questions:", count: rows.count,
      ["time": messages.dateTime(now)])
  }

  /// The state in words: new (never answered), learning, review, relearning.
  static func stateName(_ phase: LearningPhase?, _ messages: Localizer) -> String {
    switch phase {
    case nil: messages.trc("question's review state", "new")
    case .learning?: messages.trc("question's review state", "learning")
    case .review?: messages.trc("question's review state", "review")
    case .relearning?: messages.trc("question's review state", "relearning")
    }
  }

  /// A row as people read it: the state in words, two decimals, times in the language, recall as a percentage.
  func shownCells(_ row: Row, _ messages: Localizer) -> [String] {
    var cells = fields(row)
    cells[2] = Self.stateName(row.memory?.phase, messages)
    cells[3] = row.memory?.stability.map { String(printf: "%.2f", $0) } ?? ""
    cells[4] = row.memory?.difficulty.map { String(printf: "%.2f", $0) } ?? ""
    cells[9] = row.retrievability.map { "\(Int(($0 * 100).rounded()))%" } ?? ""
    // Local times as the language writes them (`2026年12月8日 09:00`); JSON and CSV keep ISO 8601 UTC.
    cells[5] = row.memory.map { messages.dateTime($0.due) } ?? ""
    cells[6] = row.memory?.lastReview.map { messages.dateTime($0) } ?? ""
    return cells
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
