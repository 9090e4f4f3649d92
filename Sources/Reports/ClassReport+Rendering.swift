import Localization
package import PracticeJSON
import PracticeTime
import TextLayout

extension ClassReport {
  /// The report in `format`; `style` only affects `text`.
  ///
  /// ```swift
  /// print(ClassReport.build(course: course, dataDirectory: dir, now: Date()).render(.md, style: ReportStyle()))
  /// ```
  package func render(_ format: ReportFormat, style: ReportStyle = ReportStyle()) -> String {
    switch format {
    case .text: return ClassReportText(report: self).render(style: style)
    case .json: return JSONWriter.pretty(jsonValue)
    case .csv: return csv()
    case .md: return ClassReportMarkdown(report: self).render()
    case .html: return ClassReportHTML(report: self).render()
    }
  }

  var unreadable: [ClassUserLine] { users.filter { $0.problem != nil } }

  /// The columns of the parts table, translated where shown.
  static let nodeColumns = [
    trMark("Part"), trMark("Read by"), trMark("Not read yet"), trMark("Avg score"), trMark("Best"),
    trMark("Sessions"), trMark("Answers"), trMark("Accuracy"), trMark("Overruled"), trMark("Hints"),
  ]

  /// The columns the learners' tables add to a learner report's figures: what a teacher checks
  /// that a learner's own report only notes below its table.
  static let learnerColumns = [trMark("Overruled"), trMark("Hints")]

  /// A learner's cells in `learnerColumns`: how many answers they overruled with `!!`, and how many
  /// they gave after a hint.
  static func learnerCells(_ total: ReportFigures) -> [String] { ["\(total.overruled)", "\(total.hints)"] }

  /// The learners' table: a learner report's figures and `learnerColumns`.
  func learnersGrid(firstColumn: String) -> TextGrid {
    var grid = LearnerReport.figuresGrid(firstColumn: firstColumn, messages)
    for column in Self.learnerColumns {
      grid.titles.append(messages.tr(column))
      grid.alignments.append(.right)
    }
    return grid
  }

  /// A learner's row of `learnersGrid`.
  func learnerRow(_ name: String, _ total: ReportFigures, style: ReportStyle, bar: Bool = true) -> [TextGrid.Cell] {
    LearnerReport.figureCells(name, total, isLeaf: false, style: style, messages, bar: bar)
      + Self.learnerCells(total).map { TextGrid.Cell($0) }
  }

  /// The learners' columns a narrow terminal loses first: a learner report's, with the overruled
  /// answers kept longer than the time and the dates, which a teacher needs less.
  var learnerDroppable: [String] {
    var columns = LearnerReport.droppableColumns.map { messages.tr($0) }
    columns.insert(contentsOf: Self.learnerColumns.map { messages.tr($0) }, at: min(4, columns.count))
    return columns
  }

  /// `Class report Physics (physics-mini): 3 learners, 1 could not be read`, from the title and id as given.
  func heading(title: String, id: String) -> String {
    let values: KeyValuePairs<String, Any> = ["title": title, "id": id, "unreadable": unreadable.count]
    return unreadable.isEmpty
      ? messages.trn(
        "Class report {title} ({id}): {count} learner", "Class report {title} ({id}): {count} learners",
        count: readableUsers, values)
      : messages.trn(
        "Class report {title} ({id}): {count} learner, {unreadable} could not be read",
        "Class report {title} ({id}): {count} learners, {unreadable} could not be read", count: readableUsers, values)
  }

  func notReadSummary(_ row: ClassNodeRow) -> String {
    guard !row.notRead.isEmpty else { return "-" }
    let shown = messages.list(Array(row.notRead.prefix(Self.notReadShown)))
    let more = row.notRead.count - Self.notReadShown
    return more > 0 ? messages.tr("{names} +{count} more", ["names": shown, "count": more]) : shown
  }

  /// The learner's warnings as one sentence list.
  func warningList(_ user: ClassUserLine) -> String { messages.list(user.warnings.map { messages.tr($0) }) }

  // MARK: json

