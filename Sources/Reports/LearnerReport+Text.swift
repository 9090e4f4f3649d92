import Localization
import TextLayout

extension LearnerReport {
  /// Width of the accuracy bar in columns.
  static let barWidth = 10
  /// Titles longer than this are cut so one long name does not push every column off screen.
  static let titleWidth = 44
  /// The figures' columns a narrow terminal loses first, least needed first.
  static let droppableColumns = [
    trMark("Last studied"), trMark("Views"), trMark("Time"), trMark("Last"), trMark("Recall"), trMark("Mastered"),
    trMark("Sessions"), trMark("Answered"), trMark("Due"),
  ]

  /// `2 answers overruled by the learner (!!), counted as right.`, nil when none was.
  var overruledNote: String? {
    guard total.overruled > 0 else { return nil }
    return messages.trn(
      "{count} answer overruled by the learner (!!), counted as right.",
      "{count} answers overruled by the learner (!!), counted as right.", count: total.overruled)
  }

  /// `3 hints used.`, nil when none was.
  var hintsNote: String? {
    guard total.hints > 0 else { return nil }
    return messages.trn("{count} hint used.", "{count} hints used.", count: total.hints)
  }

  func text(style: ReportStyle) -> String {
    var out: [String] = []
    let dash = style.unicode ? "—" : "-"
    out += Self.wrapped(
      messages.tr(
        "Progress of {user} {dash} {course} ({id})",
        ["user": Formatting.oneLine(user), "dash": dash, "course": Formatting.oneLine(courseTitle), "id": courseID]),
      width: style.width)
    if let scope {
      out += Self.wrapped(
        messages.tr(
          "Part {address} {title}", ["address": scope.node.address, "title": Formatting.oneLine(scope.node.title)]),
        width: style.width)
    }
    out += Self.wrapped(messages.tr("Generated {time}", ["time": messages.dateTime(generated)]), width: style.width)
    out.append("")
    var grid = Self.figuresGrid(firstColumn: messages.tr("Part"), messages)
    let base = rows.map(\.node.depth).min() ?? 0
    for row in rows {
      let indent = String(repeating: "  ", count: row.node.depth - base)
      let label = indent + row.node.address + " " + Formatting.oneLine(row.node.title)
      let title = DisplayWidth.truncated(label, to: Self.titleWidth, ellipsis: style.unicode ? "…" : "...")
      grid.append(Self.figureCells(title, row.figures, isLeaf: row.node.isLeaf, style: style, messages))
    }
    grid.appendRule()
    grid.append(Self.figureCells(messages.tr("Total"), total, isLeaf: false, style: style, messages), tone: .bold)
    let ellipsis = style.unicode ? "…" : "..."
    let fitted = grid.fitted(
      to: style.width, droppable: Self.droppableColumns.map { messages.tr($0) }, ellipsis: ellipsis)
    if let width = style.width, Self.needsList(grid, fitted: fitted, width: width) {
      // The list has room for every figure the wide table shows: none is dropped there.
      out += narrowLines(width: width, figures: Array(grid.titles.indices.dropFirst()), base: base, style: style)
    } else {
      out += fitted.render(style: style)
    }
    if let note = overruledNote { out += Self.wrapped(note, width: style.width) }
    if let note = hintsNote { out += Self.wrapped(note, width: style.width) }
    // The definitions a reader most often gets wrong, and where the rest are.
    out += Self.wrapped(
      messages.tr(
        "Mastered: a review interval of 21 days or more. Due: due before this study day ends, overdue included. Best and last: finished sessions only. Type 'help report' for every figure."
      ), width: style.width)
    if let scheduling { out += Self.wrapped(scheduling.sentence(messages), width: style.width) }

    out.append("")
    out.append(grid.paint(messages.tr("What to study next"), .bold, style))
    if studyNext.isEmpty {
      out += Self.wrapped(
        messages.tr("Nothing left: every part is read and every question mastered."), width: style.width, indent: "  ")
    } else {
      var next = TextGrid([
        .right("#"), .left(messages.tr("Part")), .left(messages.tr("Why")), .left(messages.tr("Command")),
      ])
      for (n, s) in studyNext.enumerated() {
        let title = DisplayWidth.truncated(
          Formatting.oneLine(s.label), to: Self.titleWidth,
          ellipsis: style.unicode ? "…" : "...")
        next.append([
          TextGrid.Cell("\(n + 1)"), TextGrid.Cell(title), TextGrid.Cell(s.explanation(messages)),
          TextGrid.Cell(s.command, .bold),
        ])
      }
      let fitted = next.fitted(to: style.width.map { $0 - 2 }, shrinking: 1, ellipsis: ellipsis)
      if let width = style.width, fitted.width > width - 2 || fitted.columnWidths[1] < next.columnWidths[1] {
        // Too narrow for a table: each part on a line (its title whole, wrapped under itself),
        // why and the command under it.
        for (n, s) in studyNext.enumerated() {
          out += NarrowRows.title(
            Formatting.oneLine(s.title), after: "  \(n + 1)  " + (s.address.isEmpty ? "" : s.address + " "),
            width: width)
          out += Self.wrapped(s.explanation(messages), width: width, indent: "     ")
          out.append("     " + grid.paint(s.command, .bold, style))
        }
      } else {
        out += fitted.render(style: style).map { "  " + $0 }
      }
    }

    out.append("")
    out += activityLines(style: style, paint: { grid.paint($0, $1, style) })
    return out.joined(separator: "\n") + "\n"
  }

