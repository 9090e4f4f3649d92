import Localization
import PracticeTime
import TextLayout

/// The learner report as plain text: the heading, the parts table (a list on a narrow terminal),
/// what to study next and the answers per day.
struct LearnerReportText {
  var report: LearnerReport

  func render(style: ReportStyle) -> String {
    var out: [String] = []
    let dash = style.unicode ? "—" : "-"
    out += LearnerReport.wrapped(
      report.messages.tr(
        "Progress of {user} {dash} {course} ({id})",
        [
          "user": Formatting.oneLine(report.user), "dash": dash, "course": Formatting.oneLine(report.courseTitle),
          "id": report.courseID,
        ]),
      width: style.width)
    if let scope = report.scope {
      out += LearnerReport.wrapped(
        report.messages.tr(
          "Part {address} {title}",
          ["address": scope.node.address, "title": Formatting.oneLine(scope.node.title)]),
        width: style.width)
    }
    out += LearnerReport.wrapped(
      report.messages.tr("Generated {time}", ["time": report.messages.dateTime(report.generated)]), width: style.width)
    out.append("")
    var grid = LearnerReport.figuresGrid(firstColumn: report.messages.tr("Part"), report.messages)
    let base = report.rows.map(\.node.depth).min() ?? 0
    for row in report.rows {
      let indent = String(repeating: "  ", count: row.node.depth - base)
      let label = indent + row.node.address + " " + Formatting.oneLine(row.node.title)
      let title = DisplayWidth.truncated(label, to: LearnerReport.titleWidth, ellipsis: style.unicode ? "…" : "...")
      grid.append(LearnerReport.figureCells(title, row.figures, isLeaf: row.node.isLeaf, style: style, report.messages))
    }
    grid.appendRule()
    grid.append(
      LearnerReport.figureCells(
        report.messages.tr("Total"), report.total, isLeaf: false, style: style, report.messages), tone: .bold)
    let ellipsis = style.unicode ? "…" : "..."
    let fitted = grid.fitted(
      to: style.width, droppable: LearnerReport.droppableColumns.map { report.messages.tr($0) }, ellipsis: ellipsis)
    if let width = style.width, LearnerReport.needsList(grid, fitted: fitted, width: width) {
      // The list has room for every figure the wide table shows: none is dropped there.
      out += narrowLines(width: width, figures: Array(grid.titles.indices.dropFirst()), base: base, style: style)
    } else {
      out += fitted.render(style: style)
    }
    if let note = report.overruledNote { out += LearnerReport.wrapped(note, width: style.width) }
    if let note = report.hintsNote { out += LearnerReport.wrapped(note, width: style.width) }
    // The definitions a reader most often gets wrong, and where the rest are.
    out += LearnerReport.wrapped(
      report.messages.tr(
        "Mastered: a review interval of 21 days or more. Due: due before this study day ends, overdue included. Best and last: finished sessions only. Type 'help report' for every figure."
      ), width: style.width)
    if let scheduling = report.scheduling {
      out += LearnerReport.wrapped(scheduling.sentence(report.messages), width: style.width)
    }

    out.append("")
    out.append(grid.paint(report.messages.tr("What to study next"), .bold, style))
    if report.studyNext.isEmpty {
      out += LearnerReport.wrapped(
        report.messages.tr("Nothing left: every part is read and every question mastered."), width: style.width,
        indent: "  ")
    } else {
      var next = TextGrid([
        .right("#"), .left(report.messages.tr("Part")), .left(report.messages.tr("Why")),
        .left(report.messages.tr("Command")),
      ])
      for (n, s) in report.studyNext.enumerated() {
        let title = DisplayWidth.truncated(
          Formatting.oneLine(s.label), to: LearnerReport.titleWidth,
          ellipsis: style.unicode ? "…" : "...")
        next.append([
          TextGrid.Cell("\(n + 1)"), TextGrid.Cell(title), TextGrid.Cell(s.explanation(report.messages)),
          TextGrid.Cell(s.command, .bold),
        ])
      }
      let fitted = next.fitted(to: style.width.map { $0 - 2 }, shrinking: 1, ellipsis: ellipsis)
      if let width = style.width, fitted.width > width - 2 || fitted.columnWidths[1] < next.columnWidths[1] {
        // Too narrow for a table: each part on a line (its title whole, wrapped under itself),
        // why and the command under it.
        for (n, s) in report.studyNext.enumerated() {
          out += NarrowRows.title(
            Formatting.oneLine(s.title), after: "  \(n + 1)  " + (s.address.isEmpty ? "" : s.address + " "),
            width: width)
          out += LearnerReport.wrapped(s.explanation(report.messages), width: width, indent: "     ")
          out.append("     " + grid.paint(s.command, .bold, style))
        }
      } else {
        out += fitted.render(style: style).map { "  " + $0 }
      }
    }
    out += CalculatedMistakeSection(mistakes: report.calculatedMistakes, messages: report.messages).textLines(
      width: style.width, unicode: style.unicode
    ) { grid.paint($0, .bold, style) }

    out.append("")
    out += activityLines(style: style, paint: { grid.paint($0, $1, style) })
    return out.joined(separator: "\n") + "\n"
  }

