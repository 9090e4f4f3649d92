import QuizEngine
import TextLayout

extension MultipleChoice: BankFormat {
  static let writtenInGift = true

  func giftAnswers(_ gift: inout GiftAnswerWriter) -> GiftAnswers? {
    let q = gift.question
    if !q.credit.fractions.isEmpty {
      return .lines(
        options.indices.map {
          "~" + GiftExporter.weighted(q.credit.fractions[$0]) + gift.text(options[$0], "options.\($0)")
            + gift.feedback($0)
        })
    }
    // All or nothing in practice; Moodle gets equal weights with penalties, and practice's import
    // reads the comment back.
    gift.extra("grading", "all")
    let weights = Self.allOrNothingWeights(optionCount: options.count, answers: answers)
    return .lines(
      options.enumerated().map { "~%\(weights[$0.offset])%" + gift.text($0.element, "options.\($0.offset)") })
  }

  func moodleXML(_ xml: inout MoodleXMLWriter) -> (type: String, body: String) {
    let q = xml.question
    var body = "    <single>false</single>\n"
    if !q.credit.fractions.isEmpty {
      for (i, option) in options.enumerated() {
        body += MoodleXMLExporter.answerElement(
          MoodleXMLExporter.percent(q.credit.fractions[i]), xml.text(option, "options.\(i)"), extra: xml.feedback(i))
      }
    } else {
      // All or nothing in practice (Moodle gets equal weights with penalties).
      xml.tags.append("grading=all")
      let weights = Self.allOrNothingWeights(optionCount: options.count, answers: answers)
      for (i, option) in options.enumerated() {
        body += MoodleXMLExporter.answerElement(weights[i], xml.text(option, "options.\(i)"))
      }
    }
    return ("multichoice", body)
  }

  /// The percentages Moodle gets for a question practice grades all or nothing: the right options
  /// share 100, the wrong ones −100 (so only the whole set scores it all), as `50` and `-100`.
  static func allOrNothingWeights(optionCount: Int, answers: [Int]) -> [String] {
    let right = GiftExporter.weight(100 / Double(answers.count))
    let wrongCount = optionCount - answers.count
    let wrong = wrongCount > 0 ? GiftExporter.weight(-100 / Double(wrongCount)) : "0"
    let chosen = Set(answers)
    return (0..<optionCount).map { chosen.contains($0) ? right : wrong }
  }
}
