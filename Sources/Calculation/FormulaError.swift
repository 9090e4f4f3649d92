/// Why a formula could not be read or evaluated, and where.
///
/// `range` counts characters (grapheme clusters) from the formula's first character, so a caller
/// that knows where the formula starts in its file can add `range.lowerBound` to that column to
/// report FILE:LINE:COL. Evaluation errors carry the operand values that caused them, so a message
/// can say "{V} - {w} is 0" rather than only "division by zero". The library has no messages of
/// its own: the question type words these through the catalog.
package struct FormulaError: Error, Equatable, Sendable {
  /// What went wrong.
  package var kind: FormulaErrorKind
  /// The characters of the formula where it went wrong (empty at the end of the text).
  package var range: Range<Int>

  package init(_ kind: FormulaErrorKind, at range: Range<Int>) {
    self.kind = kind
    self.range = range
  }
}
