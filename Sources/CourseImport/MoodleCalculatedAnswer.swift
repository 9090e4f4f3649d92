package import Calculation

/// One `<answer>` of a Moodle calculated question: a formula (calculated, calculatedsimple) or, for
/// calculatedmulti, a choice's text holding `{=…}` formulas; with its mark, tolerance and the
/// format its correct value is shown in.
package struct MoodleCalculatedAnswer: Equatable, Sendable {
  /// The formula as written (`{m} / {V}`), or a calculatedmulti choice's text (`{={m}/{V}} g/cm³`).
  package var text: String
  /// The mark for this answer, 0 to 1 (`fraction="100"` is 1).
  package var fraction: Double
  /// `<tolerance>` with `<tolerancetype>` (1 relative, 2 nominal, 3 geometric).
  package var tolerance: AnswerTolerance
  /// `<correctanswerformat>` (1 decimals, 2 significant figures) with `<correctanswerlength>`.
  package var format: CorrectAnswerFormat
  package var feedback: GiftQuestion.Text?
  /// A calculatedmulti choice's text format (its `format`, else the question text's): how its
  /// markup is read.
  package var textFormat: GiftQuestion.Format
  /// Where the `<answer>` element starts.
  package var line: Int
  package var column: Int

  package init(
    text: String, fraction: Double, tolerance: AnswerTolerance, format: CorrectAnswerFormat,
    feedback: GiftQuestion.Text? = nil, textFormat: GiftQuestion.Format = .plain, line: Int = 0, column: Int = 0
  ) {
    self.textFormat = textFormat
    self.text = text
    self.fraction = fraction
    self.tolerance = tolerance
    self.format = format
    self.feedback = feedback
    self.line = line
    self.column = column
  }

  /// Equal as answers: where they were read is not part of what they say.
  package static func == (a: Self, b: Self) -> Bool {
    (a.text, a.fraction, a.tolerance, a.format, a.feedback) == (b.text, b.fraction, b.tolerance, b.format, b.feedback)
  }
}
