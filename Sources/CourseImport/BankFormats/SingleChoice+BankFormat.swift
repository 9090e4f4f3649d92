import QuizEngine
import TextLayout

extension SingleChoice: BankFormat {
  static let writtenInGift = true

  func giftAnswers(_ gift: inout GiftAnswerWriter) -> GiftAnswers? {
    let q = gift.question
    // Moodle's rule: `=` for full credit, `~` for none, `~%weight%` for the rest.
    let rights = Set([answer] + alsoRight)
    let fractions = options.indices.map {
      q.credit.fractions.indices.contains($0) ? q.credit.fractions[$0] : rights.contains($0) ? 1 : 0
    }
    // Moodle reads a block with no `~` as short answers: then the later right ones say `~%100%`.
    let allRight = fractions.allSatisfy { $0 == 1 }
    return .lines(
      options.enumerated().map { i, option in
        let sign = fractions[i] == 1 && (!allRight || i == 0) ? "=" : "~" + GiftExporter.weighted(fractions[i])
        return sign + gift.text(option, "options.\(i)") + gift.feedback(i)
      })
  }

  func moodleXML(_ xml: inout MoodleXMLWriter) -> (type: String, body: String) {
    let q = xml.question
    var body = "    <single>true</single>\n"
    let rights = Set([answer] + alsoRight)
    for (i, option) in options.enumerated() {
      let fraction =
        q.credit.fractions.indices.contains(i)
        ? MoodleXMLExporter.percent(q.credit.fractions[i]) : rights.contains(i) ? "100" : "0"
      body += MoodleXMLExporter.answerElement(fraction, xml.text(option, "options.\(i)"), extra: xml.feedback(i))
    }
    return ("multichoice", body)
  }
}
