import Localization
import PracticeJSON
import TextLayout

/// The class report as Markdown: the parts' table and the learners' table.
struct ClassReportMarkdown {
  var report: ClassReport

  func render() -> String {
    var out = [
      "# " + report.heading(title: Formatting.markdown(report.courseTitle), id: Formatting.markdown(report.courseID)),
      "",
      report.messages.tr("Generated {time}.", ["time": report.messages.dateTime(report.generated)]), "",
    ]
    if let problem = report.problem {
      out += [
        report.messages.tr("Problem: {problem}", ["problem": Formatting.markdown(report.messages.tr(problem))]), "",
      ]
    }
    out.append("| " + ClassReport.nodeColumns.map { report.messages.tr($0) }.joined(separator: " | ") + " |")
    out.append("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for row in report.nodes {
      let label =
        String(repeating: "&nbsp;&nbsp;", count: row.node.depth) + row.node.address + " "
        + Formatting.markdown(row.node.title)
      let cells = [
        label, "\(row.usersRead)/\(row.users)", Formatting.markdown(report.notReadSummary(row)),
        Formatting.percent(row.averageScore), Formatting.percent(row.bestScore), "\(row.sessions)", "\(row.answers)",
        Formatting.percent(row.accuracy), "\(row.overruled)", "\(row.hints)",
      ]
      out.append("| " + cells.joined(separator: " | ") + " |")
    }
    out += ["", "## " + report.messages.tr("Learners"), ""]
    let header = LearnerReportMarkdown.figuresHeader(firstColumn: report.messages.tr("Learner"), report.messages)
    let extra = ClassReport.learnerColumns.map { report.messages.tr($0) }
    out.append(header[0] + " " + extra.joined(separator: " | ") + " |")
    out.append(header[1] + extra.map { _ in " ---: |" }.joined())
    for user in report.users {
      guard let total = user.total else { continue }
      let name =
        user.warnings.isEmpty
        ? user.name
        : report.messages.tr("{name} ({warnings})", ["name": user.name, "warnings": report.warningList(user)])
      out.append(
        LearnerReportMarkdown.figuresRow(Formatting.markdown(name), total, isLeaf: false, report.messages) + " "
          + ClassReport.learnerCells(total).joined(separator: " | ") + " |")
    }
    if !report.unreadable.isEmpty {
      out += ["", "## " + report.messages.tr("Could not be read"), ""]
      for user in report.unreadable {
        out.append(
          "- "
            + report.messages.tr(
              "{name}: {problem}",
              [
                "name": "**\(Formatting.markdown(user.name))**",
                "problem": Formatting.markdown(user.problem(report.messages)),
              ])
        )
      }
    }
    return out.joined(separator: "\n") + "\n"
  }
}
