extension LearnerReport {
  func markdown() -> String {
    var out: [String] = []
    out.append(
      "# Progress of \(Formatting.markdown(user)) — \(Formatting.markdown(courseTitle)) (\(Formatting.markdown(courseID)))"
    )
    out.append("")
    if let scope {
      out.append(
        "Part \(scope.node.address) \(Formatting.markdown(scope.node.title)). Generated \(Formatting.iso(generated)).")
    } else {
      out.append("Generated \(Formatting.iso(generated)).")
    }
    out.append("")
    out += Self.markdownFiguresHeader(firstColumn: "Part")
    let base = rows.map(\.node.depth).min() ?? 0
    for row in rows {
      // Table cells drop leading spaces, so the outline level is shown with no-break spaces.
      let indent = String(repeating: "&nbsp;&nbsp;", count: row.node.depth - base)
      out.append(
        Self.markdownFiguresRow(
          indent + row.node.address + " " + Formatting.markdown(row.node.title), row.figures, isLeaf: row.node.isLeaf))
    }
    out.append(Self.markdownFiguresRow("**Total**", total, isLeaf: false))
    if let note = overruledNote {
      out.append("")
      out.append(note)
    }
    out.append("")
    out.append("## What to study next")
    out.append("")
    if studyNext.isEmpty {
      out.append("Nothing left: every part is read and every question mastered.")
    }
    for (n, s) in studyNext.enumerated() {
      out.append("\(n + 1). **\(s.address) \(Formatting.markdown(s.title))** — \(s.explanation): `\(s.command)`")
    }
    out.append("")
    out.append("## Answers per day (UTC)")
    out.append("")
    let sum = activity.reduce(0) { $0 + $1.answers }
    if let first = activity.first, let last = activity.last {
      out.append("\(sum) answers from \(first.date) to \(last.date).")
      out.append("")
      out.append("```")
      out.append(Bars.sparkline(activity.map(\.answers), unicode: true))
      out.append("```")
    }
    return out.joined(separator: "\n") + "\n"
  }

  static func markdownFiguresHeader(firstColumn: String) -> [String] {
    [
      "| \(firstColumn) | Read | Views | Sessions | Best | Last | Accuracy | Answered | Mastered | Due | Recall | Time | Last studied |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
  }

  static func markdownFiguresRow(_ label: String, _ f: ReportFigures, isLeaf: Bool) -> String {
    let read = isLeaf ? (f.hadRead ? "yes" : "no") : "\(f.leavesRead)/\(f.leaves)"
    let cells = [
      label, read, "\(f.browseCount)", "\(f.sessions)", Formatting.percent(f.bestScore),
      Formatting.percent(f.lastScore), Formatting.percent(f.accuracy), "\(f.answered)/\(f.questions)",
      "\(f.mastered)/\(f.questions)", "\(f.due)", Formatting.percent(f.meanRetention),
      f.secondsSpent > 0 ? Formatting.duration(f.secondsSpent) : "-",
      f.lastStudied.map(Formatting.day) ?? "-",
    ]
    return "| " + cells.joined(separator: " | ") + " |"
  }
}
