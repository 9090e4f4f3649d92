import CourseOutline
import Localization
import ProgressStorage

extension Localizer {
  /// An error as the learner reads it: the progress store's errors in this language, others as they describe themselves.
  ///
  /// ```swift
  /// Localizer(language: .chinese).describe(ProgressError(.closed, path: dir, action: "save progress"))  // "学习进度已经关闭了；请重新打开。"
  /// ```
  func describe(_ error: any Error) -> String {
    switch error {
    case let error as ProgressError: return error.description(self)
    case let error as CourseLoadError: return error.localized(by: self)
    default: return "\(error)"
    }
  }
}