  /// The document described by `ReportSchema.classReport`.
  package var jsonValue: JSONValue {
    .object([
      ("format", "practice-class-report"),
      ("version", 1),
      ("kind", "class"),
      ("generated", .string(Formatting.iso(generated))),
      ("timeZone", .string(studyDay.zone.name)),
      ("dayStartsAt", .int(studyDay.startHour)),
      ("course", .object([("id", .string(courseID)), ("title", .string(courseTitle))])),
      ("learners", .int(readableUsers)),
      ("unreadable", .int(unreadable.count)),
      ("problem", .optional(problem?.description)),
      ("nodes", .array(nestedNodes(from: 0, depth: 0).nodes)),
      (
        "users",
        .array(
          users.map { user in
            .object([
              ("name", .string(user.name)),
              ("error", .optional(user.problem)),
              ("warnings", .array(user.warnings.map { .string($0.description) })),
              ("total", user.total.map { .object(LearnerReport.figuresJSON($0)) } ?? .null),
            ])
          })
      ),
    ])
  }

  /// Nodes from `start` at `depth` and their children, nested; returns where it stopped.
  func nestedNodes(from start: Int, depth: Int) -> (nodes: [JSONValue], next: Int) {
    var out: [JSONValue] = []
    var i = start
    while i < nodes.count, nodes[i].node.depth >= depth {
      let row = nodes[i]
      let (children, next) = nestedNodes(from: i + 1, depth: row.node.depth + 1)
      out.append(
        .object([
          ("address", .string(row.node.address)), ("id", .optional(row.node.id)), ("key", .string(row.node.key)),
          ("title", .string(row.node.title)), ("depth", .int(row.node.depth)), ("users", .int(row.users)),
          ("usersRead", .int(row.usersRead)), ("notRead", .array(row.notRead.map { .string($0) })),
          ("sessions", .int(row.sessions)), ("averageScore", .optional(Formatting.rounded(row.averageScore))),
          ("bestScore", .optional(Formatting.rounded(row.bestScore))), ("answers", .int(row.answers)),
          ("correct", .int(row.correct)), ("overruled", .int(row.overruled)),
          ("hints", .int(row.hints)),
          ("accuracy", .optional(Formatting.rounded(row.accuracy))),
          ("questions", .int(row.questions)), ("children", .array(children)),
        ]))
      i = next
    }
    return (out, i)
  }

  // MARK: csv

  /// Column names of `csv`: node rows and user rows share one table, told apart by `kind`.
  package static let csvColumns =
    ["kind", "user", "address", "depth", "id", "title", "usersRead", "users", "notRead", "averageScore"]
    + Array(LearnerReport.csvColumns.dropFirst(5)) + ["error"]

  func csv() -> String {
    var out = CSVWriter()
    out.row(Self.csvColumns)
    let learnerFigures = LearnerReport.csvColumns.count - 5
    for row in nodes {
      var figures = [String](repeating: "", count: learnerFigures)
      func set(_ column: String, _ value: String) {
        if let i = LearnerReport.csvColumns.firstIndex(of: column) { figures[i - 5] = value }
      }
      set("sessions", String(row.sessions))
      set("bestScore", Formatting.number(row.bestScore))
      set("answers", String(row.answers))
      set("correct", String(row.correct))
      set("overruled", String(row.overruled))
      set("hints", String(row.hints))
      set("accuracy", Formatting.number(row.accuracy))
      set("questions", String(row.questions))
      // Names are joined with "; " in one field so the table stays rectangular.
      out.row(
        [
          "node", "", row.node.address, String(row.node.depth), row.node.id ?? "", row.node.title,
          String(row.usersRead), String(row.users),
          row.notRead.joined(separator: "; "), Formatting.number(row.averageScore),
        ] + figures + [""])
    }
    for user in users {
      let figures = user.total.map(LearnerReport.csvFigures) ?? [String](repeating: "", count: learnerFigures)
      let note = user.problem ?? user.warnings.map(\.description).joined(separator: "; ")
      out.row(["user", user.name, "", "", "", "", "", "", "", ""] + figures + [note])
    }
    return out.text
  }
}
