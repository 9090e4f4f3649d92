import Localization
import PracticeTime

/// The learner report as one HTML page.
struct LearnerReportHTML {
  var report: LearnerReport

  func render() -> String {
    var body: [String] = []
    body.append(
      "<h1>"
        + report.messages.tr(
          "Progress of {user} — {course} <small>({id})</small>",
          [
            "user": HTMLPage.text(report.user), "course": HTMLPage.text(report.courseTitle),
            "id": Formatting.html(report.courseID),
          ])
        + "</h1>")
    if let scope = report.scope {
      body.append(
        "<p>"
          + report.messages.tr(
            "Part {address} {title}",
            ["address": Formatting.html(scope.node.address), "title": HTMLPage.text(scope.node.title)])
          + "</p>")
    }
    let stamp = Formatting.iso(report.generated)
    body.append(
      "<p class=\"meta\">"
        + report.messages.tr(
          "Generated {time}",
          ["time": "<time datetime=\"\(stamp)\">\(Formatting.html(report.messages.dateTime(report.generated)))</time>"])
        + "</p>")
    body.append("<h2>" + report.messages.tr("Parts") + "</h2>")
    body.append("<table>")
    body.append(
      "<thead>"
        + HTMLPage.row(
          [report.messages.tr("Part")] + LearnerReportHTML.figureColumns.map { report.messages.tr($0) }, header: true)
        + "</thead>")
    body.append("<tbody>")
    let base = report.rows.map(\.node.depth).min() ?? 0
    for row in report.rows {
      let label =
        "<span style=\"padding-left: \(Double(row.node.depth - base) * 1.5)em\">\(Formatting.html(row.node.address)) \(HTMLPage.text(row.node.title))</span>"
      body.append(
        HTMLPage.row(
          [label] + LearnerReportHTML.figures(row.figures, isLeaf: row.node.isLeaf, report.messages),
          rowClass: row.node.isLeaf ? nil : "parent"))
    }
    body.append("</tbody>")
    body.append(
      "<tfoot>"
        + HTMLPage.row(
          [report.messages.tr("Total")] + LearnerReportHTML.figures(report.total, isLeaf: false, report.messages))
        + "</tfoot>")
    body.append("</table>")
    if let note = report.overruledNote { body.append("<p class=\"note\">" + Formatting.html(note) + "</p>") }
    if let note = report.hintsNote { body.append("<p class=\"note\">" + Formatting.html(note) + "</p>") }
    body.append("<h2>" + report.messages.tr("Accuracy per part") + "</h2>")
    body.append(
      HTMLPage.accuracyChart(
        title: report.messages.tr("Accuracy per part"),
        items: report.rows.map {
          (label: $0.node.address + " " + $0.node.title, depth: $0.node.depth - base, percent: $0.figures.accuracy)
        }))
    body.append("<h2>" + report.messages.tr("What to study next") + "</h2>")
    if report.studyNext.isEmpty {
      body.append("<p>" + report.messages.tr("Nothing left: every part is read and every question mastered.") + "</p>")
    } else {
      body.append("<ol>")
      for s in report.studyNext {
        body.append(
          "<li>"
            + report.messages.tr(
              "{part} — {why}: {command}",
              [
                "part":
                  "<strong>\(s.address.isEmpty ? "" : Formatting.html(s.address) + " ")\(HTMLPage.text(s.title))</strong>",
                "why": Formatting.html(s.explanation(report.messages)),
                "command": "<code>\(Formatting.html(s.command))</code>",
              ]) + "</li>"
        )
      }
      body.append("</ol>")
    }
    body += CalculatedMistakeSection(mistakes: report.calculatedMistakes, messages: report.messages).htmlLines()
    body.append(
      "<h2>"
        + report.messages.tr(
          "Answers per day (study days from {start}, {zone})",
          ["start": report.studyDayStart, "zone": report.studyDay.zone.name])
        + "</h2>")
    let sum = report.activity.reduce(0) { $0 + $1.answers }
    body.append(
      "<p>"
        + report.messages.tr("{count} answers in the last {days} days.", ["count": sum, "days": report.activity.count])
        + "</p>")
    body.append(
      HTMLPage.activityChart(
        title: report.messages.tr("Answers per day"), days: report.activity, messages: report.messages))
    return HTMLPage.page(
      title: report.messages.tr("Progress of {user} — {course}", ["user": report.user, "course": report.courseTitle]),
      body: body,
      language: report.messages.language.htmlTag)
  }

  static let figureColumns = [
    trMark("Read"), trMark("Views"), trMark("Sessions"), trMark("Best"), trMark("Last"), trMark("Accuracy"),
    trMark("Answered"), trMark("Mastered"), trMark("Due"), trMark("Recall"), trMark("Time"), trMark("Last studied"),
  ]

  static func figures(_ f: ReportFigures, isLeaf: Bool, _ messages: Localizer = .english) -> [String] {
    [
      isLeaf
        ? (f.hadRead ? messages.trc("part was read", "yes") : messages.trc("part was read", "no"))
        : "\(f.leavesRead)/\(f.leaves)", "\(f.browseCount)", "\(f.sessions)",
      Formatting.percent(f.bestScore), Formatting.percent(f.lastScore), Formatting.percent(f.accuracy),
      "\(f.answered)/\(f.questions)", "\(f.mastered)/\(f.questions)", "\(f.due)",
      Formatting.percent(f.meanRetention),
      f.secondsSpent > 0 ? messages.duration(seconds: Double(f.secondsSpent)) : "-",
      f.lastStudied.map { messages.date($0) } ?? "-",
    ]
  }
}
