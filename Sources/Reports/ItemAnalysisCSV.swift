import Localization
import PracticeJSON
import QuizEngine
import TextLayout

/// The item analysis as CSV: one row per question, figures to four decimals.
struct ItemAnalysisCSV {
  var analysis: ItemAnalysis

  /// Column names of `csv`: one row per question.
  static let columns = [
    "address", "number", "id", "type", "attempts", "facility", "standardDeviation", "randomGuessScore",
    "discriminationIndex", "discriminativeEfficiency", "effectiveWeight", "flags", "skipped", "overruled", "prompt",
  ]

  func render() -> String {
    var out = CSVWriter()
    out.row(Self.columns)
    // Four decimals: enough for a spreadsheet; JSON keeps every digit.
    func cell(_ v: Double?) -> String {
      guard let v, v.isFinite else { return "" }
      return Formatting.number4(v)
    }
    for item in analysis.items {
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
}
