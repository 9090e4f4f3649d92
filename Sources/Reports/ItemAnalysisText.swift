import Foundation
import FoundationEssentials
import Localization
import PracticeJSON
import QuizEngine
import TextLayout

/// The item analysis as plain text for a terminal or a file: the test's figures, then a table of
/// the questions (flagged first) and each question's responses.
struct ItemAnalysisText {
  var analysis: ItemAnalysis

  func render(style: ReportStyle) -> String {
    var out = LearnerReport.wrapped(
      Formatting.oneLine(
        analysis.heading(title: analysis.courseTitle, id: analysis.courseID, scope: analysis.scopeText)),
      width: style.width)
    out += LearnerReport.wrapped(analysis.attemptsLine, width: style.width)
    out += LearnerReport.wrapped(
      analysis.messages.tr("Generated {time}", ["time": analysis.messages.dateTime(analysis.generated)]),
      width: style.width)
    if let problem = analysis.problem {
      out += LearnerReport.wrapped(
        analysis.messages.tr(
          "Problem: {problem}", ["problem": Formatting.oneLine(analysis.messages.tr(problem))]),
        width: style.width)
    }
    for user in analysis.unreadable {
      out += LearnerReport.wrapped(
        analysis.messages.tr(
          "{name}: {problem}",
          ["name": Formatting.oneLine(user.name), "problem": Formatting.oneLine(user.problem(analysis.messages))]),
        width: style.width)
    }
    if let overruledLine = analysis.overruledLine { out += LearnerReport.wrapped(overruledLine, width: style.width) }
    out.append("")
    var tests = TextGrid([.left(analysis.messages.tr("Test")), .right("")])
    for (name, value) in analysis.testFigures { tests.append([TextGrid.Cell(name), TextGrid.Cell(value)]) }
    out += tests.render(style: style)
    out.append("")
    let names = ItemAnalysis.columns.map { analysis.messages.tr($0) }
    var grid = TextGrid(
      [.left(names[0]), .left(names[1])] + names[2..<9].map { TextTable.Column.right($0) } + [.left(names[9])])
    let mark = style.unicode ? "⚑" : "!"
    for item in analysis.ordered {
      let flagged = !item.statistics.flags.isEmpty
      grid.append(
        ([item.label, item.type.label(analysis.messages)] + ItemAnalysis.cells(item.statistics) + [flagged ? mark : ""])
          .map {
            TextGrid.Cell($0)
          }, tone: flagged ? TextGrid.Tone.bad : nil)
    }
    out += grid.fitted(
      to: style.width, droppable: [names[5], names[8], names[4]], ellipsis: style.unicode ? "…" : "..."
    )
    .render(style: style)
    let right = style.unicode ? "✓" : "+"
    for item in analysis.ordered {
      out.append("")
      out += LearnerReport.wrapped(
        item.label + " " + item.type.label(analysis.messages) + ": "
          + DisplayWidth.truncated(Formatting.oneLine(item.shownPrompt), to: 60, ellipsis: style.unicode ? "…" : "..."),
        width: style.width)
      for flag in item.statistics.flags {
        out += LearnerReport.wrapped(mark + " " + analysis.messages.tr(flag.reason), width: style.width, indent: "  ")
      }
      var responses = TextGrid([.left(""), .left(""), .right(""), .right("")])
      for response in item.responses {
        responses.append([
          TextGrid.Cell(
            response.right
              ? right : response.isPartlyRight ? ItemAnalysis.partMark(response, unicode: style.unicode) : ""),
          TextGrid.Cell(
            DisplayWidth.truncated(
              Formatting.oneLine(analysis.shown(response, type: item.type)), to: 50,
              ellipsis: style.unicode ? "…" : "...")),
          TextGrid.Cell("\(response.count)"), TextGrid.Cell(ItemAnalysis.share(response.count, of: item)),
        ])
      }
      for (name, count) in [
        (analysis.messages.tr("partly right"), item.partlyRight),
        (analysis.messages.tr("other answers"), item.otherAnswers),
        (analysis.messages.tr("skipped"), item.skipped),
      ]
      where count > 0 {
        responses.append([
          TextGrid.Cell(""), TextGrid.Cell(name), TextGrid.Cell("\(count)"),
          TextGrid.Cell(ItemAnalysis.share(count, of: item)),
        ])
      }
      out += responses.render(style: style).dropFirst(2).map { "  " + $0 }
    }
    return out.map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }.joined(separator: "\n")
      + "\n"
  }
}
