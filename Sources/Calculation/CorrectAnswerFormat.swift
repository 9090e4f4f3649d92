import Foundation

/// How a calculated question writes its correct answer (and `{=…}` values in feedback): Moodle's
/// `correctanswerformat` (1 decimals, 2 significant figures) with `correctanswerlength`, written
/// exactly as Moodle's `format_float` writes them, so a bank shows the same answer here as there.
///
/// ```swift
/// CorrectAnswerFormat(.decimals, 2).string(for: 2.7)              // "2.70"
/// CorrectAnswerFormat(.significantFigures, 3).string(for: 0.0012345)  // "0.00123"
/// CorrectAnswerFormat(.significantFigures, 2).string(for: 123456)    // "1.2e5"
/// ```
package struct CorrectAnswerFormat: Equatable, Sendable {
  /// Decimals or significant figures, with Moodle XML's numbers (`<correctanswerformat>`).
  package enum Style: Int, CaseIterable, Sendable {
    case decimals = 1
    case significantFigures = 2
  }

  package var style: Style
  /// How many decimals or significant figures (Moodle offers 0 to 9; 0 significant figures writes 0).
  package var length: Int

  package init(_ style: Style, _ length: Int) {
    self.style = style
    self.length = length
  }

  /// `value` written in this format, with `.` as the decimal point.
  package func string(for value: Double) -> String {
    guard value.isFinite else { return PHPNumberText.string(value) }
    let length = max(0, min(self.length, 40))
    switch style {
    case .decimals:
      return String(format: "%.\(length)f", value)
    case .significantFigures:
      return value == 0 ? "0" : Self.significantFigures(value, length: length)
    }
  }

  /// Moodle's significant-figure writing: the digits scaled to 0.d₁d₂…, rounded (PHP's `round`) to
  /// `length` digits, then written plainly for 10⁻³ ≤ |value| < 10⁴ (zeros added to show `length`
  /// figures) and as `d.dd…eN` beyond.
  private static func significantFigures(_ value: Double, length: Int) -> String {
    var answer = abs(value)
    let sign = value < 0 ? "-" : ""
    var p10 = 0
    while answer < 1 {
      p10 -= 1
      answer *= 10
    }
    while answer >= 1 {
      p10 += 1
      answer /= 10
    }
    answer = DecimalRounding.halfAwayFromZero(answer, places: length)
    if answer >= 1 {
      p10 += 1
      answer /= 10
    }
    let zeros = String(repeating: "0", count: 41) + "x"
    if p10 < -2 || p10 > 4 {
      let exponent = "e\(p10 - 1)"
      answer *= 10
      var digits = PHPNumberText.string(answer)
      if length == 1 { return sign + digits + exponent }
      digits += (digits.count == 1 ? "." : "") + zeros
      return sign + String(digits.prefix(length + 1)) + exponent
    }
    // Moodle multiplies by the text "1e<p10>" read as a number, rather than dividing: kept for equal results.
    answer *= Double("1e\(p10)") ?? 1
    if 0.1 <= answer / (Double("1e\(length)") ?? 1) {
      return sign + PHPNumberText.string(answer)
    }
    var digits = PHPNumberText.string(answer)
    digits += (digits.allSatisfy(\.isNumber) ? "." : "") + zeros
    let kept = length + (p10 < 1 ? 2 - p10 : 1)
    return sign + String(digits.prefix(kept))
  }
}
