import CourseOutline
import Foundation
import Localization
import PracticeTime
import ProgressStorage
import Reports
import Scheduling
import TextLayout

extension PracticeApp {
  /// The teacher's parameters for the class, or nil (none, or unusable: then a warning says why).
  func classParameterFile(data: String, course: Course, messages: Localizer) -> ClassParameterFile? {
    do {
      return try ClassParameterFile.read(dataDirectory: data, course: course.id)
    } catch {
      errors.line(messages.tr("Warning: {error}", ["error": error.description(messages)]))
      return nil
    }
  }

  /// Takes the class's latest parameters up in the learner's journal, from now on, unless the
  /// learner chose their own or already schedules with these.
  func adoptClassParameters(
    _ progress: LearnerProgress, invocation: Invocation, course: Course, clock: any PracticeClock, messages: Localizer
  ) {
    guard let data = try? dataDirectory(invocation, course: course),
      let latest = classParameterFile(data: data, course: course, messages: messages)?.latest
    else { return }
    let timeline = progress.store.state.parameterTimeline
    guard !timeline.choices.contains(where: { $0.source == .own }), timeline.current?.parameters != latest.parameters
    else { return }
    do {
      try progress.store.record(
        .parametersChosen(
          ParameterTimeline.Choice(
            time: clock.now(), parameters: latest.parameters, source: .class, reviews: latest.reviews)))
    } catch {
      errors.line(error.description(messages))
    }
  }
}
