import Foundation

/// Numbers as PHP writes and reads them as text, for the functions Moodle's formulas inherit from PHP
/// that work on digits (`bindec`, `octdec`, `decbin`, `decoct`) and for Moodle's answer formatting.
enum PHPNumberText {
  /// The number as PHP's `(string)` writes a float: 14 significant digits, no trailing zeros,
  /// `1.0E+25` beyond them.
  static func string(_ value: Double) -> String {
    if value == 0 { return value.sign == .minus ? "-0" : "0" }
    let text = String(format: "%.14G", value)
    guard let e = text.firstIndex(of: "E") else { return text }
    var mantissa = String(text[..<e])
    if !mantissa.contains(".") { mantissa += ".0" }
    let exponentText = text[text.index(after: e)...]
    let sign = exponentText.first == "-" ? "-" : "+"
    let digits = Int(exponentText.drop { $0 == "+" || $0 == "-" }) ?? 0
    return "\(mantissa)E\(sign)\(digits)"
  }

  /// `bindec`/`octdec`: PHP reads its argument as text and ignores every character that is not a
  /// digit of the base, so `bindec(101)` is 5 and `bindec(12)` is 1.
  static func digitsValue(of value: Double, base: Int) -> Double {
    var result = 0.0
    for character in string(value) {
      guard let digit = character.wholeNumberValue, digit < base else { continue }
      result = result * Double(base) + Double(digit)
    }
    return result
  }

  /// `decbin`/`decoct`: the integer part's digits in the base, a negative number as its 64-bit two's
  /// complement (as PHP does); nil for a number outside PHP's integers.
  static func integerDigits(of value: Double, base: Int) -> String? {
    guard value.isFinite, value > -9.223_372_036_854_775_808e18, value < 9.223_372_036_854_775_808e18 else {
      return nil
    }
    let bits = UInt64(bitPattern: Int64(value))
    return String(bits, radix: base)
  }
}
