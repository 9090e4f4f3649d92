import Localization

extension LearnerReport {
  func markdown() -> String {
    var out: [String] = []
    out.append(
      "# "
        + messages.tr(
          "Progress of {user} {dash} {course} ({id})",
          [
            "user": Formatting.markdown(user), "dash": "—", "course": Formatting.markdown(courseTitle),
            "id": Formatting.markdown(courseID),
          ]))
    out.append("")
    let time = messages.dateTime(generated)
    if let scope {
      out.append(
        messages.tr(
          "Part {address} {title}. Generated {time}.",
          ["address": scope.node.address, "title": Formatting.markdown(scope.node.title), "time": time]))
    } else {
      out.append(messages.tr("Generated {time}.", ["time": time]))
    }
    out.append("")
    out += Self.markdownFiguresHeader(firstColumn: messages.tr("Part"), messages)
    let base = rows.map(\.node.depth).min() ?? 0
    for row in rows {
      // Table cells drop leading spaces, so the outline level is shown with no-break spaces.
      let indent = String(repeating: "&nbsp;&nbsp;", count: row.node.depth - base)
      out.append(
        Self.markdownFiguresRow(
          indent + row.node.address + " " + Formatting.markdown(row.node.title), row.figures, isLeaf: row.node.isLeaf,
          messages))
    }
    out.append(Self.markdownFiguresRow("**" + messages.tr("Total") + "**", total, isLeaf: false, messages))
    if let note = overruledNote {
      out.append("")
      out.append(note)
    }
    if let note = hintsNote {
      out.append("")
      out.append(note)
    }
    out.append("")
    out.append("## " + messages.tr("What to study next"))
    out.append("")
    if studyNext.isEmpty {
      out.append(messages.tr("Nothing left: every part is read and every question mastered."))
    }
    for (n, s) in studyNext.enumerated() {
      out.append(
        "\(n + 1). **\(s.address.isEmpty ? "" : s.address + " ")\(Formatting.markdown(s.title))** — \(s.explanation(messages)): `\(s.command)`"
      )
    }
    out.append("")
    out.append(
      "## "
        + messages.tr(
          "Answers per day (study days from {start}, {zone})", ["start": studyDayStart, "zone": studyDay.zone.name]))
    out.append("")
    let sum = activity.reduce(0) { $0 + $1.answers }
    if let first = activity.first, let last = activity.last {
      out.append(
        messages.tr(
          "{count} answers from {first} to {last}.",
          ["count": sum, "first": messages.date(first.start), "last": messages.date(last.start)]))
      out.append("")
      out.append("```")
      out.append(Bars.sparkline(activity.map(\.answers), unicode: true))
      out.append("```")
    }
    return out.joined(separator: "\n") + "\n"
  }

  static func markdownFiguresHeader(firstColumn: String, _ messages: Localizer = .english) -> [String] {
    [
      "| " + ([firstColumn] + htmlFigureColumns.map { messages.tr($0) }).joined(separator: " | ") + " |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
  }

  static func markdownFiguresRow(
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
