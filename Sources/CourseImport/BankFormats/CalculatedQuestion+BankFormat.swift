import QuizEngine

extension CalculatedQuestion: BankFormat {
  /// Moodle's GIFT format writes no calculated questions either.
  static let writtenInGift = false

  func giftAnswers(_ gift: inout GiftAnswerWriter) -> GiftAnswers? { nil }

  func moodleXML(_ xml: inout MoodleXMLWriter) -> (type: String, body: String) {
    // The choice form is Moodle's calculatedmulti.
    guard definition.choices != nil else {
      return ("calculated", MoodleCalculatedWriter.body(self, id: xml.question.id, seed: xml.seed))
    }
    return ("calculatedmulti", MoodleCalculatedWriter.choicesBody(self, xml: &xml))
  }
}
