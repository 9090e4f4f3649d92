import QuizEngine

extension Essay: BankFormat {
  static let writtenInGift = true

  func giftAnswers(_ gift: inout GiftAnswerWriter) -> GiftAnswers? {
    // Moodle's `{}`, its general feedback inside (`{####…}`).
    let q = gift.question
    return .whole(q.explanation.isEmpty ? "" : "####" + gift.text(q.explanation, "explanation"))
  }

  func moodleXML(_ xml: inout MoodleXMLWriter) -> (type: String, body: String) {
    // Its response options in ``MoodleXMLExporter/settings(_:of:)``.
    ("essay", "")
  }
}
