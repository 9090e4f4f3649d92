package import TextLayout

/// What a question bank wrote that practice keeps in another form: the markup of options,
/// answers, items and feedback (practice compares and shows them as plain text), and the question
/// text's format where practice's own rule would give it another one. Kept only so that an export
/// gives Moodle back what it had; empty for most questions, as the rule already says it.
///
/// Each text is kept under the course field it became (`options.1`, `feedback.0`,
/// `otherAnswers.2.feedback`, `pairs.0`, `explanation`) with the plain text practice made of it: a
/// text a teacher changed afterwards is written as it now is, not as the bank had it.
///
/// ```swift
/// // GIFT: ::Flag::[html]Which flag?{=<img src="uk.jpg" alt="UK"> ~France}
/// var written = AsWritten()
/// written.texts["options.0"] = .init(shown: "[image: UK]", text: MarkedText("<img src=\"uk.jpg\" alt=\"UK\">", markup: .html))
/// written.marked("[image: UK]", at: "options.0", questionFormat: .html).text  // <img src="uk.jpg" alt="UK">
/// written.marked("France", at: "options.1", questionFormat: .html)           // France, in HTML: it renders the same
/// ```
package struct AsWritten: Sendable, Equatable {
  /// The question text's format as the bank gave it, where ``exportFormat(of:)``'s rule gives another.
  package var format: TextMarkup?
  /// Texts as written, by the course field they became.
  package var texts: [String: Kept]
  /// The name of the description that gave the question its instructions, and its format where
  /// ``exportFormat(of:)``'s rule gives another.
  package var instructionsName: String?
  package var instructionsFormat: TextMarkup?
  /// The bank's tags for the question (Moodle's `[tag:…]`, `<tags>`).
  package var tags: [String] = []
  /// Moodle XML settings practice does not use, as written, where Moodle would read them as other
  /// than what an export writes otherwise: `penalty` → `0.1`, `answernumbering` → `none`, an
  /// essay's `responsefieldlines` → `5`, `graderinfo` and `graderinfo.format` → its text and format;
  /// a calculated question's `type` → `calculatedsimple`, `units` → `1 m` and `0.001 km` on two lines.
  package var settings: [String: String] = [:]
  /// On a Cloze question's first blank: each blank's token start as written (marks and type), in
  /// order, separated by spaces (`1:MULTICHOICE 2:NUMERICAL`), so that an export writes the blanks,
  /// which follow it, back as one Cloze question. Where the text the blanks keep could not say
  /// where each blank was (`(1)` written in it before the blank), the first blank keeps the text
  /// with `{#1}`, `{#2}`, … for them, as Moodle stores a Cloze text, under `texts["cloze"]`.
  package var cloze: String?

  /// A text as written, and the plain text practice made of it.
  package struct Kept: Sendable, Equatable {
    package var shown: String
    package var text: MarkedText
    package init(shown: String, text: MarkedText) {
      self.shown = shown
      self.text = text
    }
  }

  package init(
    format: TextMarkup? = nil, texts: [String: Kept] = [:], instructionsName: String? = nil,
    instructionsFormat: TextMarkup? = nil
  ) {
    self.format = format
    self.texts = texts
    self.instructionsName = instructionsName
    self.instructionsFormat = instructionsFormat
  }

  package var isEmpty: Bool {
    format == nil && texts.isEmpty && instructionsName == nil && instructionsFormat == nil && tags.isEmpty
      && settings.isEmpty && cloze == nil
  }

  /// `shown`, the text of course field `field`, as the bank wrote it; else in the question's
  /// format when that renders it unchanged, else as plain text.
  package func marked(_ shown: String, at field: String, questionFormat: TextMarkup) -> MarkedText {
    if let kept = texts[field], kept.shown == shown { return kept.text }
    return Self.inferred(shown, questionFormat: questionFormat)
  }

  /// Keeps `text`, which became `shown` in course field `field`, when an export could not tell it
  /// from `shown` (``inferred(_:questionFormat:)``).
  package mutating func keep(_ text: MarkedText, shown: String, at field: String, questionFormat: TextMarkup) {
    guard !shown.isEmpty, Self.inferred(shown, questionFormat: questionFormat) != text else { return }
    texts[field] = Kept(shown: shown, text: text)
  }

  /// Plain text `shown` in the question's format when that renders it unchanged (Moodle then needs
  /// no format written for it), else as plain text.
  package static func inferred(_ shown: String, questionFormat: TextMarkup) -> MarkedText {
    questionFormat == .plain || MarkupRenderer.isPlain(MarkedText(shown, markup: questionFormat))
      ? MarkedText(shown, markup: questionFormat) : MarkedText(shown)
  }

  /// The format an export gives a prompt kept in `markup` with no format of its own recorded: a
  /// plain prompt is Moodle's auto-format when that renders it unchanged (as an import of Moodle's
  /// default format with nothing to render keeps it plain), else plain text.
  package static func exportFormat(of prompt: MarkedText) -> TextMarkup {
    guard prompt.markup == .plain else { return prompt.markup }
    return MarkupRenderer.isPlain(MarkedText(prompt.text, markup: .moodle)) ? .moodle : .plain
  }
}

extension Question {
  /// The question text's format for Moodle: the bank's, else by ``AsWritten/exportFormat(of:)``.
  package var exportFormat: TextMarkup { asWritten.format ?? AsWritten.exportFormat(of: markedPrompt) }

  /// `shown`, the text of course field `field` (`options.1`, `feedback.0`, `explanation`), as
  /// Moodle should get it back.
  package func exportText(_ shown: String, at field: String) -> MarkedText {
    asWritten.marked(shown, at: field, questionFormat: exportFormat)
  }
}
