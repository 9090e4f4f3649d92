import Localization

extension LearnerReport {
  static let htmlFigureColumns = [
    trMark("Read"), trMark("Views"), trMark("Sessions"), trMark("Best"), trMark("Last"), trMark("Accuracy"),
    trMark("Answered"), trMark("Mastered"), trMark("Due"), trMark("Recall"), trMark("Time"), trMark("Last studied"),
  ]

  func html() -> String {
    var body: [String] = []
    body.append(
      "<h1>"
        + messages.tr(
          "Progress of {user} — {course} <small>({id})</small>",
          ["user": HTMLPage.text(user), "course": HTMLPage.text(courseTitle), "id": Formatting.html(courseID)])
        + "</h1>")
    if let scope {
      body.append(
        "<p>"
          + messages.tr(
            "Part {address} {title}",
            ["address": Formatting.html(scope.node.address), "title": HTMLPage.text(scope.node.title)]) + "</p>")
    }
    let stamp = Formatting.iso(generated)
    body.append(
      "<p class=\"meta\">"
        + messages.tr(
          "Generated {time}",
          ["time": "<time datetime=\"\(stamp)\">\(Formatting.html(messages.dateTime(generated)))</time>"]) + "</p>")
    body.append("<h2>" + messages.tr("Parts") + "</h2>")
    body.append("<table>")
    body.append(
      "<thead>"
        + HTMLPage.row([messages.tr("Part")] + Self.htmlFigureColumns.map { messages.tr($0) }, header: true)
        + "</thead>")
    body.append("<tbody>")
    let base = rows.map(\.node.depth).min() ?? 0
    for row in rows {
      let label =
        "<span style=\"padding-left: \(Double(row.node.depth - base) * 1.5)em\">\(Formatting.html(row.node.address)) \(HTMLPage.text(row.node.title))</span>"
      body.append(
        HTMLPage.row(
          [label] + Self.htmlFigures(row.figures, isLeaf: row.node.isLeaf, messages),
          rowClass: row.node.isLeaf ? nil : "parent"))
    }
    body.append("</tbody>")
    body.append(
      "<tfoot>" + HTMLPage.row([messages.tr("Total")] + Self.htmlFigures(total, isLeaf: false, messages)) + "</tfoot>")
    body.append("</table>")
    if let note = overruledNote { body.append("<p class=\"note\">" + Formatting.html(note) + "</p>") }
    if let note = hintsNote { body.append("<p class=\"note\">" + Formatting.html(note) + "</p>") }
    body.append("<h2>" + messages.tr("Accuracy per part") + "</h2>")
    body.append(
      HTMLPage.accuracyChart(
        title: messages.tr("Accuracy per part"),
        items: rows.map {
          (label: $0.node.address + " " + $0.node.title, depth: $0.node.depth - base, percent: $0.figures.accuracy)
        }))
    body.append("<h2>" + messages.tr("What to study next") + "</h2>")
    if studyNext.isEmpty {
      body.append("<p>" + messages.tr("Nothing left: every part is read and every question mastered.") + "</p>")
    } else {
      body.append("<ol>")
      for s in studyNext {
        body.append(
          "<li>"
            + messages.tr(
              "{part} — {why}: {command}",
              [
                "part":
                  "<strong>\(s.address.isEmpty ? "" : Formatting.html(s.address) + " ")\(HTMLPage.text(s.title))</strong>",
                "why": Formatting.html(s.explanation(messages)),
                "command": "<code>\(Formatting.html(s.command))</code>",
              ]) + "</li>"
        )
      }
      body.append("</ol>")
    }
    body.append(
      "<h2>"
        + messages.tr(
          "Answers per day (study days from {start}, {zone})", ["start": studyDayStart, "zone": studyDay.zone.name])
        + "</h2>")
    let sum = activity.reduce(0) { $0 + $1.answers }
    body.append(
      "<p>"
        + messages.tr("{count} answers in the last {days} days.", ["count": sum, "days": activity.count]) + "</p>")
    body.append(HTMLPage.activityChart(title: messages.tr("Answers per day"), days: activity, messages: messages))
    return HTMLPage.page(
      title: messages.tr("Progress of {user} — {course}", ["user": user, "course": courseTitle]), body: body,
      language: messages.language.htmlTag)
  }

  static func htmlFigures(_ f: ReportFigures, isLeaf: Bool, _ messages: Localizer = .english) -> [String] {
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