  /// The parts table for a terminal too narrow for it (40 columns): each part's title whole,
  /// wrapped under itself, with the `figures` columns (all of them) under it, then the report.total.
  ///
  /// ```text
  /// 1.4 生活和技术中的物态变化
  ///     Read no · Best - · Accuracy -
  /// ```
  func narrowLines(width: Int, figures: [Int], base: Int, style: ReportStyle) -> [String] {
    let names = LearnerReport.figuresGrid(firstColumn: "", report.messages).titles
    func entry(_ head: String, _ title: String, _ f: ReportFigures, isLeaf: Bool, lead: String) -> [String] {
      let cells = LearnerReport.figureCells("", f, isLeaf: isLeaf, style: .plain, report.messages, bar: false)
      return NarrowRows.title(title, after: head, width: width)
        + NarrowRows.figures(
          figures.map { names[$0] + " " + cells[$0].text }, lead: lead, width: width, unicode: style.unicode)
    }
    var out: [String] = []
    for row in report.rows {
      let indent = String(repeating: "  ", count: row.node.depth - base)
      out += entry(
        indent + row.node.address + " ", Formatting.oneLine(row.node.title), row.figures, isLeaf: row.node.isLeaf,
        lead: indent + "    ")
    }
    let totalLines = entry("", report.messages.tr("Total"), report.total, isLeaf: false, lead: "    ")
    return out + [TextGrid([]).paint(totalLines[0], .bold, style)] + totalLines.dropFirst()
  }

  func activityLines(style: ReportStyle, paint: (String, TextGrid.Tone?) -> String) -> [String] {
    guard let first = report.activity.first, let last = report.activity.last else { return [] }
    let sum = report.activity.reduce(0) { $0 + $1.answers }
    // Dates as the language writes them (`2026年11月2日`); JSON and CSV keep ISO 8601.
    // The days are study days in the learner's zone (as `due` counts them), named by their date.
    var out = LearnerReport.wrapped(
      report.messages.tr(
        "Answers per day, {first} to {last} (study days from {start}, {zone})",
        [
          "first": report.messages.date(first.start), "last": report.messages.date(last.start),
          "start": report.studyDayStart,
          "zone": report.studyDay.zone.name,
        ]), width: style.width
    ).map { paint($0, .bold) }
    if let busiest = report.activity.max(by: { ($0.answers, $1.start) < ($1.answers, $0.start) }), sum > 0 {
      out += LearnerReport.wrapped(
        report.messages.tr(
          "{count} in all; most on {day}: {most}",
          ["count": sum, "day": report.messages.date(busiest.start), "most": busiest.answers]),
        width: style.width, indent: "  ")
    } else {
      out.append("  " + report.messages.tr("none"))
    }
    // A column a day; a terminal narrower than the month shows its latest days (scaled to the
    // busiest of them all, so a bar means the same height).
    let shown = style.width.map { max(1, min(report.activity.count, $0 - 2)) } ?? report.activity.count
    let chart = Bars.sparkline(report.activity.map(\.answers), unicode: style.unicode)
    out.append("  " + String(chart.suffix(shown)))
    // The first and last day shown under the ends of the chart, in as many columns as it has days;
    // the last alone when both do not fit.
    let (from, to) = (
      report.messages.shortDate(report.activity[report.activity.count - shown].start),
      report.messages.shortDate(last.start)
    )
    let gapWidth = shown - DisplayWidth.of(from) - DisplayWidth.of(to)
    out.append(
      gapWidth >= 1
        ? "  " + from + String(repeating: " ", count: gapWidth) + to
        : "  " + DisplayWidth.leftPadded(to, to: shown))
    return out
  }
}
