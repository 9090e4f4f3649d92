import Foundation
import Localization
import PracticeJSON
import QuizEngine
import TextLayout

/// The item analysis as one HTML page: the test's figures, the questions' table and a scatter plot
/// of facility against discrimination.
struct ItemAnalysisHTML {
  var analysis: ItemAnalysis

  func render() -> String {
    let stamp = Formatting.iso(analysis.generated)
    let time = "<time datetime=\"\(stamp)\">\(Formatting.html(analysis.messages.dateTime(analysis.generated)))</time>"
    var body = [
      "<h1>"
        + HTMLPage.text(analysis.heading(title: analysis.courseTitle, id: analysis.courseID, scope: analysis.scopeText))
        + "</h1>",
      "<p class=\"meta\">" + HTMLPage.text(analysis.attemptsLine) + ". "
        + analysis.messages.tr("Generated {time}.", ["time": time])
        + "</p>",
    ]
    if let problem = analysis.problem {
      body.append("<p class=\"error\">\(Formatting.html(analysis.messages.tr(problem)))</p>")
    }
    for user in analysis.unreadable {
      body.append(
        "<p class=\"error\">"
          + Formatting.html(
            analysis.messages.tr("{name}: {problem}", ["name": user.name, "problem": user.problem(analysis.messages)]))
          + "</p>")
    }
    if let overruledLine = analysis.overruledLine { body.append("<p>" + HTMLPage.text(overruledLine) + "</p>") }
    body.append("<h2>" + HTMLPage.text(analysis.messages.tr("Test")) + "</h2>")
    body.append("<table>")
    for (name, value) in analysis.testFigures {
      body.append(HTMLPage.row([HTMLPage.text(name), HTMLPage.text(value)]))
    }
    body.append("</table>")
    body.append("<h2>" + HTMLPage.text(analysis.messages.tr("Facility and discrimination")) + "</h2>")
    body.append(scatterPlot())
    body.append("<h2>" + HTMLPage.text(analysis.messages.tr("Questions")) + "</h2>")
    body.append("<table>")
    body.append(
      "<thead>" + HTMLPage.row(ItemAnalysis.columns.map { HTMLPage.text(analysis.messages.tr($0)) }, header: true)
        + "</thead>")
    body.append("<tbody>")
    for item in analysis.ordered {
      let flags = item.statistics.flags.map { analysis.messages.tr($0.reason) }
      body.append(
        HTMLPage.row(
          [Formatting.html(item.label), HTMLPage.text(item.type.label(analysis.messages))]
            + ItemAnalysis.cells(item.statistics)
            + [flags.isEmpty ? "" : HTMLPage.text(analysis.messages.list(flags))],
          rowClass: flags.isEmpty ? nil : "flagged"))
    }
    body.append("</tbody>")
    body.append("</table>")
    body.append("<h2>" + HTMLPage.text(analysis.messages.tr("Responses")) + "</h2>")
    for item in analysis.ordered {
      body.append(
        "<h3>" + Formatting.html(item.label) + " " + HTMLPage.text(Formatting.oneLine(item.shownPrompt)) + "</h3>")
      body.append("<table class=\"responses\">")
      for response in item.responses {
        let text = HTMLPage.text(analysis.shown(response, type: item.type))
        body.append(
          HTMLPage.row(
            [
              response.right ? "✓" : response.isPartlyRight ? ItemAnalysis.partMark(response) : "",
              response.right ? "<strong>\(text)</strong>" : text, "\(response.count)",
              ItemAnalysis.share(response.count, of: item),
            ]))
      }
      for (name, count) in [
        (analysis.messages.tr("partly right"), item.partlyRight),
        (analysis.messages.tr("other answers"), item.otherAnswers),
        (analysis.messages.tr("skipped"), item.skipped),
      ]
      where count > 0 {
        body.append(HTMLPage.row(["", HTMLPage.text(name), "\(count)", ItemAnalysis.share(count, of: item)]))
      }
      body.append("</table>")
    }
    return HTMLPage.page(
      title: analysis.heading(title: analysis.courseTitle, id: analysis.courseID, scope: analysis.scopeText),
      body: body,
      language: analysis.messages.language.htmlTag
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
    let title = analysis.messages.tr("Facility and discrimination")
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
    let xName = analysis.messages.tr("Facility")
    let yName = analysis.messages.tr("Discrimination")
    out.append(
      "<text x=\"\(left + plotWidth / 2)\" y=\"\(height - 6)\" text-anchor=\"middle\"\(Formatting.isCJK(xName) ? " lang=\"zh\"" : "")>\(Formatting.html(xName))</text>"
    )
    out.append(
      "<text x=\"14\" y=\"\(top + plotHeight / 2)\" text-anchor=\"middle\" transform=\"rotate(-90 14 \(top + plotHeight / 2))\"\(Formatting.isCJK(yName) ? " lang=\"zh\"" : "")>\(Formatting.html(yName))</text>"
    )
    for item in analysis.items {
      guard let f = item.statistics.facility, let d = item.statistics.discriminationIndex else { continue }
      let flagged = !item.statistics.flags.isEmpty
      let hover =
        "\(item.label) (\(item.questionID)): \(xName) \(ItemAnalysis.percent(f)), \(yName) \(ItemAnalysis.figure(d))"
      out.append(
        "<circle class=\"\(flagged ? "flagged-dot" : "dot")\" data-address=\"\(Formatting.html(item.label))\" cx=\"\(x(f))\" cy=\"\(y(d))\" r=\"\(flagged ? 6 : 4)\"><title>\(Formatting.html(hover))</title></circle>"
      )
    }
    out.append("</svg>")
    return out.joined(separator: "\n")
  }
}
