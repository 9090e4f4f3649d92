import QuizEngine

extension Ordering: BankFormat {
  /// qtype_ordering's own `{>…}` extension is not core GIFT: an export leaves ordering out.
  static let writtenInGift = false

  func giftAnswers(_ gift: inout GiftAnswerWriter) -> GiftAnswers? { nil }

  func moodleXML(_ xml: inout MoodleXMLWriter) -> (type: String, body: String) {
    // qtype_ordering: the items in the right order (their fractions 1, 2, …), shown shuffled.
    var body =
      "    <layouttype>VERTICAL</layouttype>\n    <selecttype>ALL</selecttype>\n    <selectcount>0</selectcount>\n"
    body += "    <gradingtype>\(MoodleOrdering.gradingType(scoring))</gradingtype>\n"
    body += "    <showgrading>SHOW</showgrading>\n    <numberingstyle>abc</numberingstyle>\n"
    for (i, item) in items.enumerated() {
      body += MoodleXMLExporter.answerElement("\(i + 1)", xml.text(item, "items.\(i)"))
    }
    return ("ordering", body)
  }
}
