import Localization
import PracticeJSON
import QuizEngine
import TextLayout

extension ItemAnalysis {
  /// The analysis in `format`; `style` only affects `text`.
  ///
  /// ```swift
  /// print(analysis.render(.md))
  /// ```
  public func render(_ format: ReportFormat, style: ReportStyle = ReportStyle()) -> String {
    switch format {
    case .text: return text(style: style)
    case .json: return JSONWriter.pretty(jsonValue) + "\n"
    case .csv: return csv()
    case .md: return markdown()
    case .html: return html()
    }
  }

  /// The questions flagged first (in course order), then the rest.
  var ordered: [ItemRow] {
    items.filter { !$0.statistics.flags.isEmpty } + items.filter { $0.statistics.flags.isEmpty }
  }

  /// The columns of the questions table, translated where shown.
  static let columns = [
    trMark("Question"), trMark("Type"), trMark("Attempts"), trMark("Facility"), trMark("SD"), trMark("Random guess"),
    trMark("Discrimination"), trMark("Efficiency"), trMark("Weight"), trMark("Flag"),
  ]

  /// `12.34`, or `-` where the figure is undefined.
  static func figure(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "-" }
    return String(printf: "%.2f", value)
  }

  /// `12.34%`, or `-`.
  static func percent(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "-" }
    return String(printf: "%.2f", value) + "%"
  }

  /// The cells of a question's row, after its label and type.
  static func cells(_ s: QuestionStatistics) -> [String] {
    [
      "\(s.attempts)", percent(s.facility), percent(s.standardDeviation), percent(s.randomGuessScore),
      figure(s.discriminationIndex), percent(s.discriminativeEfficiency), percent(s.effectiveWeight),
    ]
  }

  /// `Item analysis Physics (physics-mini), 2.3 密度`.
  func heading(title: String, id: String, scope: String) -> String {
    messages.tr(
      "Item analysis {title} ({id}), {scope}",
      ["title": title, "id": id, "scope": scope.isEmpty ? messages.tr("whole course") : scope])
  }

  var scopeText: String { scope.map { $0.address + " " + $0.title } ?? "" }

  /// `25 attempts by 25 learners (first attempts)`.
  var attemptsLine: String {
    let values: KeyValuePairs<String, Any> = ["learners": learnersWithAttempts, "read": learners]
    let count = messages.trn(
      "{count} attempt by {learners} of {read} learners", "{count} attempts by {learners} of {read} learners",
      count: test.attempts, values)
    let rule = rule == .first ? messages.tr("each learner's first attempt") : messages.tr("every attempt")
    return messages.tr("{attempts} ({rule})", ["attempts": count, "rule": rule])
  }

  var overruledLine: String? {
    guard overruled > 0 else { return nil }
    return messages.trn(
      "{count} mark was overruled with !! and counts as right",
      "{count} marks were overruled with !! and count as right", count: overruled)
  }

  /// The test's figures, each with its name.
  var testFigures: [(name: String, value: String)] {
    let meanText =
      test.mean.map { _ in
        messages.tr(
          "{mean} of {max} ({percent})",
          [
            "mean": Self.figure(test.mean), "max": Formatting.number(test.maxMark),
            "percent": Self.percent(test.percent(test.mean)),
          ])
      } ?? "-"
    return [
      (messages.tr("Attempts"), "\(test.attempts)"), (messages.tr("Mean"), meanText),
      (messages.tr("Median"), Self.figure(test.median)),
      (messages.tr("Standard deviation"), Self.figure(test.standardDeviation)),
      (messages.tr("Skewness"), Self.figure(test.skewness)), (messages.tr("Kurtosis"), Self.figure(test.kurtosis)),
      (messages.tr("Coefficient alpha"), Self.percent(test.coefficientAlpha)),
      (messages.tr("Error ratio"), Self.percent(test.errorRatio)),
      (messages.tr("Standard error"), Self.figure(test.standardError)),
    ]
  }

  /// A response's text as shown: a flashcard's rating named, true and false translated.
  func shown(_ response: ItemResponse, type: QuestionType) -> String {
    switch (type, response.text) {
    case (.trueFalse, "true"), (.card, "yes"): return messages.tr(type == .card ? "yes" : "true")
    case (.trueFalse, "false"), (.card, "no"): return messages.tr(type == .card ? "no" : "false")
    case (.card, "1"): return messages.tr("1 (again)")
    case (.card, "2"): return messages.tr("2 (hard)")
    case (.card, "3"): return messages.tr("3 (good)")
    case (.card, "4"): return messages.tr("4 (easy)")
    default: return response.text
    }
  }

  /// `48%` of the question's attempts.
  static func share(_ count: Int, of item: ItemRow) -> String {
    item.statistics.attempts > 0 ? Formatting.percent(Double(count) * 100 / Double(item.statistics.attempts)) : "-"
  }

  /// A partly right response's mark and credit, `◐ 50%` (Moodle's partial credit column).
  static func partMark(_ response: ItemResponse, unicode: Bool = true) -> String {
    (unicode ? "◐ " : "~ ") + Formatting.percent(response.fraction * 100)
  }

  // MARK: text

  func text(style: ReportStyle) -> String {
    var out = LearnerReport.wrapped(
      Formatting.oneLine(heading(title: courseTitle, id: courseID, scope: scopeText)), width: style.width)
    out += LearnerReport.wrapped(attemptsLine, width: style.width)
    out += LearnerReport.wrapped(
      messages.tr("Generated {time}", ["time": messages.dateTime(generated)]), width: style.width)
    if let problem {
      out += LearnerReport.wrapped(
        messages.tr("Problem: {problem}", ["problem": Formatting.oneLine(messages.tr(problem))]), width: style.width)
    }
    for user in unreadable {
      out += LearnerReport.wrapped(
        messages.tr(
          "{name}: {problem}",
          ["name": Formatting.oneLine(user.name), "problem": Formatting.oneLine(user.problem(messages))]),
        width: style.width)
    }
    if let overruledLine { out += LearnerReport.wrapped(overruledLine, width: style.width) }
    out.append("")
    var tests = TextGrid([.left(messages.tr("Test")), .right("")])
    for (name, value) in testFigures { tests.append([TextGrid.Cell(name), TextGrid.Cell(value)]) }
    out += tests.render(style: style)
    out.append("")
    let names = Self.columns.map { messages.tr($0) }
    var grid = TextGrid(
      [.left(names[0]), .left(names[1])] + names[2..<9].map { TextTable.Column.right($0) } + [.left(names[9])])
    let mark = style.unicode ? "⚑" : "!"
    for item in ordered {
      let flagged = !item.statistics.flags.isEmpty
      grid.append(
        ([item.label, item.type.label(messages)] + Self.cells(item.statistics) + [flagged ? mark : ""]).map {
          TextGrid.Cell($0)
        }, tone: flagged ? TextGrid.Tone.bad : nil)
    }
    out += grid.fitted(
      to: style.width, droppable: [names[5], names[8], names[4]], ellipsis: style.unicode ? "…" : "..."
    )
    .render(style: style)
    let right = style.unicode ? "✓" : "+"
    for item in ordered {
      out.append("")
      out += LearnerReport.wrapped(
        item.label + " " + item.type.label(messages) + ": "
          + DisplayWidth.truncated(Formatting.oneLine(item.shownPrompt), to: 60, ellipsis: style.unicode ? "…" : "..."),
        width: style.width)
      for flag in item.statistics.flags {
        out += LearnerReport.wrapped(mark + " " + messages.tr(flag.reason), width: style.width, indent: "  ")
      }
      var responses = TextGrid([.left(""), .left(""), .right(""), .right("")])
      for response in item.responses {
        responses.append([
          TextGrid.Cell(
            response.right ? right : response.isPartlyRight ? Self.partMark(response, unicode: style.unicode) : ""),
          TextGrid.Cell(
            DisplayWidth.truncated(
              Formatting.oneLine(shown(response, type: item.type)), to: 50, ellipsis: style.unicode ? "…" : "...")),
          TextGrid.Cell("\(response.count)"), TextGrid.Cell(Self.share(response.count, of: item)),
        ])
      }
      for (name, count) in [
        (messages.tr("partly right"), item.partlyRight), (messages.tr("other answers"), item.otherAnswers),
        (messages.tr("skipped"), item.skipped),
      ]
      where count > 0 {
        responses.append([
          TextGrid.Cell(""), TextGrid.Cell(name), TextGrid.Cell("\(count)"), TextGrid.Cell(Self.share(count, of: item)),
        ])
      }
      out += responses.render(style: style).dropFirst(2).map { "  " + $0 }
    }
    return out.map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }.joined(separator: "\n")
      + "\n"
  }

  // MARK: json

  /// The document described by `schemas/item-analysis-v1.json`: figures unrounded, nil where undefined.
  public var jsonValue: JSONValue {
    .object([
      ("format", "practice-item-analysis"),
      ("version", 1),
      ("generated", .string(Formatting.iso(generated))),
      ("course", .object([("id", .string(courseID)), ("title", .string(courseTitle))])),
      (
        "scope",
        scope.map {
          .object([("address", .string($0.address)), ("key", .string($0.key)), ("title", .string($0.title))])
        }
          ?? .null
      ),
      ("attempts", .string(rule.rawValue)),
      ("learners", .int(learners)),
      ("learnersWithAttempts", .int(learnersWithAttempts)),
      ("overruled", .int(overruled)),
      ("problem", .optional(problem?.description)),
      (
        "unreadable",
        .array(unreadable.map { .object([("name", .string($0.name)), ("error", .optional($0.problem))]) })
      ),
      (
        "test",
        .object([
          ("attempts", .int(test.attempts)), ("maxMark", .double(test.maxMark)), ("mean", .optional(test.mean)),
          ("median", .optional(test.median)), ("standardDeviation", .optional(test.standardDeviation)),
          ("skewness", .optional(test.skewness)), ("kurtosis", .optional(test.kurtosis)),
          ("coefficientAlpha", .optional(test.coefficientAlpha)), ("errorRatio", .optional(test.errorRatio)),
          ("standardError", .optional(test.standardError)),
        ])
      ),
      (
        "items",
        .array(
          items.map { item in
            let s = item.statistics
            return .object([
              ("address", .string(item.node.address)), ("key", .string(item.node.key)), ("number", .int(item.number)),
              ("id", .string(item.questionID)), ("type", .string(item.type.rawValue)), ("prompt", .string(item.prompt)),
              ("attempts", .int(s.attempts)), ("facility", .optional(s.facility)),
              ("standardDeviation", .optional(s.standardDeviation)),
              ("randomGuessScore", .optional(s.randomGuessScore)),
              ("discriminationIndex", .optional(s.discriminationIndex)),
              ("discriminativeEfficiency", .optional(s.discriminativeEfficiency)),
              ("effectiveWeight", .optional(s.effectiveWeight)),
              ("flags", .array(s.flags.map { .string($0.rawValue) })), ("skipped", .int(item.skipped)),
              ("otherAnswers", .int(item.otherAnswers)), ("overruled", .int(item.overruled)),
              ("partlyRight", .int(item.partlyRight)),
              (
                "responses",
                .array(
                  item.responses.map {
                    .object(
                      [("text", .string($0.text)), ("count", .int($0.count)), ("right", .bool($0.right))]
                        + ($0.isPartlyRight ? [("fraction", .double($0.fraction))] : []))
                  })
              ),
            ])
          })
      ),
    ])
  }

  // MARK: csv

  /// Column names of `csv`: one row per question.
  public static let csvColumns = [
    "address", "number", "id", "type", "attempts", "facility", "standardDeviation", "randomGuessScore",
    "discriminationIndex", "discriminativeEfficiency", "effectiveWeight", "flags", "skipped", "overruled", "prompt",
  ]

  func csv() -> String {
    var out = CSVWriter()
    out.row(Self.csvColumns)
    // Four decimals: enough for a spreadsheet; JSON keeps every digit.
    func cell(_ v: Double?) -> String {
      guard let v, v.isFinite else { return "" }
      return Formatting.number4(v)
    }
    for item in items {
      let s = item.statistics
      out.row([
        item.node.address, String(item.number), item.questionID, item.type.rawValue, String(s.attempts),
        cell(s.facility), cell(s.standardDeviation), cell(s.randomGuessScore), cell(s.discriminationIndex),
        cell(s.discriminativeEfficiency), cell(s.effectiveWeight), s.flags.map(\.rawValue).joined(separator: " "),
        String(item.skipped), String(item.overruled), item.prompt,
      ])
    }
    return out.text
  }

  // MARK: md

  func markdown() -> String {
    var out = [
      "# "
        + heading(
          title: Formatting.markdown(courseTitle), id: Formatting.markdown(courseID),
          scope: Formatting.markdown(scopeText)), "",
      attemptsLine + ". " + messages.tr("Generated {time}.", ["time": messages.dateTime(generated)]), "",
    ]
    if let problem {
      out += [messages.tr("Problem: {problem}", ["problem": Formatting.markdown(messages.tr(problem))]), ""]
    }
    for user in unreadable {
      out.append(
        "- "
          + messages.tr(
            "{name}: {problem}",
            ["name": "**\(Formatting.markdown(user.name))**", "problem": Formatting.markdown(user.problem(messages))]))
    }
    if !unreadable.isEmpty { out.append("") }
    if let overruledLine { out += [overruledLine, ""] }
    out += ["## " + messages.tr("Test"), ""]
    out += testFigures.map { "- \($0.name): \($0.value)" }
    out += ["", "## " + messages.tr("Questions"), ""]
    out.append("| " + Self.columns.map { messages.tr($0) }.joined(separator: " | ") + " |")
    out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for item in ordered {
      let flags = item.statistics.flags.map { messages.tr($0.reason) }
      out.append(
        "| "
          + ([item.label, item.type.label(messages)] + Self.cells(item.statistics) + [
            Formatting.markdown(messages.list(flags))
          ])
          .joined(separator: " | ") + " |")
    }
    out += ["", "## " + messages.tr("Responses")]
    for item in ordered {
      out += ["", "### \(item.label) " + Formatting.markdown(Formatting.oneLine(item.shownPrompt)), ""]
      for response in item.responses {
        let text = Formatting.markdown(shown(response, type: item.type))
        out.append(
          "- "
            + (response.right
              ? "**✓ \(text)**" : response.isPartlyRight ? Self.partMark(response) + " " + text : text)
            + ": \(response.count) (\(Self.share(response.count, of: item)))")
      }
      for (name, count) in [
        (messages.tr("partly right"), item.partlyRight), (messages.tr("other answers"), item.otherAnswers),
        (messages.tr("skipped"), item.skipped),
      ]
      where count > 0 {
        out.append("- \(name): \(count) (\(Self.share(count, of: item)))")
      }
    }
    return out.joined(separator: "\n") + "\n"
  }

  // MARK: html

  func html() -> String {
    let stamp = Formatting.iso(generated)
    let time = "<time datetime=\"\(stamp)\">\(Formatting.html(messages.dateTime(generated)))</time>"
    var body = [
      "<h1>" + HTMLPage.text(heading(title: courseTitle, id: courseID, scope: scopeText)) + "</h1>",
      "<p class=\"meta\">" + HTMLPage.text(attemptsLine) + ". " + messages.tr("Generated {time}.", ["time": time])
        + "</p>",
    ]
    if let problem { body.append("<p class=\"error\">\(Formatting.html(messages.tr(problem)))</p>") }
    for user in unreadable {
      body.append(
        "<p class=\"error\">"
          + Formatting.html(messages.tr("{name}: {problem}", ["name": user.name, "problem": user.problem(messages)]))
          + "</p>")
    }
    if let overruledLine { body.append("<p>" + HTMLPage.text(overruledLine) + "</p>") }
    body.append("<h2>" + HTMLPage.text(messages.tr("Test")) + "</h2>")
    body.append("<table>")
    for (name, value) in testFigures { body.append(HTMLPage.row([HTMLPage.text(name), HTMLPage.text(value)])) }
    body.append("</table>")
    body.append("<h2>" + HTMLPage.text(messages.tr("Facility and discrimination")) + "</h2>")
    body.append(scatterPlot())
    body.append("<h2>" + HTMLPage.text(messages.tr("Questions")) + "</h2>")
    body.append("<table>")
    body.append(
      "<thead>" + HTMLPage.row(Self.columns.map { HTMLPage.text(messages.tr($0)) }, header: true) + "</thead>")
    body.append("<tbody>")
    for item in ordered {
      let flags = item.statistics.flags.map { messages.tr($0.reason) }
      body.append(
        HTMLPage.row(
          [Formatting.html(item.label), HTMLPage.text(item.type.label(messages))] + Self.cells(item.statistics)
            + [flags.isEmpty ? "" : HTMLPage.text(messages.list(flags))], rowClass: flags.isEmpty ? nil : "flagged"))
    }
    body.append("</tbody>")
    body.append("</table>")
    body.append("<h2>" + HTMLPage.text(messages.tr("Responses")) + "</h2>")
    for item in ordered {
      body.append(
        "<h3>" + Formatting.html(item.label) + " " + HTMLPage.text(Formatting.oneLine(item.shownPrompt)) + "</h3>")
      body.append("<table class=\"responses\">")
      for response in item.responses {
        let text = HTMLPage.text(shown(response, type: item.type))
        body.append(
          HTMLPage.row(
            [
              response.right ? "✓" : response.isPartlyRight ? Self.partMark(response) : "",
              response.right ? "<strong>\(text)</strong>" : text, "\(response.count)",
              Self.share(response.count, of: item),
            ]))
      }
      for (name, count) in [
        (messages.tr("partly right"), item.partlyRight), (messages.tr("other answers"), item.otherAnswers),
        (messages.tr("skipped"), item.skipped),
      ]
      where count > 0 {
        body.append(HTMLPage.row(["", HTMLPage.text(name), "\(count)", Self.share(count, of: item)]))
      }
      body.append("</table>")
    }
    return HTMLPage.page(
      title: heading(title: courseTitle, id: courseID, scope: scopeText), body: body,
      language: messages.language.htmlTag
    ).replacingOccurrences(of: "</style>", with: Self.extraStyle + "</style>")
  }

  static let extraStyle = """
    tr.flagged td { background: #fdecea; }
    table.responses { width: auto; } table.responses td:nth-child(2) { text-align: left; }
    .dot { fill: #3465a4; } .flagged-dot { fill: #c62828; stroke: #1b1b1b; stroke-width: 1.5; }
    .axis { stroke: #888; } .guide { stroke: #bbb; stroke-dasharray: 4 3; }

    """

  /// Facility (x, 0–100 %) against the discrimination index (y, −100…100): one dot per question, its label
  /// on hover (`<title>`), flagged questions red and ringed.
  func scatterPlot() -> String {
    let (left, top, plotWidth, plotHeight) = (56, 16, 480, 300)
    let width = left + plotWidth + 20
    let height = top + plotHeight + 44
    func x(_ facility: Double) -> String {
      Formatting.number(Double(left) + min(100, max(0, facility)) / 100 * Double(plotWidth))
    }
    func y(_ discrimination: Double) -> String {
      Formatting.number(Double(top) + (100 - min(100, max(-100, discrimination))) / 200 * Double(plotHeight))
    }
    let title = messages.tr("Facility and discrimination")
    var out = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" class=\"scatter\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">",
      "<title>\(Formatting.html(title))</title>",
      "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(plotWidth)\" height=\"\(plotHeight)\" fill=\"none\" class=\"axis\"/>",
      "<line class=\"guide\" x1=\"\(left)\" x2=\"\(left + plotWidth)\" y1=\"\(y(0))\" y2=\"\(y(0))\"/>",
      "<line class=\"guide\" x1=\"\(x(10))\" x2=\"\(x(10))\" y1=\"\(top)\" y2=\"\(top + plotHeight)\"/>",
      "<line class=\"guide\" x1=\"\(x(90))\" x2=\"\(x(90))\" y1=\"\(top)\" y2=\"\(top + plotHeight)\"/>",
    ]
    for tick in [0, 50, 100] {
      out.append("<text x=\"\(x(Double(tick)))\" y=\"\(top + plotHeight + 16)\" text-anchor=\"middle\">\(tick)%</text>")
    }
    for tick in [-100, 0, 100] {
      out.append(
        "<text x=\"\(left - 6)\" y=\"\(y(Double(tick)))\" text-anchor=\"end\" dominant-baseline=\"middle\">\(tick)</text>"
      )
    }
    let xName = messages.tr("Facility")
    let yName = messages.tr("Discrimination")
    out.append(
      "<text x=\"\(left + plotWidth / 2)\" y=\"\(height - 6)\" text-anchor=\"middle\"\(Formatting.isCJK(xName) ? " lang=\"zh\"" : "")>\(Formatting.html(xName))</text>"
    )
    out.append(
      "<text x=\"14\" y=\"\(top + plotHeight / 2)\" text-anchor=\"middle\" transform=\"rotate(-90 14 \(top + plotHeight / 2))\"\(Formatting.isCJK(yName) ? " lang=\"zh\"" : "")>\(Formatting.html(yName))</text>"
    )
    for item in items {
      guard let f = item.statistics.facility, let d = item.statistics.discriminationIndex else { continue }
      let flagged = !item.statistics.flags.isEmpty
      let hover = "\(item.label) (\(item.questionID)): \(xName) \(Self.percent(f)), \(yName) \(Self.figure(d))"
      out.append(
        "<circle class=\"\(flagged ? "flagged-dot" : "dot")\" data-address=\"\(Formatting.html(item.label))\" cx=\"\(x(f))\" cy=\"\(y(d))\" r=\"\(flagged ? 6 : 4)\"><title>\(Formatting.html(hover))</title></circle>"
      )
    }
    out.append("</svg>")
    return out.joined(separator: "\n")
  }
}
