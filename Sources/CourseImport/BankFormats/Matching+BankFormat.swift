import QuizEngine
import TextLayout

extension Matching: BankFormat {
  static let writtenInGift = true

  func giftAnswers(_ gift: inout GiftAnswerWriter) -> GiftAnswers? {
    // The side after `->` is always plain text in Moodle: it takes no format.
    let writer = gift
    var block = zip(items, answers).enumerated().map { k, pair in
      "=" + writer.text(pair.0, "pairs.\(k)") + " -> " + GiftExporter.escaped(choices[pair.1])
    }
    let paired = Set(answers)
    block += choices.indices.filter { !paired.contains($0) }.map { "= -> " + GiftExporter.escaped(choices[$0]) }
    return .lines(block)
  }

  func moodleXML(_ xml: inout MoodleXMLWriter) -> (type: String, body: String) {
    var body = ""
    for (k, (item, index)) in zip(items, answers).enumerated() {
      let written = xml.text(item, "pairs.\(k)")
      body +=
        "    <subquestion format=\"\(MoodleXMLExporter.formatName(written.markup))\"><text>\(MoodleXMLExporter.escape(written.text))</text>"
      body += "<answer><text>\(MoodleXMLExporter.escape(choices[index]))</text></answer></subquestion>\n"
    }
    let paired = Set(answers)
    for index in choices.indices where !paired.contains(index) {
      body +=
        "    <subquestion format=\"plain_text\"><text></text><answer><text>\(MoodleXMLExporter.escape(choices[index]))</text></answer></subquestion>\n"
    }
    return ("matching", body)
  }
}
