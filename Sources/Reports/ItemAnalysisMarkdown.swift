import Localization
import PracticeJSON
import QuizEngine
import TextLayout

/// The item analysis as Markdown: the test's figures and the questions' table.
struct ItemAnalysisMarkdown {
  var analysis: ItemAnalysis

  func render() -> String {
    var out = [
      "# "
        + analysis.heading(
          title: Formatting.markdown(analysis.courseTitle), id: Formatting.markdown(analysis.courseID),
          scope: Formatting.markdown(analysis.scopeText)), "",
      analysis.attemptsLine + ". "
        + analysis.messages.tr("Generated {time}.", ["time": analysis.messages.dateTime(analysis.generated)]), "",
    ]
    if let problem = analysis.problem {
      out += [
        analysis.messages.tr(
          "Problem: {problem}", ["problem": Formatting.markdown(analysis.messages.tr(problem))]), "",
      ]
    }
    for user in analysis.unreadable {
      out.append(
        "- "
          + analysis.messages.tr(
            "{name}: {problem}",
            [
              "name": "**\(Formatting.markdown(user.name))**",
              "problem": Formatting.markdown(user.problem(analysis.messages)),
            ]))
    }
    if !analysis.unreadable.isEmpty { out.append("") }
    if let overruledLine = analysis.overruledLine { out += [overruledLine, ""] }
    out += ["## " + analysis.messages.tr("Test"), ""]
    out += analysis.testFigures.map { "- \($0.name): \($0.value)" }
    out += ["", "## " + analysis.messages.tr("Questions"), ""]
    out.append("| " + ItemAnalysis.columns.map { analysis.messages.tr($0) }.joined(separator: " | ") + " |")
    out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for item in analysis.ordered {
      let flags = item.statistics.flags.map { analysis.messages.tr($0.reason) }
      out.append(
        "| "
          + ([item.label, item.type.label(analysis.messages)] + ItemAnalysis.cells(item.statistics) + [
            Formatting.markdown(analysis.messages.list(flags))
          ])
          .joined(separator: " | ") + " |")
    }
    out += ["", "## " + analysis.messages.tr("Responses")]
    for item in analysis.ordered {
      out += ["", "### \(item.label) " + Formatting.markdown(Formatting.oneLine(item.shownPrompt)), ""]
      for response in item.responses {
        let text = Formatting.markdown(analysis.shown(response, type: item.type))
        out.append(
          "- "
            + (response.right
              ? "**✓ \(text)**" : response.isPartlyRight ? ItemAnalysis.partMark(response) + " " + text : text)
            + ": \(response.count) (\(ItemAnalysis.share(response.count, of: item)))")
      }
      for (name, count) in [
        (analysis.messages.tr("partly right"), item.partlyRight),
        (analysis.messages.tr("other answers"), item.otherAnswers),
        (analysis.messages.tr("skipped"), item.skipped),
      ]
      where count > 0 {
        out.append("- \(name): \(count) (\(ItemAnalysis.share(count, of: item)))")
      }
    }
    return out.joined(separator: "\n") + "\n"
  }
}
