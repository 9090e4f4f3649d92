import ProgressStorage
import QuizEngine

extension QuestionResponse {
  /// A calculated question's typed answer as the item analysis lists it: read against the values it was
  /// given for and shown with them, `30 ℃ (t1 = -15, t2 = 12)`, right or wrong as the grader marked it
  /// then (an `!!` aside, as other questions' responses are read). Without the values (another
  /// question, the choice form, a record from before values were kept) nil: read the usual way.
  static func recalled(_ answer: SessionAnswer, question: Question) -> QuestionResponse? {
    guard let values = answer.values, case .calculated(let calculated) = question.kind,
      calculated.definition.choices == nil,
      let recalled = calculated.recalled(values.values.map { ($0.name, $0.text) })
    else { return nil }
    var drawn = question
    drawn.kind = .calculated(recalled)
    var text = answer.given
    if case .text(let read, _, _) = QuestionResponse.read(answer.given, question: PresentedQuestion(drawn)) {
      text = read
    }
    let right = answer.correct && !answer.overruled
    return .text(text + " (" + values.text + ")", right: right, fraction: right ? 1 : answer.fraction ?? 0)
  }
}
