import Localization
import PracticeJSON
import TextLayout

/// The class report as plain text: the course's parts with how far the class got in each, then
/// each learner's figures; on a narrow terminal, each row as lines of its own.
struct ClassReportText {
  var report: ClassReport

  func render(style: ReportStyle) -> String {
    var grid = TextGrid([])
    var out = LearnerReport.wrapped(
      Formatting.oneLine(report.heading(title: report.courseTitle, id: report.courseID)), width: style.width)
    out += LearnerReport.wrapped(
      report.messages.tr("Generated {time}", ["time": report.messages.dateTime(report.generated)]), width: style.width)
    if let problem = report.problem {
      out += LearnerReport.wrapped(
        report.messages.tr("Problem: {problem}", ["problem": Formatting.oneLine(report.messages.tr(problem))]),
        width: style.width)
    }
    out.append("")
    let names = ClassReport.nodeColumns.map { report.messages.tr($0) }
    var nodesGrid = TextGrid([
      .left(names[0]), .right(names[1]), .left(names[2]), .right(names[3]), .right(names[4]), .right(names[5]),
      .right(names[6]), .left(names[7]), .right(names[8]), .right(names[9]),
    ])
    for row in report.nodes {
      let label = DisplayWidth.truncated(
        String(repeating: "  ", count: row.node.depth) + row.node.address + " " + Formatting.oneLine(row.node.title),
        to: LearnerReport.titleWidth, ellipsis: style.unicode ? "…" : "...")
      let accuracy =
        Bars.bar(row.accuracy, width: LearnerReport.barWidth, unicode: style.unicode) + " "
        + DisplayWidth.leftPadded(Formatting.percent(row.accuracy), to: 4)
      nodesGrid.append([
        TextGrid.Cell(label), TextGrid.Cell("\(row.usersRead)/\(row.users)"),
        TextGrid.Cell(Formatting.oneLine(report.notReadSummary(row))),
        TextGrid.Cell(Formatting.percent(row.averageScore)),
        TextGrid.Cell(Formatting.percent(row.bestScore)), TextGrid.Cell("\(row.sessions)"),
        TextGrid.Cell("\(row.answers)"), TextGrid.Cell(accuracy, Bars.tone(for: row.accuracy)),
        TextGrid.Cell("\(row.overruled)"), TextGrid.Cell("\(row.hints)"),
      ])
    }
    let ellipsis = style.unicode ? "…" : "..."
    let fitted = nodesGrid.fitted(
      to: style.width, droppable: [names[5], names[9], names[8], names[6], names[4], names[2]], ellipsis: ellipsis)
    if let width = style.width, LearnerReport.needsList(nodesGrid, fitted: fitted, width: width) {
      out += narrowNodeLines(width: width, names: names, style: style)
    } else {
      out += fitted.render(style: style)
    }
    out.append("")
    grid = report.learnersGrid(firstColumn: report.messages.tr("Learner"))
    for user in report.users {
      if let total = user.total {
        var cells = report.learnerRow(Formatting.oneLine(user.name), total, style: style)
        if !user.warnings.isEmpty { cells[0].text += " *" }
        grid.append(cells)
      }
    }
    let fittedUsers = grid.fitted(to: style.width, droppable: report.learnerDroppable, ellipsis: ellipsis)
    if let width = style.width, LearnerReport.needsList(grid, fitted: fittedUsers, width: width) {
      out.append(grid.paint(report.messages.tr("Learners"), .bold, style))
      out += narrowUserLines(width: width, figures: Array(grid.titles.indices.dropFirst()), style: style)
    } else {
      out += fittedUsers.render(style: style)
    }
    let warned = report.users.filter { !$0.warnings.isEmpty }
    if !warned.isEmpty {
      out.append("")
      for user in warned {
        var lines = LearnerReport.wrapped(
          report.messages.tr(
            "{name}: {problem}", ["name": Formatting.oneLine(user.name), "problem": report.warningList(user)]),
          width: style.width, indent: "  ")
        lines[0] = "* " + lines[0].dropFirst(2)
        out += lines
      }
    }
    if !report.unreadable.isEmpty {
      out.append("")
      out.append(grid.paint(report.messages.tr("Could not be read"), .bold, style))
      for user in report.unreadable {
        out += LearnerReport.wrapped(
          report.messages.tr(
            "{name}: {problem}",
            ["name": Formatting.oneLine(user.name), "problem": Formatting.oneLine(user.problem(report.messages))]),
          width: style.width, indent: "  ")
      }
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// The parts table for a terminal too narrow for it (40 columns): each part on a line of its own,
  /// its title whole (wrapped under itself), its figures under it, as `What to study next` does.
  ///
  /// ```text
  ///   1.1 物态变化 温度
  ///       Read by 3/3 · Not read - · Avg score 4% · Best 10% · Sessions 3 · Answers 40 · Accuracy 15%
  /// ```
  func narrowNodeLines(width: Int, names: [String], style: ReportStyle) -> [String] {
    var out: [String] = []
    for row in report.nodes {
      let indent = String(repeating: "  ", count: row.node.depth)
      out += NarrowRows.title(Formatting.oneLine(row.node.title), after: indent + row.node.address + " ", width: width)
      // Every figure of the wide table: the list has the room a table row lacks.
      let figures =
        [
          names[1] + " \(row.usersRead)/\(row.users)", names[2] + " " + Formatting.oneLine(report.notReadSummary(row)),
          names[3] + " " + Formatting.percent(row.averageScore), names[4] + " " + Formatting.percent(row.bestScore),
          names[5] + " \(row.sessions)", names[6] + " \(row.answers)",
          names[7] + " " + Formatting.percent(row.accuracy),
        ] + (row.overruled > 0 ? [names[8] + " \(row.overruled)"] : [])
        + (row.hints > 0 ? [names[9] + " \(row.hints)"] : [])
      // A figure and its name stay on one line: `Accuracy` / `15%` would read as two things.
      out += NarrowRows.figures(figures, lead: indent + "    ", width: width, unicode: style.unicode)
    }
    return out
  }

  /// The learners' table for a terminal too narrow for it: each name whole, the `figures` columns
  /// the table would keep under it.
  func narrowUserLines(width: Int, figures: [Int], style: ReportStyle) -> [String] {
    let names = report.learnersGrid(firstColumn: "").titles
    var out: [String] = []
    for user in report.users {
      guard let total = user.total else { continue }
      let cells = report.learnerRow("", total, style: .plain, bar: false)
      out += NarrowRows.title(
        Formatting.oneLine(user.name) + (user.warnings.isEmpty ? "" : " *"), after: "", width: width)
      out += NarrowRows.figures(
        figures.map { names[$0] + " " + cells[$0].text }, lead: "    ", width: width, unicode: style.unicode)
    }
    return out
  }
}
