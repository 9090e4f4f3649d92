import Localization
import PracticeJSON
import TextLayout

extension ClassReport {
  /// The report in `format`; `style` only affects `text`.
  ///
  /// ```swift
  /// print(ClassReport.build(course: course, dataDirectory: dir, now: Date()).render(.md, style: ReportStyle()))
  /// ```
  public func render(_ format: ReportFormat, style: ReportStyle = ReportStyle()) -> String {
    switch format {
    case .text: return text(style: style)
    case .json: return JSONWriter.pretty(jsonValue)
    case .csv: return csv()
    case .md: return markdown()
    case .html: return html()
    }
  }

  var unreadable: [ClassUserLine] { users.filter { $0.problem != nil } }

  /// The columns of the parts table, translated where shown.
  static let nodeColumns = [
    trMark("Part"), trMark("Read by"), trMark("Not read yet"), trMark("Avg score"), trMark("Best"),
    trMark("Sessions"), trMark("Answers"), trMark("Accuracy"), trMark("Overruled"), trMark("Hints"),
  ]

  /// The columns the learners' tables add to a learner report's figures: what a teacher checks
  /// that a learner's own report only notes below its table.
  static let learnerColumns = [trMark("Overruled"), trMark("Hints")]

  /// A learner's cells in `learnerColumns`: how many answers they overruled with `!!`, and how many
  /// they gave after a hint.
  static func learnerCells(_ total: ReportFigures) -> [String] { ["\(total.overruled)", "\(total.hints)"] }

  /// The learners' table: a learner report's figures and `learnerColumns`.
  func learnersGrid(firstColumn: String) -> TextGrid {
    var grid = LearnerReport.figuresGrid(firstColumn: firstColumn, messages)
    for column in Self.learnerColumns {
      grid.titles.append(messages.tr(column))
      grid.alignments.append(.right)
    }
    return grid
  }

  /// A learner's row of `learnersGrid`.
  func learnerRow(_ name: String, _ total: ReportFigures, style: ReportStyle, bar: Bool = true) -> [TextGrid.Cell] {
    LearnerReport.figureCells(name, total, isLeaf: false, style: style, messages, bar: bar)
      + Self.learnerCells(total).map { TextGrid.Cell($0) }
  }

  /// The learners' columns a narrow terminal loses first: a learner report's, with the overruled
  /// answers kept longer than the time and the dates, which a teacher needs less.
  var learnerDroppable: [String] {
    var columns = LearnerReport.droppableColumns.map { messages.tr($0) }
    columns.insert(contentsOf: Self.learnerColumns.map { messages.tr($0) }, at: min(4, columns.count))
    return columns
  }

  /// `Class report Physics (physics-mini): 3 learners, 1 could not be read`, from the title and id as given.
  func heading(title: String, id: String) -> String {
    let values: KeyValuePairs<String, Any> = ["title": title, "id": id, "unreadable": unreadable.count]
    return unreadable.isEmpty
      ? messages.trn(
        "Class report {title} ({id}): {count} learner", "Class report {title} ({id}): {count} learners",
        count: readableUsers, values)
      : messages.trn(
        "Class report {title} ({id}): {count} learner, {unreadable} could not be read",
        "Class report {title} ({id}): {count} learners, {unreadable} could not be read", count: readableUsers, values)
  }

  func notReadSummary(_ row: ClassNodeRow) -> String {
    guard !row.notRead.isEmpty else { return "-" }
    let shown = messages.list(Array(row.notRead.prefix(Self.notReadShown)))
    let more = row.notRead.count - Self.notReadShown
    return more > 0 ? messages.tr("{names} +{count} more", ["names": shown, "count": more]) : shown
  }

  /// The learner's warnings as one sentence list.
  func warningList(_ user: ClassUserLine) -> String { messages.list(user.warnings.map { messages.tr($0) }) }

  // MARK: text

