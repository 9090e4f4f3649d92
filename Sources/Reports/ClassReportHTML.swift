import Foundation
import Localization
import PracticeJSON
import TextLayout

/// The class report as one HTML page: the parts' table and the learners' table.
struct ClassReportHTML {
  var report: ClassReport

  func render() -> String {
    let stamp = Formatting.iso(report.generated)
    let time = "<time datetime=\"\(stamp)\">\(Formatting.html(report.messages.dateTime(report.generated)))</time>"
    let learners: KeyValuePairs<String, Any> = ["time": time, "unreadable": report.unreadable.count]
    var body = [
      "<h1>"
        + report.messages.tr(
          "Class report {title} <small>({id})</small>",
          ["title": HTMLPage.text(report.courseTitle), "id": Formatting.html(report.courseID)]) + "</h1>",
      "<p class=\"meta\">"
        + (report.unreadable.isEmpty
          ? report.messages.trn(
            "{count} learner. Generated {time}", "{count} learners. Generated {time}", count: report.readableUsers,
            learners)
          : report.messages.trn(
            "{count} learner, {unreadable} could not be read. Generated {time}",
            "{count} learners, {unreadable} could not be read. Generated {time}", count: report.readableUsers, learners))
        + "</p>",
    ]
    if let problem = report.problem {
      body.append("<p class=\"error\">\(Formatting.html(report.messages.tr(problem)))</p>")
    }
    body.append("<h2>" + report.messages.tr("Parts") + "</h2>")
    body.append("<table>")
    body.append(
      "<thead>" + HTMLPage.row(ClassReport.nodeColumns.map { report.messages.tr($0) }, header: true) + "</thead>")
    body.append("<tbody>")
    for row in report.nodes {
      let label =
        "<span style=\"padding-left: \(Double(row.node.depth) * 1.5)em\">\(Formatting.html(row.node.address)) \(HTMLPage.text(row.node.title))</span>"
      let names = row.notRead.isEmpty ? "-" : report.messages.list(row.notRead.map(HTMLPage.text))
      body.append(
        HTMLPage.row(
          [
            label, "\(row.usersRead)/\(row.users)", names, Formatting.percent(row.averageScore),
            Formatting.percent(row.bestScore), "\(row.sessions)", "\(row.answers)", Formatting.percent(row.accuracy),
            "\(row.overruled)", "\(row.hints)",
          ], rowClass: row.node.isLeaf ? nil : "parent"
        ).replacingOccurrences(of: "<td>\(names)</td>", with: "<td class=\"text\">\(names)</td>"))
    }
    body.append("</tbody>")
    body.append("</table>")
    body.append("<h2>" + report.messages.tr("Accuracy per part") + "</h2>")
    body.append(
      HTMLPage.accuracyChart(
        title: report.messages.tr("Class accuracy per part"),
        items: report.nodes.map {
          (label: $0.node.address + " " + $0.node.title, depth: $0.node.depth, percent: $0.accuracy)
        })
    )
    body.append("<h2>" + report.messages.tr("Learners") + "</h2>")
    body.append("<table>")
    body.append(
      "<thead>"
        + HTMLPage.row(
          [report.messages.tr("Learner")]
            + (LearnerReportHTML.figureColumns + ClassReport.learnerColumns).map { report.messages.tr($0) },
          header: true)
        + "</thead>")
    body.append("<tbody>")
    for user in report.users {
      guard let total = user.total else { continue }
      let note =
        user.warnings.isEmpty
        ? ""
        : " <small>" + report.messages.tr("({warnings})", ["warnings": Formatting.html(report.warningList(user))])
          + "</small>"
      body.append(
        HTMLPage.row(
          [HTMLPage.text(user.name) + note] + LearnerReportHTML.figures(total, isLeaf: false, report.messages)
            + ClassReport.learnerCells(total)))
    }
    body.append("</tbody>")
    body.append("</table>")
    if !report.unreadable.isEmpty {
      body.append("<h2>" + report.messages.tr("Could not be read") + "</h2>")
      body.append("<ul>")
      for user in report.unreadable {
        body.append(
          "<li>"
            + report.messages.tr(
              "{name}: {problem}",
              [
                "name": "<strong>\(HTMLPage.text(user.name))</strong>",
                "problem": "<span class=\"error\">\(Formatting.html(user.problem(report.messages)))</span>",
              ]) + "</li>"
        )
      }
      body.append("</ul>")
    }
    return HTMLPage.page(
      title: report.messages.tr("Class report — {title}", ["title": report.courseTitle]), body: body,
      language: report.messages.language.htmlTag)
  }
}