  /// Whether the parts table is too narrow for a terminal `width` columns wide even when `fitted`:
  /// it still runs past the edge, or its titles are cut to a few characters, which say too little.
  static func needsList(_ grid: TextGrid, fitted: TextGrid, width: Int) -> Bool {
    fitted.width > width || fitted.columnWidths[0] < min(narrowestTitles, grid.columnWidths[0])
  }

  /// Titles cut narrower than this (the address and about six Chinese characters) say too little:
  /// the parts are listed one under another instead of as a table.
  static let narrowestTitles = 16

  /// The parts table for a terminal too narrow for it (40 columns): each part's title whole,
  /// wrapped under itself, with the `figures` columns (all of them) under it, then the total.
  ///
  /// ```text
  /// 1.4 生活和技术中的物态变化
  ///     Read no · Best - · Accuracy -
  /// ```
  func narrowLines(width: Int, figures: [Int], base: Int, style: ReportStyle) -> [String] {
    let names = Self.figuresGrid(firstColumn: "", messages).titles
    func entry(_ head: String, _ title: String, _ f: ReportFigures, isLeaf: Bool, lead: String) -> [String] {
      let cells = Self.figureCells("", f, isLeaf: isLeaf, style: .plain, messages, bar: false)
      return NarrowRows.title(title, after: head, width: width)
        + NarrowRows.figures(
          figures.map { names[$0] + " " + cells[$0].text }, lead: lead, width: width, unicode: style.unicode)
    }
    var out: [String] = []
    for row in rows {
      let indent = String(repeating: "  ", count: row.node.depth - base)
      out += entry(
        indent + row.node.address + " ", Formatting.oneLine(row.node.title), row.figures, isLeaf: row.node.isLeaf,
        lead: indent + "    ")
    }
    let totalLines = entry("", messages.tr("Total"), total, isLeaf: false, lead: "    ")
    return out + [TextGrid([]).paint(totalLines[0], .bold, style)] + totalLines.dropFirst()
  }

  /// The local time a study day starts, `04:00`: the activity chart's days begin then.
  var studyDayStart: String { (studyDay.startHour < 10 ? "0" : "") + "\(studyDay.startHour):00" }

