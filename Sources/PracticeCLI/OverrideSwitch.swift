import Localization

/// Whether `!!` may mark a wrong verdict right, and if not, who switched it off: a course for an
/// exam (`"allowOverride": false`) or the learner's run (`--no-override`).
///
/// ```swift
/// OverrideSwitch(courseAllows: false, runAllows: true)  // .offByCourse
/// ```
package enum OverrideSwitch: Sendable, Equatable {
  case on
  case offByCourse
  case offByRun

  package init(courseAllows: Bool, runAllows: Bool) {
    self = !courseAllows ? .offByCourse : !runAllows ? .offByRun : .on
  }

  /// What `!!` answers when it is off; nil when it is on.
  func refusal(_ messages: Localizer) -> String? {
    switch self {
    case .on: nil
    case .offByCourse:
      messages.tr("'!!' is switched off in this course: the grader's verdict stands.")
    case .offByRun:
      messages.tr("'!!' is switched off for this run (--no-override): the grader's verdict stands.")
    }
  }
}
