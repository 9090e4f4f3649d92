import ProgressStorage
import QuizEngine

extension ShownValues {
  /// The values a calculated question shows in this attempt, each as shown, in the question's
  /// order; nil for any other question, and for one whose values were not drawn.
  init?(shownBy question: Question) {
    guard case .calculated(let calculated) = question.kind, let shown = calculated.shownValues, !shown.isEmpty else {
      return nil
    }
    self.init(shown.map { ($0.name, $0.text) })
  }
}