  func activityLines(style: ReportStyle, paint: (String, TextGrid.Tone?) -> String) -> [String] {
    guard let first = activity.first, let last = activity.last else { return [] }
    let sum = activity.reduce(0) { $0 + $1.answers }
    // Dates as the language writes them (`2026年11月2日`); JSON and CSV keep ISO 8601.
    // The days are study days in the learner's zone (as `due` counts them), named by their date.
    var out = Self.wrapped(
      messages.tr(
        "Answers per day, {first} to {last} (study days from {start}, {zone})",
        [
          "first": messages.date(first.start), "last": messages.date(last.start), "start": studyDayStart,
          "zone": studyDay.zone.name,
        ]), width: style.width
    ).map { paint($0, .bold) }
    if let busiest = activity.max(by: { ($0.answers, $1.start) < ($1.answers, $0.start) }), sum > 0 {
      out += Self.wrapped(
        messages.tr(
          "{count} in all; most on {day}: {most}",
          ["count": sum, "day": messages.date(busiest.start), "most": busiest.answers]),
        width: style.width, indent: "  ")
    } else {
      out.append("  " + messages.tr("none"))
    }
    // A column a day; a terminal narrower than the month shows its latest days (scaled to the
    // busiest of them all, so a bar means the same height).
    let shown = style.width.map { max(1, min(activity.count, $0 - 2)) } ?? activity.count
    let chart = Bars.sparkline(activity.map(\.answers), unicode: style.unicode)
    out.append("  " + String(chart.suffix(shown)))
    // The first and last day shown under the ends of the chart, in as many columns as it has days;
    // the last alone when both do not fit.
    let (from, to) = (messages.shortDate(activity[activity.count - shown].start), messages.shortDate(last.start))
    let gapWidth = shown - DisplayWidth.of(from) - DisplayWidth.of(to)
    out.append(
      gapWidth >= 1
        ? "  " + from + String(repeating: " ", count: gapWidth) + to
        : "  " + DisplayWidth.leftPadded(to, to: shown))
    return out
  }

  /// `text` after `indent`, wrapped to a terminal's `width` at word boundaries (whole when the width
  /// is unknown, as in files and pipes): the report's sentences, not its tables, which are fitted.
  static func wrapped(_ text: String, width: Int?, indent: String = "") -> [String] {
    guard let width, DisplayWidth.of(indent + text) > width else { return [indent + text] }
    return TextWrapping.lines(text, width: max(width - DisplayWidth.of(indent), 10)).map { indent + $0 }
  }

  static func figuresGrid(firstColumn: String, _ messages: Localizer = .english) -> TextGrid {
    TextGrid([
      .left(firstColumn), .right(messages.tr("Read")), .right(messages.tr("Views")), .right(messages.tr("Sessions")),
      .right(messages.tr("Best")), .right(messages.tr("Last")), .left(messages.tr("Accuracy")),
      .right(messages.tr("Answered")), .right(messages.tr("Mastered")), .right(messages.tr("Due")),
      .right(messages.tr("Recall")), .right(messages.tr("Time")), .left(messages.tr("Last studied")),
    ])
  }

  static func figureCells(
    _ label: String, _ f: ReportFigures, isLeaf: Bool, style: ReportStyle, _ messages: Localizer = .english,
    bar: Bool = true
  ) -> [TextGrid.Cell] {
    let read =
      isLeaf
      ? (f.hadRead
        ? (style.unicode ? "✓" : messages.trc("part was read", "yes"))
        : (style.unicode ? "·" : messages.trc("part was read", "no")))
      : "\(f.leavesRead)/\(f.leaves)"
    let accuracy =
      bar
      ? Bars.bar(f.accuracy, width: barWidth, unicode: style.unicode) + " "
        + DisplayWidth.leftPadded(Formatting.percent(f.accuracy), to: 4)
      : Formatting.percent(f.accuracy)
    return [
      TextGrid.Cell(label), TextGrid.Cell(read), TextGrid.Cell("\(f.browseCount)"),
      TextGrid.Cell("\(f.sessions)"), TextGrid.Cell(Formatting.percent(f.bestScore)),
      TextGrid.Cell(Formatting.percent(f.lastScore)),
      TextGrid.Cell(accuracy, Bars.tone(for: f.accuracy)),
      TextGrid.Cell("\(f.answered)/\(f.questions)"), TextGrid.Cell("\(f.mastered)/\(f.questions)"),
      TextGrid.Cell("\(f.due)"), TextGrid.Cell(Formatting.percent(f.meanRetention)),
      TextGrid.Cell(f.secondsSpent > 0 ? messages.duration(seconds: Double(f.secondsSpent)) : "-"),
      TextGrid.Cell(f.lastStudied.map { messages.date($0) } ?? "-"),
    ]
  }
}
