import QuizEngine

extension Flashcard: BankFormat {
  static let writtenInGift = true

  func giftAnswers(_ gift: inout GiftAnswerWriter) -> GiftAnswers? {
    gift.extra("type", "card")
    return .lines(["=" + gift.text(back, "back")])
  }

  func moodleXML(_ xml: inout MoodleXMLWriter) -> (type: String, body: String) {
    // A flashcard has no Moodle type: a short answer whose answer is the back is the closest.
    xml.tags.append("type=card")
    return (
      "shortanswer", "    <usecase>0</usecase>\n" + MoodleXMLExporter.answerElement("100", xml.text(back, "back"))
    )
  }
}
