import TextLayout

extension LearnerReport {
  /// Width of the accuracy bar in columns.
  static let barWidth = 10
  /// Titles longer than this are cut so one long name does not push every column off screen.
  static let titleWidth = 44
  /// The figures' columns a narrow terminal loses first, least needed first.
  static let droppableColumns = [
    "Last studied", "Views", "Time", "Last", "Recall", "Mastered", "Sessions", "Answered", "Due",
  ]

  /// `2 answers overruled by the learner (!!), counted as right.`, nil when none was.
  var overruledNote: String? {
    guard total.overruled > 0 else { return nil }
    return
      "\(total.overruled) answer\(total.overruled == 1 ? "" : "s") overruled by the learner (!!), counted as right."
  }

  func text(style: ReportStyle) -> String {
    var out: [String] = []
    let dash = style.unicode ? "—" : "-"
    out.append(
      "Progress of \(Formatting.oneLine(user)) \(dash) \(Formatting.oneLine(courseTitle)) (\(courseID))")
    if let scope {
      out.append("Part \(scope.node.address) \(Formatting.oneLine(scope.node.title))")
    }
    out.append("Generated \(Formatting.iso(generated))")
    out.append("")
    var grid = Self.figuresGrid(firstColumn: "Part")
    let base = rows.map(\.node.depth).min() ?? 0
    for row in rows {
      let indent = String(repeating: "  ", count: row.node.depth - base)
      let label = indent + row.node.address + " " + Formatting.oneLine(row.node.title)
      let title = DisplayWidth.truncated(label, to: Self.titleWidth, ellipsis: style.unicode ? "…" : "...")
      grid.append(Self.figureCells(title, row.figures, isLeaf: row.node.isLeaf, style: style))
    }
    grid.appendRule()
    grid.append(Self.figureCells("Total", total, isLeaf: false, style: style), tone: .bold)
    let ellipsis = style.unicode ? "…" : "..."
    out += grid.fitted(to: style.width, droppable: Self.droppableColumns, ellipsis: ellipsis).render(style: style)
    if let note = overruledNote { out.append(note) }

    out.append("")
    out.append(grid.paint("What to study next", .bold, style))
    if studyNext.isEmpty {
      out.append("  Nothing left: every part is read and every question mastered.")
    } else {
      var next = TextGrid([.right("#"), .left("Part"), .left("Why"), .left("Command")])
      for (n, s) in studyNext.enumerated() {
        let title = DisplayWidth.truncated(
          s.address + " " + Formatting.oneLine(s.title), to: Self.titleWidth,
          ellipsis: style.unicode ? "…" : "...")
        next.append([
          TextGrid.Cell("\(n + 1)"), TextGrid.Cell(title), TextGrid.Cell(s.explanation),
          TextGrid.Cell(s.command, .bold),
        ])
      }
      out += next.fitted(to: style.width.map { $0 - 2 }, shrinking: 1, ellipsis: ellipsis).render(style: style)
        .map { "  " + $0 }
    }

    out.append("")
    out += activityLines(style: style, paint: { grid.paint($0, $1, style) })
    return out.joined(separator: "\n") + "\n"
  }

  func activityLines(style: ReportStyle, paint: (String, TextGrid.Tone?) -> String) -> [String] {
    guard let first = activity.first, let last = activity.last else { return [] }
    let sum = activity.reduce(0) { $0 + $1.answers }
    var out = [paint("Answers per day, \(first.date) to \(last.date) (UTC)", .bold)]
    if let busiest = activity.max(by: { ($0.answers, $1.start) < ($1.answers, $0.start) }), sum > 0 {
      out.append("  \(sum) in all; most on \(busiest.date): \(busiest.answers)")
    } else {
      out.append("  none")
    }
    out.append("  " + Bars.sparkline(activity.map(\.answers), unicode: style.unicode))
    let gapWidth = max(1, activity.count - first.date.count - last.date.count)
    out.append("  " + first.date + String(repeating: " ", count: gapWidth) + last.date)
    return out
  }

  static func figuresGrid(firstColumn: String) -> TextGrid {
    TextGrid([
      .left(firstColumn), .right("Read"), .right("Views"), .right("Sessions"), .right("Best"),
      .right("Last"), .left("Accuracy"), .right("Answered"), .right("Mastered"), .right("Due"), .right("Recall"),
      .right("Time"), .left("Last studied"),
    ])
  }

  static func figureCells(_ label: String, _ f: ReportFigures, isLeaf: Bool, style: ReportStyle)
    -> [TextGrid.Cell]
  {
    let read =
      isLeaf
      ? (f.hadRead ? (style.unicode ? "✓" : "yes") : (style.unicode ? "·" : "no"))
      : "\(f.leavesRead)/\(f.leaves)"
    let accuracy =
      Bars.bar(f.accuracy, width: barWidth, unicode: style.unicode) + " "
      + DisplayWidth.leftPadded(Formatting.percent(f.accuracy), to: 4)
    return [
      TextGrid.Cell(label), TextGrid.Cell(read), TextGrid.Cell("\(f.browseCount)"),
      TextGrid.Cell("\(f.sessions)"), TextGrid.Cell(Formatting.percent(f.bestScore)),
      TextGrid.Cell(Formatting.percent(f.lastScore)),
      TextGrid.Cell(accuracy, Bars.tone(for: f.accuracy)),
      TextGrid.Cell("\(f.answered)/\(f.questions)"), TextGrid.Cell("\(f.mastered)/\(f.questions)"),
      TextGrid.Cell("\(f.due)"), TextGrid.Cell(Formatting.percent(f.meanRetention)),
      TextGrid.Cell(f.secondsSpent > 0 ? Formatting.duration(f.secondsSpent) : "-"),
      TextGrid.Cell(f.lastStudied.map(Formatting.day) ?? "-"),
    ]
  }
}
