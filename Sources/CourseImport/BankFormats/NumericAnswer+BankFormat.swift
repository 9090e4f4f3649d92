import QuizEngine
import TextLayout

extension NumericAnswer: BankFormat {
  static let writtenInGift = true

  func giftAnswers(_ gift: inout GiftAnswerWriter) -> GiftAnswers? {
    let q = gift.question
    if let unit { gift.extra("unit", unit.symbol) }
    if tolerance == nil { gift.extra("tolerance", "auto") }
    if let answerUnit = rules.answerUnit { gift.extra("answerUnit", answerUnit.symbol) }
    if rules.unitRequired { gift.extra("unitRequired", "true") }
    if let quantity = rules.quantity { gift.extra("quantity", quantity.rawValue) }
    if let relative = rules.relativeTolerance { gift.extra("relativeTolerance", JSONFormat.number(relative)) }
    // Moodle needs one margin: the larger of the two practice accepts (0.5% of the answer by default).
    let relativeMargin = abs(answer) * (rules.relativeTolerance ?? (tolerance == nil ? 0.005 : 0))
    let margin = max(tolerance ?? 0, relativeMargin)
    var numbers = "#" + JSONFormat.number(answer) + ":" + JSONFormat.number(margin)
    if !q.credit.otherAnswers.isEmpty || q.credit.feedback(at: 0) != nil {
      // Moodle's several numerical answers, each with its weight and feedback; `~` (any other) last.
      numbers = "#=" + JSONFormat.number(answer) + ":" + JSONFormat.number(margin) + gift.feedback(0)
      let others = Array(q.credit.otherAnswers.enumerated())
      for (k, other) in others where !other.isWildcard {
        numbers +=
          " =" + GiftExporter.weighted(other.fraction, zero: true) + JSONFormat.number(other.value ?? 0) + ":"
          + JSONFormat.number(other.tolerance) + gift.otherFeedback(k, other)
      }
      for (k, other) in others where other.isWildcard {
        numbers +=
          (other.fraction == 0 ? " ~" : " =" + GiftExporter.weighted(other.fraction) + "*")
          + gift.otherFeedback(k, other)
      }
    }
    return .lines([numbers])
  }

  func moodleXML(_ xml: inout MoodleXMLWriter) -> (type: String, body: String) {
    if tolerance == nil { xml.tags.append("tolerance=auto") }
    if let answerUnit = rules.answerUnit { xml.tags.append("answerUnit=\(answerUnit.symbol)") }
    if rules.unitRequired { xml.tags.append("unitRequired=true") }
    if let quantity = rules.quantity { xml.tags.append("quantity=\(quantity.rawValue)") }
    if let relative = rules.relativeTolerance { xml.tags.append("relativeTolerance=\(JSONFormat.number(relative))") }
    let relativeMargin = abs(answer) * (rules.relativeTolerance ?? (tolerance == nil ? 0.005 : 0))
    let margin = max(tolerance ?? 0, relativeMargin)
    var body = MoodleXMLExporter.answerElement(
      "100", MarkedText(JSONFormat.number(answer)),
      extra: "<tolerance>\(JSONFormat.number(margin))</tolerance>" + xml.feedback(0))
    for (k, other) in xml.question.credit.otherAnswers.enumerated() {
      body += MoodleXMLExporter.answerElement(
        MoodleXMLExporter.percent(other.fraction), MarkedText(other.value.map(JSONFormat.number) ?? "*"),
        extra: "<tolerance>\(JSONFormat.number(other.tolerance))</tolerance>" + xml.otherFeedback(k, other))
    }
    if let unit {
      body +=
        "    <units><unit><multiplier>1</multiplier><unit_name>\(MoodleXMLExporter.escape(unit.symbol))</unit_name></unit></units>\n"
      // The unit is shown beside the answer box and not graded (practice converts units itself).
      body += "    <unitgradingtype>0</unitgradingtype>\n    <unitsleft>0</unitsleft>\n    <showunits>2</showunits>\n"
    }
    return ("numerical", body)
  }
}
