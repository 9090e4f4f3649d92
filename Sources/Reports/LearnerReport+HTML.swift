extension LearnerReport {
  static let htmlFigureColumns = [
    "Read", "Views", "Sessions", "Best", "Last", "Accuracy", "Answered", "Mastered", "Due", "Recall", "Time",
    "Last studied",
  ]

  func html() -> String {
    var body: [String] = []
    body.append(
      "<h1>Progress of \(HTMLPage.text(user)) — \(HTMLPage.text(courseTitle)) <small>(\(Formatting.html(courseID)))</small></h1>"
    )
    if let scope {
      body.append("<p>Part \(Formatting.html(scope.node.address)) \(HTMLPage.text(scope.node.title))</p>")
    }
    let stamp = Formatting.iso(generated)
    body.append("<p class=\"meta\">Generated <time datetime=\"\(stamp)\">\(stamp)</time></p>")
    body.append("<h2>Parts</h2>")
    body.append("<table>")
    body.append("<thead>" + HTMLPage.row(["Part"] + Self.htmlFigureColumns, header: true) + "</thead>")
    body.append("<tbody>")
    let base = rows.map(\.node.depth).min() ?? 0
    for row in rows {
      let label =
        "<span style=\"padding-left: \(Double(row.node.depth - base) * 1.5)em\">\(Formatting.html(row.node.address)) \(HTMLPage.text(row.node.title))</span>"
      body.append(
        HTMLPage.row(
          [label] + Self.htmlFigures(row.figures, isLeaf: row.node.isLeaf), rowClass: row.node.isLeaf ? nil : "parent"))
    }
    body.append("</tbody>")
    body.append("<tfoot>" + HTMLPage.row(["Total"] + Self.htmlFigures(total, isLeaf: false)) + "</tfoot>")
    body.append("</table>")
    body.append("<h2>Accuracy per part</h2>")
    body.append(
      HTMLPage.accuracyChart(
        title: "Accuracy per part",
        items: rows.map {
          (label: $0.node.address + " " + $0.node.title, depth: $0.node.depth - base, percent: $0.figures.accuracy)
        }))
    body.append("<h2>What to study next</h2>")
    if studyNext.isEmpty {
      body.append("<p>Nothing left: every part is read and every question mastered.</p>")
    } else {
      body.append("<ol>")
      for s in studyNext {
        body.append(
          "<li><strong>\(Formatting.html(s.address)) \(HTMLPage.text(s.title))</strong> — \(Formatting.html(s.explanation)): <code>\(Formatting.html(s.command))</code></li>"
        )
      }
      body.append("</ol>")
    }
    body.append("<h2>Answers per day (UTC)</h2>")
    let sum = activity.reduce(0) { $0 + $1.answers }
    body.append("<p>\(sum) answers in the last \(activity.count) days.</p>")
    body.append(HTMLPage.activityChart(title: "Answers per day", days: activity))
    return HTMLPage.page(title: "Progress of \(user) — \(courseTitle)", body: body)
  }

  static func htmlFigures(_ f: ReportFigures, isLeaf: Bool) -> [String] {
    [
      isLeaf ? (f.hadRead ? "yes" : "no") : "\(f.leavesRead)/\(f.leaves)", "\(f.browseCount)", "\(f.sessions)",
      Formatting.percent(f.bestScore), Formatting.percent(f.lastScore), Formatting.percent(f.accuracy),
      "\(f.answered)/\(f.questions)", "\(f.mastered)/\(f.questions)", "\(f.due)",
      Formatting.percent(f.meanRetention), f.secondsSpent > 0 ? Formatting.duration(f.secondsSpent) : "-",
      f.lastStudied.map(Formatting.day) ?? "-",
    ]
  }
}
