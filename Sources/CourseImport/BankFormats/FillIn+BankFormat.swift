import QuizEngine
import TextLayout

extension FillIn: BankFormat {
  static let writtenInGift = true

  func giftAnswers(_ gift: inout GiftAnswerWriter) -> GiftAnswers? {
    // GIFT's short answers always ignore case in Moodle; practice's own import keeps the flag.
    if caseSensitive { gift.extra("caseSensitive", "true") }
    let writer = gift
    var block = answers.indices.map { "=" + writer.text(answers[$0], "answers.\($0)") + writer.feedback($0) }
    block += writer.question.credit.otherAnswers.enumerated().map { k, other in
      "=" + GiftExporter.weighted(other.fraction, zero: true)
        + (other.isWildcard ? "*" : writer.text(other.text, "otherAnswers.\(k).answer"))
        + writer.otherFeedback(k, other)
    }
    return .lines(block)
  }

  func moodleXML(_ xml: inout MoodleXMLWriter) -> (type: String, body: String) {
    var body = "    <usecase>\(caseSensitive ? 1 : 0)</usecase>\n"
    for (i, accepted) in answers.enumerated() {
      body += MoodleXMLExporter.answerElement("100", xml.text(accepted, "answers.\(i)"), extra: xml.feedback(i))
    }
    for (k, other) in xml.question.credit.otherAnswers.enumerated() {
      body += MoodleXMLExporter.answerElement(
        MoodleXMLExporter.percent(other.fraction),
        other.isWildcard ? MarkedText("*") : xml.text(other.text, "otherAnswers.\(k).answer"),
        extra: xml.otherFeedback(k, other))
    }
    return ("shortanswer", body)
  }
}
