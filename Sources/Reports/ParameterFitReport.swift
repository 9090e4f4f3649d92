package import CourseOutline
package import Foundation
package import Localization
import PracticeJSON
import PracticeTime
package import ProgressStorage
import QuizEngine
package import Scheduling
import TextLayout

/// `practice optimize`: FSRS-6's parameters fitted to a learner's reviews (or a class's, pooled),
/// with the fit before and after, and a time-split check of whether fitting helps.
///
/// The review log is built as py-fsrs's optimiser reads one: every rated answer and skip with the
/// rating the scheduler used; each question of the course is a card, numbered in the course's
/// order (questions no longer in the course after them, by id), and for a class each learner's
/// questions are separate cards, learners in name order.
///
/// ```swift
/// let report = ParameterFitReport.build(course: course, learners: [("ann", state)], scope: .learner("ann"))
/// print(report.render(.text, messages: .english))
/// ```
package struct ParameterFitReport: Sendable {
  /// Whose reviews were fitted.
  package enum Scope: Sendable, Hashable {
    case learner(String)
    /// The learners whose reviews were pooled.
    case classFolder(learners: Int)
  }

  /// The check that fitting helps on reviews it has not seen: parameters fitted on the reviews before
  /// `from` (the first four fifths of the history's days), both sets measured on the reviews after.
  package struct TimeSplit: Sendable, Hashable {
    package var from: Date
    package var fit: FSRSOptimizer.Fit
    package var defaults: FitMeasures
    /// The parameters in use on the later reviews, when there are some other than the defaults.
    package var inUse: FitMeasures?
    package var fitted: FitMeasures

    /// What the fitted parameters must beat: those in use.
    package var baseline: FitMeasures { inUse ?? defaults }
    /// Whether the fitted parameters predict the later reviews better than the baseline.
    package var helps: Bool { !fit.usedDefaults && fitted.count > 0 && fitted.logLoss < baseline.logLoss }
  }

  /// Whether the fitted parameters are worth using, and if not, why not.
  package enum Verdict: Sendable, Hashable {
    /// They predict the later reviews better than what is in use: `--apply` records them.
    case better
    /// Fewer than 512 reviews a day or more after the previous one.
    case tooLittleData
    /// Too little history before the split to check them (or none after it).
    case cannotCheck
    /// They predict the later reviews no better than the baseline.
    case notBetter
  }

  package var scope: Scope
  package var course: String
  /// Reviews in the log (answers and skips), before py-fsrs's cut at 64 per question.
  package var reviews: Int
  package var fit: FSRSOptimizer.Fit
  package var defaults: FitMeasures
  package var fitted: FitMeasures
  /// The parameters in use (the learner's own, or the class's), when not the defaults, and their fit.
  package var inUse: ParameterTimeline.Choice?
  package var inUseFit: FitMeasures?
  /// Nil when the reviews span too little time to split (under two days).
  package var split: TimeSplit?

  package var verdict: Verdict {
    if fit.usedDefaults { return .tooLittleData }
    guard let split, !split.fit.usedDefaults, split.fitted.count > 0 else { return .cannotCheck }
    return split.helps ? .better : .notBetter
  }

  /// The reference matched (`fsrs/optimizer.py`), for the reader and the JSON.
  package static let reference = "py-fsrs 6.3.2"

  /// Fits the pooled reviews of `learners` (one for a learner's own fit).
  ///
  /// - Parameter inUse: the parameters scheduling uses now (nil: the defaults), which the fitted ones must beat.
  package static func build(
    course: Course, learners: [(user: String, state: ProgressState)], scope: Scope,
    inUse: ParameterTimeline.Choice? = nil
  ) -> ParameterFitReport {
    let history = reviewHistory(course: course, learners: learners)
    let fit = FSRSOptimizer(history: history).fit()
    let defaults = FSRSScheduler.defaultParameters
    var report = ParameterFitReport(
      scope: scope, course: course.id, reviews: history.reviewCount, fit: fit,
      defaults: FitMeasures(history: history, parameters: defaults),
      fitted: FitMeasures(history: history, parameters: fit.parameters), inUse: inUse,
      inUseFit: inUse.map { FitMeasures(history: history, parameters: $0.parameters) }, split: nil)
    let times = history.cards.flatMap { $0.reviews.map(\.time) }
    if let first = times.min(), let last = times.max(), last - first >= 2 * 86_400_000 {
      let from = first + (last - first) * 4 / 5
      let earlier = ReviewHistory(history.cards.flatMap { $0.reviews.filter { $0.time < from } })
      let splitFit = FSRSOptimizer(history: earlier).fit()
      report.split = TimeSplit(
        from: Date(timeIntervalSince1970: Double(from) / 1000), fit: splitFit,
        defaults: FitMeasures(history: history, parameters: defaults, from: from),
        inUse: inUse.map { FitMeasures(history: history, parameters: $0.parameters, from: from) },
        fitted: FitMeasures(history: history, parameters: splitFit.parameters, from: from))
    }
    return report
  }

  /// The review log of `learners` in `course`, numbered as py-fsrs numbers cards (see the type's summary).
  package static func reviewHistory(course: Course, learners: [(user: String, state: ProgressState)]) -> ReviewHistory {
    var position: [String: Int] = [:]
    for node in course.nodes {
      for question in node.questions where position[question.id] == nil { position[question.id] = position.count }
    }
    let ordered = learners.sorted { $0.user < $1.user }
    let histories = ordered.map(\.state.reviewHistory)
    let retired = Set(histories.joined().map(\.questionID)).subtracting(position.keys).sorted()
    for id in retired { position[id] = position.count }
    let cardsPerLearner = position.count
    var reviews: [ReviewHistory.Review] = []
    for (learner, history) in histories.enumerated() {
      for event in history {
        reviews.append(
          ReviewHistory.Review(
            card: learner * cardsPerLearner + position[event.questionID]!,
            time: Int64((event.time.timeIntervalSince1970 * 1000).rounded()), rating: event.rating))
      }
    }
    return ReviewHistory(reviews)
  }

  // MARK: - Rendering

  /// Text for people (in `messages`' language) or the JSON document for programs.
  package func render(_ format: ReportFormat, messages: Localizer = .english) -> String {
    format == .json ? JSONWriter.pretty(json) + "\n" : text(messages)
  }

  func text(_ messages: Localizer) -> String {
    var lines: [String] = []
    switch scope {
    case .learner(let user):
      lines.append(
        messages.tr("FSRS parameters fitted to {user}'s reviews in {course}", ["user": user, "course": course]))
    case .classFolder(let learners):
      lines.append(
        messages.trn(
          "FSRS parameters fitted to the reviews of {count} learner in {course}",
          "FSRS parameters fitted to the reviews of {count} learners in {course}", count: learners,
          ["course": course]))
    }
    lines.append(
      messages.tr(
        "Reviews: {reviews}, of which {qualifying} a day or more after the question's previous one",
        ["reviews": reviews, "qualifying": fit.qualifyingReviews]))
    if fit.usedDefaults {
      lines.append(
        messages.tr(
          "Too little data to fit: the optimiser needs {needed} reviews a day or more after the previous one, and there are {count}. The default parameters stay.",
          ["needed": FSRSOptimizer.miniBatchSize, "count": fit.qualifyingReviews]))
    }
    lines.append("")
    // With too little data nothing was fitted: no "fitted" row equal to the defaults, no time split
    // of a fit that did not happen, no list of the default parameters as if they were a result.
    lines += measuresTable(defaults: defaults, inUse: inUseFit, fitted: fit.usedDefaults ? nil : fitted, messages)
    if let split, !fit.usedDefaults {
      lines.append("")
      lines.append(
        messages.tr(
          "Time split: fitted on the reviews before {date} (the first four fifths of the days), measured on the {count} after:",
          ["date": messages.date(split.from), "count": split.fitted.count]))
      if split.fitted.count == 0 {
        lines.append("  " + messages.tr("no later review was a day or more after the previous one: nothing to measure"))
      } else {
        // The earlier reviews too few to fit: the defaults' row alone (the verdict says why).
        lines += measuresTable(
          defaults: split.defaults, inUse: split.inUse, fitted: split.fit.usedDefaults ? nil : split.fitted, messages)
      }
    }
    if !fit.usedDefaults {
      lines.append("")
      lines.append(messages.tr("Parameters (w0–w20):"))
      let values = fit.parameters.map { String(printf: "%.4f", $0) }
      for start in stride(from: 0, to: values.count, by: 7) {
        lines.append("  " + values[start..<min(start + 7, values.count)].joined(separator: " "))
      }
    }
    lines.append(
      messages.tr(
        "Matched to {reference}'s optimiser; lower log loss and RMSE(bins) are better.", ["reference": Self.reference]))
    lines.append(verdictText(messages))
    return lines.joined(separator: "\n") + "\n"
  }

  /// The verdict in words, with what to do.
  package func verdictText(_ messages: Localizer) -> String {
    let baseline =
      switch inUse?.source {
      case nil: messages.tr("the default parameters")
      case .class?: messages.tr("the class's parameters")
      case .own?: messages.tr("the parameters in use")
      }
    switch verdict {
    case .better:
      if case .classFolder = scope {
        return messages.tr(
          "Fitting helps: on the later reviews the fitted parameters predict better than {baseline}. To have the class's programs schedule with them: practice optimize --class --apply",
          ["baseline": baseline])
      }
      return messages.tr(
        "Fitting helps: on the later reviews the fitted parameters predict better than {baseline}. To schedule with them from now on: practice optimize --apply",
        ["baseline": baseline])
    case .tooLittleData:
      return messages.tr("Nothing to apply yet: {baseline} stay in use.", ["baseline": baseline])
    case .cannotCheck:
      return messages.tr(
        "Not proposed: the history before the split is too short to check that fitting helps; {baseline} stay in use.",
        ["baseline": baseline])
    case .notBetter:
      return messages.tr(
        "Not proposed: on the later reviews the fitted parameters predict no better than {baseline}, which stay in use.",
        ["baseline": baseline])
    }
  }

  private func measuresTable(
    defaults: FitMeasures, inUse: FitMeasures?, fitted: FitMeasures?, _ messages: Localizer
  ) -> [String] {
    var grid = TextGrid([.left(""), .right(messages.tr("log loss")), .right(messages.tr("RMSE(bins)"))])
    func row(_ name: String, _ measures: FitMeasures) {
      grid.append(
        [name, Self.figure(measures.logLoss), Self.figure(measures.rmseBins)].map { TextGrid.Cell($0) })
    }
    row(messages.tr("default parameters"), defaults)
    if let inUse, let source = self.inUse?.source {
      row(source == .class ? messages.tr("class parameters") : messages.tr("parameters in use"), inUse)
    }
    if let fitted { row(messages.tr("fitted parameters"), fitted) }
    return grid.render(style: ReportStyle(unicode: true, color: false, width: nil)).map { "  " + $0 }
  }

  static func figure(_ value: Double) -> String { value.isFinite ? String(printf: "%.4f", value) : "-" }

  /// The verdict as JSON names it.
  var verdictName: String {
    switch verdict {
    case .better: "better"
    case .tooLittleData: "too-little-data"
    case .cannotCheck: "cannot-check"
    case .notBetter: "not-better"
    }
  }

  /// Measures as JSON: `logLoss`, `rmseBins` (null when nothing was measured), `reviews`.
  static func json(_ m: FitMeasures) -> JSONValue {
    .object([
      ("logLoss", m.logLoss.isFinite ? .double(m.logLoss) : .null),
      ("rmseBins", m.rmseBins.isFinite ? .double(m.rmseBins) : .null), ("reviews", .int(m.count)),
    ])
  }

  var json: JSONValue {
    let measures: (FitMeasures) -> JSONValue = Self.json
    var members: [(String, JSONValue)] = [("type", "practice-parameter-fit"), ("course", .string(course))]
    switch scope {
    case .learner(let user): members += [("scope", "learner"), ("user", .string(user))]
    case .classFolder(let learners): members += [("scope", "class"), ("learners", .int(learners))]
    }
    members += [
      ("reference", .string(Self.reference)), ("reviews", .int(reviews)),
      ("qualifyingReviews", .int(fit.qualifyingReviews)), ("usedDefaults", .bool(fit.usedDefaults)),
      ("parameters", .array(fit.parameters.map { .double($0) })),
      (
        "fit",
        .object([
          ("defaults", measures(defaults)), ("inUse", inUseFit.map(measures) ?? .null), ("fitted", measures(fitted)),
        ])
      ),
      (
        "inUse",
        inUse.map {
          .object([
            ("fittedTo", .string($0.source.rawValue)), ("since", .string(UTCTime.iso8601($0.time))),
            ("parameters", .array($0.parameters.map { .double($0) })),
          ])
        } ?? .null
      ),
      ("verdict", .string(verdictName)),
    ]
    if let split {
      members.append(
        (
          "timeSplit",
          .object([
            ("from", .string(UTCTime.iso8601(split.from))), ("usedDefaults", .bool(split.fit.usedDefaults)),
            ("parameters", .array(split.fit.parameters.map { .double($0) })),
            ("defaults", measures(split.defaults)),
            ("inUse", split.inUse.map(measures) ?? .null),
            ("fitted", measures(split.fitted)), ("helps", .bool(split.helps)),
          ])
        ))
    } else {
      members.append(("timeSplit", .null))
    }
    return .object(members)
  }
}
