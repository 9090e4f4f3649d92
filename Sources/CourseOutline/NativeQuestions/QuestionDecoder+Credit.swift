import Localization
import PracticeJSON
import QuizEngine
import TextLayout

extension QuestionDecoder {
  /// `asWritten`: the bank's texts as written, for an export (``AsWritten/json``); nil after a problem.
  mutating func decodeAsWritten() -> AsWritten? {
    guard let value = present("asWritten") else { return AsWritten() }
    guard let written = AsWritten(json: value) else {
      report(
        value.problem(
          .tr(
            "\"asWritten\" must be an object with an optional \"format\", \"instructionsName\", \"instructionsFormat\", \"tags\", \"settings\" (an object of strings), \"cloze\" and \"texts\", each text an object with \"field\", \"shown\", \"text\" and \"format\""
          )))
      return nil
    }
    return written
  }

  /// A text format (`plain`, `html`, `moodle`, `markdown`); plain when absent or after reporting it unknown.
  mutating func markup(_ key: String) -> TextMarkup {
    guard let name = string(key, required: false) else { return .plain }
    guard let markup = TextMarkup(rawValue: name) else {
      let names = TextMarkup.allCases.map(\.rawValue)
      report(
        JSONProblem(
          .tr(
            "unknown text format \"{format}\"; use {formats} or {last}",
            ["format": name, "formats": names.dropLast().joined(separator: ", "), "last": names.last!]),
          at: offset(of: key)))
      return .plain
    }
    return markup
  }

  /// `fractions`, `feedback` and `otherAnswers`: partial credit and per-answer feedback; nil after a problem.
  mutating func decodeCredit(_ kind: Question.Kind?) -> AnswerCredit? {
    // Most questions have none: three lookups, nothing built.
    guard present("fractions") != nil || present("feedback") != nil || present("otherAnswers") != nil else {
      return AnswerCredit()
    }
    // A calculated question's other answers are formulas, read with its definition; its choice
    // form's fractions and feedback are a choice question's, one per choice.
    if case .calculated(let calculated)? = kind, calculated.definition.choices == nil { return AnswerCredit() }
    var credit = AnswerCredit()
    var valid = true
    let count = kind?.model.creditedAnswerCount
    if let value = present("fractions") {
      // A plain loop: `allSatisfy` with an optional's `map` inside crashed the release compiler here
      // (Swift 6.x's CopyPropagation pass, "Found ownership error"), so make release and CI failed.
      var fractions: [Double] = []
      for element in value.array ?? [] {
        guard let fraction = element.double, fraction >= -1, fraction <= 1 else { break }
        fractions.append(fraction)
      }
      if let elements = value.array, fractions.count == elements.count {
        credit.fractions = fractions
        if let count, elements.count != count {
          report(
            value.problem(
              .tr(
                "\"fractions\" must have one per option ({count}), found {found}",
                ["count": count, "found": elements.count])))
          valid = false
        }
      } else {
        report(value.problem(.tr("\"fractions\" must be an array of numbers from -1 to 1, one per option")))
        valid = false
      }
    }
    if let value = present("feedback") {
      if let elements = value.array, elements.allSatisfy({ $0.string != nil }) {
        credit.feedback = elements.compactMap(\.string)
        if let count, elements.count != count {
          report(
            value.problem(
              .tr(
                "\"feedback\" must have one text per answer ({count}), found {found}",
                ["count": count, "found": elements.count])))
          valid = false
        }
      } else {
        report(value.problem(.tr("\"feedback\" must be an array of strings, one per answer")))
        valid = false
      }
    }
    if let value = present("otherAnswers") {
      let elements = value.array ?? []
      var isNumeric = false
      if case .numeric = kind { isNumeric = true }
      for element in elements {
        // A numeric answer is a number (with an optional tolerance) or "*"; a fill-in one, text.
        let number = isNumeric ? element["answer"]?.double : nil
        let tolerance = element["tolerance"].map { $0.double ?? -1 } ?? 0
        guard let text = number == nil ? element["answer"]?.string : "", number != nil || !AnswerText.isBlank(text),
          !isNumeric || number != nil || text == "*", tolerance >= 0,
          let fraction = element["fraction"]?.double, (0...1).contains(fraction),
          element["feedback"].map({ $0.string != nil }) ?? true
        else {
          report(
            element.problem(
              .tr(
                "each of \"otherAnswers\" must be an object with \"answer\" (text), \"fraction\" (0 to 1) and an optional \"feedback\" (text)"
              )))
          valid = false
          continue
        }
        credit.otherAnswers.append(
          AnswerCredit.OtherAnswer(
            text: text, fraction: fraction, feedback: element["feedback"]?.string ?? "", value: number,
            tolerance: tolerance))
      }
      if value.array == nil {
        report(value.problem(.tr("\"otherAnswers\" must be an array")))
        valid = false
      }
    }
    // The right options are those with credit: the two must agree.
    var rightOptions: [Int]?
    if case .multiple(let multiple) = kind { rightOptions = multiple.answers }
    if case .calculated(let calculated) = kind, let choices = calculated.definition.choices, choices.multiple {
      rightOptions = choices.right
    }
    if let rightOptions, !credit.fractions.isEmpty,
      rightOptions != credit.fractions.indices.filter({ credit.fractions[$0] > 0 }), let value = member("fractions")
    {
      report(value.problem(.tr("\"fractions\" must be above 0 exactly for the options in \"answers\"")))
      valid = false
    }
    return valid ? credit : nil
  }
}
