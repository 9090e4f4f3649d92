import QuizEngine

extension CalculatedQuestion: BankFormat {
  /// Moodle's GIFT format writes no calculated questions either.
  static let writtenInGift = false

  func giftAnswers(_ gift: inout GiftAnswerWriter) -> GiftAnswers? { nil }

  func moodleXML(_ xml: inout MoodleXMLWriter) -> (type: String, body: String) {
    // The choice form is Moodle's calculatedmulti.
    guard definition.choices != nil else {
      let type = MoodleCalculatedWriter.type(of: xml.question)
      return (type, MoodleCalculatedWriter.body(self, xml: xml, type: type))
    }
    return ("calculatedmulti", MoodleCalculatedWriter.choicesBody(self, xml: &xml))
  }
}
