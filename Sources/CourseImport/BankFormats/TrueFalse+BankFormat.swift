import QuizEngine
import TextLayout

extension TrueFalse: BankFormat {
  static let writtenInGift = true

  func giftAnswers(_ gift: inout GiftAnswerWriter) -> GiftAnswers? {
    let q = gift.question
    // GIFT's `#wrong#right`: what a wrong and what a right answer is told.
    let (right, wrong) = answer ? (0, 1) : (1, 0)
    let said = q.credit.feedback(at: right) != nil || q.credit.feedback(at: wrong) != nil
    return .lines([
      (answer ? "TRUE" : "FALSE")
        + (said
          ? "#" + (q.credit.feedback(at: wrong).map { gift.text($0, "feedback.\(wrong)") } ?? "") + "#"
            + (q.credit.feedback(at: right).map { gift.text($0, "feedback.\(right)") } ?? "") : "")
    ])
  }

  func moodleXML(_ xml: inout MoodleXMLWriter) -> (type: String, body: String) {
    let body =
      MoodleXMLExporter.answerElement(answer ? "100" : "0", MarkedText("true"), extra: xml.feedback(0))
      + MoodleXMLExporter.answerElement(answer ? "0" : "100", MarkedText("false"), extra: xml.feedback(1))
    return ("truefalse", body)
  }
}
