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
import Scheduling
import TextLayout

/// `practice schedule`: every question's memory, read without changing the progress files.
struct ScheduleCommand {
  var app: PracticeApp
  var invocation: Invocation
  var course: Course
  var clock: any PracticeClock

  func run(address: String?) -> Int32 {
    guard let state = app.readProgress(invocation, course: course) else { return 1 }
    let messages = app.localizer(invocation, course: course)
    let root: Int?
    do {
      root = try address.map { (a: String) throws(NodeLookupError) in try course.resolve(a, messages: messages) }
    } catch {
      app.errors.line("practice: " + messages.tr("schedule: {error}", ["error": error.description(messages)]))
      return 1
    }
    let report = ScheduleReport.build(
      course: course, memories: state.memories(), now: clock.now(), root: root,
      scheduler: state.parameterTimeline.scheduler(at: clock.now()))
    // Fitted to the terminal like `report`; files and pipes get every column. No color: the text
    // passes the sanitiser whole, which would show color codes as text.
    let toTerminal = invocation.outputFile == nil && app.stdoutIsTerminal && invocation.reportFormat == .text
    let glyphs = app.outputStyle(isTerminal: toTerminal, invocation, course: course)
    let style = ReportStyle(unicode: glyphs.unicode, color: false, width: toTerminal ? app.reportWidth() : nil)
    let text = report.render(invocation.reportFormat, messages: messages, style: style)
    return app.write(OutputSanitizer.clean(text), invocation, messages: messages)
  }

}
