import Localization
package import PracticeJSON
import QuizEngine
import TextLayout

extension ItemAnalysis {
  /// The analysis in `format`; `style` only affects `text`.
  ///
  /// ```swift
  /// print(analysis.render(.md))
  /// ```
  package func render(_ format: ReportFormat, style: ReportStyle = ReportStyle()) -> String {
    switch format {
    case .text: return ItemAnalysisText(analysis: self).render(style: style)
    case .json: return JSONWriter.pretty(jsonValue) + "\n"
    case .csv: return ItemAnalysisCSV(analysis: self).render()
    case .md: return ItemAnalysisMarkdown(analysis: self).render()
    case .html: return ItemAnalysisHTML(analysis: self).render()
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
    type.model.shownResponse(response.text, messages: messages)
  }

  /// `48%` of the question's attempts.
  static func share(_ count: Int, of item: ItemRow) -> String {
    item.statistics.attempts > 0 ? Formatting.percent(Double(count) * 100 / Double(item.statistics.attempts)) : "-"
  }

  /// A partly right response's mark and credit, `◐ 50%` (Moodle's partial credit column).
  static func partMark(_ response: ItemResponse, unicode: Bool = true) -> String {
    (unicode ? "◐ " : "~ ") + Formatting.percent(response.fraction * 100)
  }

  // MARK: json

  /// The document described by `schemas/item-analysis-v1.json`: figures unrounded, nil where undefined.
  package var jsonValue: JSONValue {
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
}
