import Localization
import PracticeTime

/// The learner report as Markdown.
struct LearnerReportMarkdown {
  var report: LearnerReport

  func render() -> String {
    var out: [String] = []
    out.append(
      "# "
        + report.messages.tr(
          "Progress of {user} {dash} {course} ({id})",
          [
            "user": Formatting.markdown(report.user), "dash": "—", "course": Formatting.markdown(report.courseTitle),
            "id": Formatting.markdown(report.courseID),
          ]))
    out.append("")
    let time = report.messages.dateTime(report.generated)
    if let scope = report.scope {
      out.append(
        report.messages.tr(
          "Part {address} {title}. Generated {time}.",
          ["address": scope.node.address, "title": Formatting.markdown(scope.node.title), "time": time]))
    } else {
      out.append(report.messages.tr("Generated {time}.", ["time": time]))
    }
    out.append("")
    out += LearnerReportMarkdown.figuresHeader(firstColumn: report.messages.tr("Part"), report.messages)
    let base = report.rows.map(\.node.depth).min() ?? 0
    for row in report.rows {
      // Table cells drop leading spaces, so the outline level is shown with no-break spaces.
      let indent = String(repeating: "&nbsp;&nbsp;", count: row.node.depth - base)
      out.append(
        LearnerReportMarkdown.figuresRow(
          indent + row.node.address + " " + Formatting.markdown(row.node.title), row.figures, isLeaf: row.node.isLeaf,
          report.messages))
    }
    out.append(
      LearnerReportMarkdown.figuresRow(
        "**" + report.messages.tr("Total") + "**", report.total, isLeaf: false, report.messages))
    if let note = report.overruledNote {
      out.append("")
      out.append(note)
    }
    if let note = report.hintsNote {
      out.append("")
      out.append(note)
    }
    out.append("")
    out.append("## " + report.messages.tr("What to study next"))
    out.append("")
    if report.studyNext.isEmpty {
      out.append(report.messages.tr("Nothing left: every part is read and every question mastered."))
    }
    for (n, s) in report.studyNext.enumerated() {
      out.append(
        "\(n + 1). **\(s.address.isEmpty ? "" : s.address + " ")\(Formatting.markdown(s.title))** — \(s.explanation(report.messages)): `\(s.command)`"
      )
    }
    out += CalculatedMistakeSection(mistakes: report.calculatedMistakes, messages: report.messages).markdownLines()
    out.append("")
    out.append(
      "## "
        + report.messages.tr(
          "Answers per day (study days from {start}, {zone})",
          ["start": report.studyDayStart, "zone": report.studyDay.zone.name]))
    out.append("")
    let sum = report.activity.reduce(0) { $0 + $1.answers }
    if let first = report.activity.first, let last = report.activity.last {
      out.append(
        report.messages.tr(
          "{count} answers from {first} to {last}.",
          ["count": sum, "first": report.messages.date(first.start), "last": report.messages.date(last.start)]))
      out.append("")
      out.append("```")
      out.append(Bars.sparkline(report.activity.map(\.answers), unicode: true))
      out.append("```")
    }
    return out.joined(separator: "\n") + "\n"
  }

  static func figuresHeader(firstColumn: String, _ messages: Localizer = .english) -> [String] {
    [
      "| " + ([firstColumn] + LearnerReportHTML.figureColumns.map { messages.tr($0) }).joined(separator: " | ") + " |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
  }

  static func figuresRow(
    _ label: String, _ f: ReportFigures, isLeaf: Bool, _ messages: Localizer = .english
  ) -> String {
    let read =
      isLeaf
      ? (f.hadRead ? messages.trc("part was read", "yes") : messages.trc("part was read", "no"))
      : "\(f.leavesRead)/\(f.leaves)"
    let cells = [
      label, read, "\(f.browseCount)", "\(f.sessions)", Formatting.percent(f.bestScore),
      Formatting.percent(f.lastScore), Formatting.percent(f.accuracy), "\(f.answered)/\(f.questions)",
      "\(f.mastered)/\(f.questions)", "\(f.due)", Formatting.percent(f.meanRetention),
      f.secondsSpent > 0 ? messages.duration(seconds: Double(f.secondsSpent)) : "-",
      f.lastStudied.map { messages.date($0) } ?? "-",
    ]
    return "| " + cells.joined(separator: " | ") + " |"
  }
}
