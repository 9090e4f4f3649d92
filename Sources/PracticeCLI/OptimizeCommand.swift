import CourseOutline
import Foundation
import Localization
import PracticeTime
import ProgressStorage
import Reports
import Scheduling
import TextLayout

/// `practice optimize [--class] [--apply] [--format text|json]`: FSRS parameters fitted to the
/// learner's reviews, or to every learner's of the class pooled, with the fit before and after;
/// `--apply` records them (in the learner's journal, or in the class's parameter file) when they
/// predict the later reviews better than what is in use.
struct OptimizeCommand {
  var app: PracticeApp
  var invocation: Invocation
  var course: Course
  var clock: any PracticeClock

  func run() -> Int32 {
    let messages = app.localizer(invocation, course: course)
    let data: String
    do {
      data = try app.dataDirectory(invocation, course: course)
    } catch {
      app.errors.line(error.message)
      return 1
    }
    return invocation.reportClass
      ? optimizeClass(data: data, messages: messages)
      : optimizeLearner(data: data, messages: messages)
  }

  private func optimizeLearner(data: String, messages: Localizer) -> Int32 {
    let user = app.learner(invocation).name
    // The whole history, read-only: the store's own state has old sessions summed up by compaction.
    guard let state = app.readProgress(invocation, course: course) else { return 1 }
    // In use: the learner's latest choice, else the class's (taken up when the course next opens).
    let inUse =
      state.parameterTimeline.current
      ?? app.classParameterFile(data: data, course: course, messages: messages)?.latest.map(\.choice)
    let report = ParameterFitReport.build(
      course: course, learners: [(user, state)], scope: .learner(user), inUse: inUse)
    guard invocation.applyParameters else {
      return app.write(render(report, messages), invocation, messages: messages)
    }
    let progress: LearnerProgress
    do {
      progress = try app.openProgress(
        invocation, course: course, style: app.outputStyle(isTerminal: false, invocation, course: course), clock: clock)
    } catch {
      app.errors.line(messages.describe(error))
      return 1
    }
    defer { progress.store.close() }
    let status = app.write(render(report, messages), invocation, messages: messages)
    guard status == 0 else { return status }
    guard report.verdict == .better else {
      app.errors.line(
        "practice: "
          + messages.tr("optimize --apply: nothing recorded. {reason}", ["reason": report.verdictText(messages)]))
      return 1
    }
    let choice = ParameterTimeline.Choice(
      time: clock.now(), parameters: report.fit.parameters, source: .own, reviews: report.fit.qualifyingReviews)
    do {
      try progress.store.record(.parametersChosen(choice))
    } catch {
      app.errors.line(error.description(messages))
      return 1
    }
    app.sentenceOutput.line(
      messages.tr(
        "Recorded: your reviews are scheduled with these parameters from now on; earlier ones keep their due times."))
    return 0
  }

  private func optimizeClass(data: String, messages: Localizer) -> Int32 {
    let read = ClassHistories.read(course: course, dataDirectory: data)
    if let problem = read.problem {
      app.errors.line("practice: " + messages.tr("optimize --class: {problem}", ["problem": messages.tr(problem)]))
      return 1
    }
    for (user, error) in read.unreadable {
      app.errors.line(
        messages.tr(
          "Warning: {user}'s reviews were left out: {error}", ["user": user, "error": error.description(messages)]))
    }
    let inUse = app.classParameterFile(data: data, course: course, messages: messages)?.latest.map(\.choice)
    let report = ParameterFitReport.build(
      course: course, learners: read.learners, scope: .classFolder(learners: read.learners.count), inUse: inUse)
    let status = app.write(render(report, messages), invocation, messages: messages)
    guard status == 0, invocation.applyParameters else { return status }
    guard report.verdict == .better else {
      app.errors.line(
        "practice: "
          + messages.tr("optimize --apply: nothing recorded. {reason}", ["reason": report.verdictText(messages)]))
      return 1
    }
    do {
      // A file that does not parse is never overwritten: the read throws, and nothing is written.
      var file =
        try ClassParameterFile.read(dataDirectory: data, course: course.id) ?? ClassParameterFile(course: course.id)
      file.entries.append(
        ClassParameterFile.Entry(
          time: clock.now(), parameters: report.fit.parameters, reviews: report.fit.qualifyingReviews,
          learners: read.learners.count))
      try file.write(dataDirectory: data)
    } catch {
      app.errors.line("practice: " + error.description(messages))
      return 1
    }
    app.sentenceOutput.line(
      messages.tr(
        "Written to {path}: each learner's program takes these parameters up when it next opens the course, unless the learner chose their own.",
        ["path": ClassParameterFile.path(dataDirectory: data, course: course.id)]))
    return 0
  }

  private func render(_ report: ParameterFitReport, _ messages: Localizer) -> String {
    OutputSanitizer.clean(report.render(invocation.reportFormat, messages: messages))
  }

}