  func text(style: ReportStyle) -> String {
    var grid = TextGrid([])
    var out = LearnerReport.wrapped(Formatting.oneLine(heading(title: courseTitle, id: courseID)), width: style.width)
    out += LearnerReport.wrapped(
      messages.tr("Generated {time}", ["time": messages.dateTime(generated)]), width: style.width)
    if let problem {
      out += LearnerReport.wrapped(
        messages.tr("Problem: {problem}", ["problem": Formatting.oneLine(messages.tr(problem))]), width: style.width)
    }
    out.append("")
    let names = Self.nodeColumns.map { messages.tr($0) }
    var nodesGrid = TextGrid([
      .left(names[0]), .right(names[1]), .left(names[2]), .right(names[3]), .right(names[4]), .right(names[5]),
      .right(names[6]), .left(names[7]), .right(names[8]), .right(names[9]),
    ])
    for row in nodes {
      let label = DisplayWidth.truncated(
        String(repeating: "  ", count: row.node.depth) + row.node.address + " " + Formatting.oneLine(row.node.title),
        to: LearnerReport.titleWidth, ellipsis: style.unicode ? "…" : "...")
      let accuracy =
        Bars.bar(row.accuracy, width: LearnerReport.barWidth, unicode: style.unicode) + " "
        + DisplayWidth.leftPadded(Formatting.percent(row.accuracy), to: 4)
      nodesGrid.append([
        TextGrid.Cell(label), TextGrid.Cell("\(row.usersRead)/\(row.users)"),
        TextGrid.Cell(Formatting.oneLine(notReadSummary(row))), TextGrid.Cell(Formatting.percent(row.averageScore)),
        TextGrid.Cell(Formatting.percent(row.bestScore)), TextGrid.Cell("\(row.sessions)"),
        TextGrid.Cell("\(row.answers)"), TextGrid.Cell(accuracy, Bars.tone(for: row.accuracy)),
        TextGrid.Cell("\(row.overruled)"), TextGrid.Cell("\(row.hints)"),
      ])
    }
    let ellipsis = style.unicode ? "…" : "..."
    let fitted = nodesGrid.fitted(
      to: style.width, droppable: [names[5], names[9], names[8], names[6], names[4], names[2]], ellipsis: ellipsis)
    if let width = style.width, LearnerReport.needsList(nodesGrid, fitted: fitted, width: width) {
      out += narrowNodeLines(width: width, names: names, style: style)
    } else {
      out += fitted.render(style: style)
    }
    out.append("")
    grid = learnersGrid(firstColumn: messages.tr("Learner"))
    for user in users {
      if let total = user.total {
        var cells = learnerRow(Formatting.oneLine(user.name), total, style: style)
        if !user.warnings.isEmpty { cells[0].text += " *" }
        grid.append(cells)
      }
    }
    let fittedUsers = grid.fitted(to: style.width, droppable: learnerDroppable, ellipsis: ellipsis)
    if let width = style.width, LearnerReport.needsList(grid, fitted: fittedUsers, width: width) {
      out.append(grid.paint(messages.tr("Learners"), .bold, style))
      out += narrowUserLines(width: width, figures: Array(grid.titles.indices.dropFirst()), style: style)
    } else {
      out += fittedUsers.render(style: style)
    }
    let warned = users.filter { !$0.warnings.isEmpty }
    if !warned.isEmpty {
      out.append("")
      for user in warned {
        var lines = LearnerReport.wrapped(
          messages.tr("{name}: {problem}", ["name": Formatting.oneLine(user.name), "problem": warningList(user)]),
          width: style.width, indent: "  ")
        lines[0] = "* " + lines[0].dropFirst(2)
        out += lines
      }
    }
    if !unreadable.isEmpty {
      out.append("")
      out.append(grid.paint(messages.tr("Could not be read"), .bold, style))
      for user in unreadable {
        out += LearnerReport.wrapped(
          messages.tr(
            "{name}: {problem}",
            ["name": Formatting.oneLine(user.name), "problem": Formatting.oneLine(user.problem(messages))]),
          width: style.width, indent: "  ")
      }
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// The parts table for a terminal too narrow for it (40 columns): each part on a line of its own,
  /// its title whole (wrapped under itself), its figures under it, as `What to study next` does.
  ///
  /// ```text
  ///   1.1 物态变化 温度
  ///       Read by 3/3 · Not read - · Avg score 4% · Best 10% · Sessions 3 · Answers 40 · Accuracy 15%
  /// ```
  func narrowNodeLines(width: Int, names: [String], style: ReportStyle) -> [String] {
    var out: [String] = []
    for row in nodes {
      let indent = String(repeating: "  ", count: row.node.depth)
      out += NarrowRows.title(Formatting.oneLine(row.node.title), after: indent + row.node.address + " ", width: width)
      // Every figure of the wide table: the list has the room a table row lacks.
      let figures =
        [
          names[1] + " \(row.usersRead)/\(row.users)", names[2] + " " + Formatting.oneLine(notReadSummary(row)),
          names[3] + " " + Formatting.percent(row.averageScore), names[4] + " " + Formatting.percent(row.bestScore),
          names[5] + " \(row.sessions)", names[6] + " \(row.answers)",
          names[7] + " " + Formatting.percent(row.accuracy),
        ] + (row.overruled > 0 ? [names[8] + " \(row.overruled)"] : [])
        + (row.hints > 0 ? [names[9] + " \(row.hints)"] : [])
      // A figure and its name stay on one line: `Accuracy` / `15%` would read as two things.
      out += NarrowRows.figures(figures, lead: indent + "    ", width: width, unicode: style.unicode)
    }
    return out
  }

  /// The learners' table for a terminal too narrow for it: each name whole, the `figures` columns
  /// the table would keep under it.
  func narrowUserLines(width: Int, figures: [Int], style: ReportStyle) -> [String] {
    let names = learnersGrid(firstColumn: "").titles
    var out: [String] = []
    for user in users {
      guard let total = user.total else { continue }
      let cells = learnerRow("", total, style: .plain, bar: false)
      out += NarrowRows.title(
        Formatting.oneLine(user.name) + (user.warnings.isEmpty ? "" : " *"), after: "", width: width)
      out += NarrowRows.figures(
        figures.map { names[$0] + " " + cells[$0].text }, lead: "    ", width: width, unicode: style.unicode)
    }
    return out
  }

  // MARK: json

  /// The document described by `ReportSchema.classReport`.
  public var jsonValue: JSONValue {
    .object([
      ("format", "practice-class-report"),
      ("version", 1),
      ("kind", "class"),
      ("generated", .string(Formatting.iso(generated))),
      ("timeZone", .string(studyDay.zone.name)),
      ("dayStartsAt", .int(studyDay.startHour)),
      ("course", .object([("id", .string(courseID)), ("title", .string(courseTitle))])),
      ("learners", .int(readableUsers)),
      ("unreadable", .int(unreadable.count)),
      ("problem", .optional(problem?.description)),
      ("nodes", .array(nestedNodes(from: 0, depth: 0).nodes)),
      (
        "users",
        .array(
          users.map { user in
            .object([
              ("name", .string(user.name)),
              ("error", .optional(user.problem)),
              ("warnings", .array(user.warnings.map { .string($0.description) })),
              ("total", user.total.map { .object(LearnerReport.figuresJSON($0)) } ?? .null),
            ])
          })
      ),
    ])
  }

  /// Nodes from `start` at `depth` and their children, nested; returns where it stopped.
  func nestedNodes(from start: Int, depth: Int) -> (nodes: [JSONValue], next: Int) {
    var out: [JSONValue] = []
    var i = start
    while i < nodes.count, nodes[i].node.depth >= depth {
      let row = nodes[i]
      let (children, next) = nestedNodes(from: i + 1, depth: row.node.depth + 1)
      out.append(
        .object([
          ("address", .string(row.node.address)), ("id", .optional(row.node.id)), ("key", .string(row.node.key)),
          ("title", .string(row.node.title)), ("depth", .int(row.node.depth)), ("users", .int(row.users)),
          ("usersRead", .int(row.usersRead)), ("notRead", .array(row.notRead.map { .string($0) })),
          ("sessions", .int(row.sessions)), ("averageScore", .optional(Formatting.rounded(row.averageScore))),
          ("bestScore", .optional(Formatting.rounded(row.bestScore))), ("answers", .int(row.answers)),
          ("correct", .int(row.correct)), ("overruled", .int(row.overruled)),
          ("hints", .int(row.hints)),
          ("accuracy", .optional(Formatting.rounded(row.accuracy))),
          ("questions", .int(row.questions)), ("children", .array(children)),
        ]))
      i = next
    }
    return (out, i)
  }

  // MARK: csv

  /// Column names of `csv`: node rows and user rows share one table, told apart by `kind`.
  public static let csvColumns =
    ["kind", "user", "address", "depth", "id", "title", "usersRead", "users", "notRead", "averageScore"]
    + Array(LearnerReport.csvColumns.dropFirst(5)) + ["error"]

  func csv() -> String {
    var out = CSVWriter()
    out.row(Self.csvColumns)
    let learnerFigures = LearnerReport.csvColumns.count - 5
    for row in nodes {
      var figures = [String](repeating: "", count: learnerFigures)
      func set(_ column: String, _ value: String) {
        if let i = LearnerReport.csvColumns.firstIndex(of: column) { figures[i - 5] = value }
      }
      set("sessions", String(row.sessions))
      set("bestScore", Formatting.number(row.bestScore))
      set("answers", String(row.answers))
      set("correct", String(row.correct))
      set("overruled", String(row.overruled))
      set("hints", String(row.hints))
      set("accuracy", Formatting.number(row.accuracy))
      set("questions", String(row.questions))
      // Names are joined with "; " in one field so the table stays rectangular.
      out.row(
        [
          "node", "", row.node.address, String(row.node.depth), row.node.id ?? "", row.node.title,
          String(row.usersRead), String(row.users),
          row.notRead.joined(separator: "; "), Formatting.number(row.averageScore),
        ] + figures + [""])
    }
    for user in users {
      let figures = user.total.map(LearnerReport.csvFigures) ?? [String](repeating: "", count: learnerFigures)
      let note = user.problem ?? user.warnings.map(\.description).joined(separator: "; ")
      out.row(["user", user.name, "", "", "", "", "", "", "", ""] + figures + [note])
    }
    return out.text
  }

  // MARK: md

  func markdown() -> String {
    var out = [
      "# " + heading(title: Formatting.markdown(courseTitle), id: Formatting.markdown(courseID)), "",
      messages.tr("Generated {time}.", ["time": messages.dateTime(generated)]), "",
    ]
    if let problem {
      out += [messages.tr("Problem: {problem}", ["problem": Formatting.markdown(messages.tr(problem))]), ""]
    }
    out.append("| " + Self.nodeColumns.map { messages.tr($0) }.joined(separator: " | ") + " |")
    out.append("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for row in nodes {
      let label =
        String(repeating: "&nbsp;&nbsp;", count: row.node.depth) + row.node.address + " "
        + Formatting.markdown(row.node.title)
      let cells = [
        label, "\(row.usersRead)/\(row.users)", Formatting.markdown(notReadSummary(row)),
        Formatting.percent(row.averageScore), Formatting.percent(row.bestScore), "\(row.sessions)", "\(row.answers)",
        Formatting.percent(row.accuracy), "\(row.overruled)", "\(row.hints)",
      ]
      out.append("| " + cells.joined(separator: " | ") + " |")
    }
    out += ["", "## " + messages.tr("Learners"), ""]
    let header = LearnerReport.markdownFiguresHeader(firstColumn: messages.tr("Learner"), messages)
    let extra = Self.learnerColumns.map { messages.tr($0) }
    out.append(header[0] + " " + extra.joined(separator: " | ") + " |")
    out.append(header[1] + extra.map { _ in " ---: |" }.joined())
    for user in users {
      guard let total = user.total else { continue }
      let name =
        user.warnings.isEmpty
        ? user.name : messages.tr("{name} ({warnings})", ["name": user.name, "warnings": warningList(user)])
      out.append(
        LearnerReport.markdownFiguresRow(Formatting.markdown(name), total, isLeaf: false, messages) + " "
          + Self.learnerCells(total).joined(separator: " | ") + " |")
    }
    if !unreadable.isEmpty {
      out += ["", "## " + messages.tr("Could not be read"), ""]
      for user in unreadable {
        out.append(
          "- "
            + messages.tr(
              "{name}: {problem}",
              ["name": "**\(Formatting.markdown(user.name))**", "problem": Formatting.markdown(user.problem(messages))])
        )
      }
    }
    return out.joined(separator: "\n") + "\n"
  }

  // MARK: html

  func html() -> String {
    let stamp = Formatting.iso(generated)
    let time = "<time datetime=\"\(stamp)\">\(Formatting.html(messages.dateTime(generated)))</time>"
    let learners: KeyValuePairs<String, Any> = ["time": time, "unreadable": unreadable.count]
    var body = [
      "<h1>"
        + messages.tr(
          "Class report {title} <small>({id})</small>",
          ["title": HTMLPage.text(courseTitle), "id": Formatting.html(courseID)]) + "</h1>",
      "<p class=\"meta\">"
        + (unreadable.isEmpty
          ? messages.trn(
            "{count} learner. Generated {time}", "{count} learners. Generated {time}", count: readableUsers, learners)
          : messages.trn(
            "{count} learner, {unreadable} could not be read. Generated {time}",
            "{count} learners, {unreadable} could not be read. Generated {time}", count: readableUsers, learners))
        + "</p>",
    ]
    if let problem { body.append("<p class=\"error\">\(Formatting.html(messages.tr(problem)))</p>") }
    body.append("<h2>" + messages.tr("Parts") + "</h2>")
    body.append("<table>")
    body.append(
      "<thead>" + HTMLPage.row(Self.nodeColumns.map { messages.tr($0) }, header: true) + "</thead>")
    body.append("<tbody>")
    for row in nodes {
      let label =
        "<span style=\"padding-left: \(Double(row.node.depth) * 1.5)em\">\(Formatting.html(row.node.address)) \(HTMLPage.text(row.node.title))</span>"
      let names = row.notRead.isEmpty ? "-" : messages.list(row.notRead.map(HTMLPage.text))
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
    body.append("<h2>" + messages.tr("Accuracy per part") + "</h2>")
    body.append(
      HTMLPage.accuracyChart(
        title: messages.tr("Class accuracy per part"),
        items: nodes.map { (label: $0.node.address + " " + $0.node.title, depth: $0.node.depth, percent: $0.accuracy) })
    )
    body.append("<h2>" + messages.tr("Learners") + "</h2>")
    body.append("<table>")
    body.append(
      "<thead>"
        + HTMLPage.row(
          [messages.tr("Learner")] + (LearnerReport.htmlFigureColumns + Self.learnerColumns).map { messages.tr($0) },
          header: true)
        + "</thead>")
    body.append("<tbody>")
    for user in users {
      guard let total = user.total else { continue }
      let note =
        user.warnings.isEmpty
        ? "" : " <small>" + messages.tr("({warnings})", ["warnings": Formatting.html(warningList(user))]) + "</small>"
      body.append(
        HTMLPage.row(
          [HTMLPage.text(user.name) + note] + LearnerReport.htmlFigures(total, isLeaf: false, messages)
            + Self.learnerCells(total)))
    }
    body.append("</tbody>")
    body.append("</table>")
    if !unreadable.isEmpty {
      body.append("<h2>" + messages.tr("Could not be read") + "</h2>")
      body.append("<ul>")
      for user in unreadable {
        body.append(
          "<li>"
            + messages.tr(
              "{name}: {problem}",
              [
                "name": "<strong>\(HTMLPage.text(user.name))</strong>",
                "problem": "<span class=\"error\">\(Formatting.html(user.problem(messages)))</span>",
              ]) + "</li>"
        )
      }
      body.append("</ul>")
    }
    return HTMLPage.page(
      title: messages.tr("Class report — {title}", ["title": courseTitle]), body: body,
      language: messages.language.htmlTag)
  }
}
