import CourseImport
import CourseOutline
import Foundation
import Localization
import PracticeFiles
import PracticeJSON
import PracticeTime
import ProgressStorage
import QuizEngine
import Reports
import TextLayout

/// `practice report`: reads progress without changing it (a shared lock, no repairs).
struct ReportCommand {
  var app: PracticeApp
  var invocation: Invocation
  var course: Course
  var clock: any PracticeClock

  func run(address: String?, studyDay: StudyDay) -> Int32 {
    let format = invocation.reportFormat
    let toTerminal = invocation.outputFile == nil && app.stdoutIsTerminal
    let style = app.outputStyle(isTerminal: toTerminal, invocation, course: course)
    var runner = ReportRunner(course: course, user: app.learner(invocation).name, clock: clock, style: style)
    runner.studyDay = studyDay
    runner.messages = app.localizer(invocation, course: course)
    if toTerminal, format == .text { runner.width = app.reportWidth }
    let text: String
    if invocation.reportItems {
      do {
        text = try runner.itemAnalysis(
          dataDirectory: try app.dataDirectory(invocation, course: course), address: address,
          rule: invocation.itemAttempts ?? .first, format: format)
      } catch {
        app.errors.line(error.message.hasPrefix("practice: ") ? error.message : "practice: " + error.message)
        return 1
      }
    } else if invocation.reportClass {
      guard address == nil else {
        app.errors.line(
          "practice: " + runner.messages.tr("report --class covers the whole course; leave out the address"))
        return 2
      }
      do {
        text = try runner.classReport(dataDirectory: try app.dataDirectory(invocation, course: course), format: format)
      } catch {
        // `dataDirectory` says "practice: " itself.
        app.errors.line(error.message.hasPrefix("practice: ") ? error.message : "practice: " + error.message)
        return 1
      }
    } else {
      guard let state = app.readProgress(invocation, course: course) else { return 1 }
      do {
        text = try runner.learner(state: state, address: address, format: format)
      } catch {
        app.errors.line(
          "practice: " + runner.messages.tr("report: {error}", ["error": error.description(runner.messages)]))
        return 1
      }
    }
    return app.write(text, invocation, messages: runner.messages)
  }
}
