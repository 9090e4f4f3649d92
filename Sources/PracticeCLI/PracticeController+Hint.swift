import Localization
import PracticeTime
import QuizEngine
import TextLayout

extension PracticeController {
  /// `hint`: shows the current question's hint, recorded first when it has one (once per question
  /// shown), so that a session killed before the answer and resumed still counts the hint, as an
  /// answer is recorded before its feedback. A failed write shows nothing and leaves the question open.
  mutating func showHint(_ question: PresentedQuestion, in run: inout PracticeRun, state: inout ShellState)
    -> Shell.Outcome
  {
    if question.hint != nil && !run.hinted {
      do {
        try recorder?.hintShown(
          sessionID: run.id, questionID: question.id, nodeKey: nodeKey(of: question, in: run), at: clock.now())
      } catch {
        return .failed(
          CommandFailure(
            messages.tr(
              "the hint could not be saved, so it is not shown: {error}; the question stays open",
              ["error": messages.describe(error)])))
      }
    }
    if let hint = question.question.markedHint, hint.markup != .plain {
      // A bank's hint in its markup, rendered as the prompt is.
      courseText(MarkedText(messages.tr("Hint: {hint}", ["hint": hint.text]), markup: hint.markup), rest: "  ")
    } else {
      wrapped(
        question.hint.map { messages.tr("Hint: {hint}", ["hint": $0]) } ?? messages.tr("No hint for this question."),
        rest: "  ")
    }
    if question.hint != nil {
      run.hinted = true
      state = .practising(run)
    }
    return .ok
  }
}
