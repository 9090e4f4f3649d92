import CourseOutline
import Foundation
import Localization
import PracticeTime
import ProgressStorage
import QuizEngine
import Reports
import TextLayout

/// `report` in the REPL and `practice report` on the command line.
struct ReportRunner {
  let course: Course
  let user: String
  /// Read at each report: in the REPL a report made an hour in says so, and counts today's answers.
  let clock: any PracticeClock
  let style: OutputStyle
  /// The study days "due today" counts in.
  var studyDay = StudyDay()
  /// The catalog the report speaks through (text, Markdown, HTML).
  var messages = Localizer.english
  /// The terminal's width when the report goes to one (asked at each report: windows get resized).
  var width: () -> Int? = { nil }

  private var reportStyle: ReportStyle {
    ReportStyle(unicode: style.unicode, color: style.color, width: width())
  }

  /// The learner's report on `state`, restricted to the subtree at `address` when one is given.
  func learner(state: ProgressState, address: String?, format: ReportFormat) throws(NodeLookupError) -> String {
    let root = try address.map { (a: String) throws(NodeLookupError) in try course.resolve(a, messages: messages) }
    var report = LearnerReport.build(
      course: course, state: state, user: user, now: clock.now(), root: root, studyDay: studyDay)
    report.messages = messages
    let style = reportStyle
    return OutputSanitizer.clean(report.render(format, style: style), keepingColor: style.color)
  }

  ///
  /// A data folder that cannot be listed (missing, unreadable, a loop of symbolic links) fails the
  /// command: a report of no learners would read as a class that has not started.
  func classReport(dataDirectory: String, format: ReportFormat) throws(CommandFailure) -> String {
    let style = reportStyle
    var report = ClassReport.build(
      course: course, dataDirectory: dataDirectory, now: clock.now(), studyDay: studyDay)
    if let problem = report.problem {
      throw CommandFailure(
        messages.tr("report --class: {problem}", ["problem": messages.tr(problem)]))
    }
    report.messages = messages
    let text = report.render(format, style: style)
    return OutputSanitizer.clean(text, keepingColor: style.color)
  }

  /// `report --class --items [ADDR]`: Moodle's item analysis of the class's attempts at ADDR (the whole course
  /// when nil). A data folder that cannot be listed fails the command, as for the class report.
  func itemAnalysis(
    dataDirectory: String, address: String?, rule: ItemAnalysis.AttemptRule, format: ReportFormat
  ) throws(CommandFailure) -> String {
    let root: Int?
    do throws(NodeLookupError) {
      root = try address.map { (a: String) throws(NodeLookupError) in try course.resolve(a, messages: messages) }
    } catch {
      throw CommandFailure(messages.tr("report: {error}", ["error": error.description(messages)]))
    }
    var analysis = ItemAnalysis.build(
      course: course, dataDirectory: dataDirectory, root: root, attempts: rule, now: clock.now(),
      labels: .localized(messages))
    if let problem = analysis.problem {
      throw CommandFailure(messages.tr("report --class: {problem}", ["problem": messages.tr(problem)]))
    }
    analysis.messages = messages
    let style = reportStyle
    return OutputSanitizer.clean(analysis.render(format, style: style), keepingColor: style.color)
  }
}
