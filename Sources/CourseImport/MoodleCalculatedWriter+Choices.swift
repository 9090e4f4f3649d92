import Calculation
package import QuizEngine

extension MoodleCalculatedWriter {
  /// The body of a `<question type="calculatedmulti">` for a calculated question's choice form: each
  /// choice an `<answer>` with its fraction (the question's fractions, else 100 for a right choice of
  /// a single-choice question, or the equal weights and penalties a multiple-answer question graded
  /// all or nothing gets as a multichoice), the choices' answer format and feedback, then the
  /// dataset definitions as a calculated question's. `<answernumbering>` and `<shuffleanswers>` are
  /// the exporter's settings, as a multichoice question's; the combined feedback as the bank wrote it.
  static func choicesBody(_ calculated: CalculatedQuestion, xml: inout MoodleXMLWriter) -> String {
    let definition = calculated.definition
    let q = xml.question
    guard let choices = definition.choices else { return body(calculated, xml: xml) }
    var body =
      "    <synchronize>\(synchronizeValue(definition))</synchronize>\n    <single>\(choices.multiple ? 0 : 1)</single>\n"
    body += MoodleXMLExporter.settings("calculatedmulti", of: q, body: combinedFeedback)
    let count = choices.texts.count
    let fractions: [String]
    if q.credit.fractions.count == count {
      fractions = q.credit.fractions.map(MoodleXMLExporter.percent)
    } else if choices.multiple {
      xml.tags.append("grading=all")
      fractions = MultipleChoice.allOrNothingWeights(optionCount: count, answers: choices.right)
    } else {
      fractions = (0..<count).map { choices.right.contains($0) ? "100" : "0" }
    }
    let names = Set(definition.names)
    for (index, text) in choices.texts.enumerated() {
      let feedback = xml.feedback(index)
      body += answer(
        MoodleXMLExporter.escape(moodleText(text, names: names)), definition.answer, fraction: fractions[index],
        feedback: feedback.isEmpty ? "" : "      " + feedback + "\n")
    }
    return body + datasetDefinitions(definition, id: q.id, seed: xml.seed)
  }

  /// A choice's (or any text's) text as Moodle writes it: each `{=…}` with its variables in braces and `**` for `^`
  /// (``Formula/moodleText``), the rest as it is.
  static func moodleText(_ text: String, names: Set<String>) -> String {
    var characters = Array(text)
    for embedded in CalculatedText.embeddedFormulas(in: text).reversed() {
      guard let formula = try? Formula(embedded.formula, bareNames: names) else { continue }
      characters.replaceSubrange(embedded.range, with: Array("{=" + formula.moodleText + "}"))
    }
    return String(characters)
  }
}

extension Question {
  /// This question with its prompt, explanation and hint's `{=…}` written as Moodle reads them
  /// (`{=m/V}` as `{={m}/{V}}`: Moodle evaluates `m/V` as a formula without variables, and fails),
  /// when it is calculated; any other question as it is. What a Moodle XML export writes, and so what
  /// a course read back from one holds.
  package var withMoodleFormulas: Question {
    guard case .calculated(let calculated) = kind else { return self }
    let names = Set(calculated.definition.names)
    var written = self
    written.prompt = MoodleCalculatedWriter.moodleText(prompt, names: names)
    written.explanation = MoodleCalculatedWriter.moodleText(explanation, names: names)
    written.hint = hint.map { MoodleCalculatedWriter.moodleText($0, names: names) }
    return written
  }
}
