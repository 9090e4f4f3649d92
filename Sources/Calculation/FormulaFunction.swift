import Foundation

/// The functions a formula may call: exactly the list Moodle's calculated questions accept
/// (`qtype_calculated_find_formula_errors`), with the argument counts it checks. Moodle evaluates
/// them as PHP's functions of the same names; ``apply(to:)`` does what PHP does with numbers.
///
/// There is no `rand` (Moodle refuses it: a formula must give the same answer for the same values).
package enum FormulaFunction: String, CaseIterable, Sendable {
  case pi
  case abs, acos, acosh, asin, asinh, atan, atanh, bindec, ceil, cos, cosh, decbin, decoct, deg2rad
  case exp, expm1, floor
  case isFinite = "is_finite"
  case isInfinite = "is_infinite"
  case isNaN = "is_nan"
  case log10, log1p, octdec, rad2deg, sin, sinh, sqrt, tan, tanh
  case log, round
  case atan2, fmod, pow
  case min, max

  /// The function a name calls, as PHP matches them (any letter case), or nil for any other name.
  package init?(name: String) {
    self.init(rawValue: name.lowercased())
  }

  /// How many arguments the function takes.
  package var arity: ClosedRange<Int> {
    switch self {
    case .pi: 0...0
    case .log, .round: 1...2
    case .atan2, .fmod, .pow: 2...2
    case .min, .max: 2...Int.max
    default: 1...1
    }
  }

  /// The function applied to numbers, or the error PHP's result (NaN, infinity) stands for.
  /// The caller has checked the argument count.
  package func apply(to x: [Double]) -> Result<Double, FormulaErrorKind> {
    let here = FormulaOperation.function(self)
    func domain() -> Result<Double, FormulaErrorKind> { .failure(.outsideDomain(operation: here, arguments: x)) }
    let a = x.first ?? 0
    let value: Double
    switch self {
    case .pi: value = Double.pi
    case .abs: value = Swift.abs(a)
    case .acos, .asin:
      if !(-1...1).contains(a) { return domain() }
      value = self == .acos ? Foundation.acos(a) : Foundation.asin(a)
    case .acosh:
      if !(a >= 1) { return domain() }
      value = Foundation.acosh(a)
    case .asinh: value = Foundation.asinh(a)
    case .atan: value = Foundation.atan(a)
    case .atanh:
      if !(a > -1 && a < 1) { return domain() }
      value = Foundation.atanh(a)
    case .ceil: value = Foundation.ceil(a)
    case .floor: value = Foundation.floor(a)
    case .cos: value = Foundation.cos(a)
    case .cosh: value = Foundation.cosh(a)
    case .sin: value = Foundation.sin(a)
    case .sinh: value = Foundation.sinh(a)
    case .tan: value = Foundation.tan(a)
    case .tanh: value = Foundation.tanh(a)
    case .deg2rad: value = a / 180 * Double.pi
    case .rad2deg: value = a / Double.pi * 180
    case .exp: value = Foundation.exp(a)
    case .expm1: value = Foundation.expm1(a)
    case .isFinite: value = a.isFinite ? 1 : 0
    case .isInfinite: value = a.isInfinite ? 1 : 0
    case .isNaN: value = a.isNaN ? 1 : 0
    case .sqrt:
      if a < 0 { return .failure(.negativeSquareRoot(a)) }
      value = a.squareRoot()
    case .log10:
      if !(a > 0) { return domain() }
      value = Foundation.log10(a)
    case .log1p:
      if !(a > -1) { return domain() }
      value = Foundation.log1p(a)
    case .log:
      if !(a > 0) { return domain() }
      if x.count == 2 {
        // PHP: log(x, base) is ln x / ln base; a base of 0, below 0 or 1 has no logarithm.
        let base = x[1]
        if !(base > 0) || base == 1 { return domain() }
        value = Foundation.log(a) / Foundation.log(base)
      } else {
        value = Foundation.log(a)
      }
    case .round:
      // PHP converts the places to an integer, dropping any fraction.
      let places = x.count == 2 ? x[1] : 0
      guard places.isFinite, Swift.abs(places) < 400 else { return domain() }
      value = DecimalRounding.halfAwayFromZero(a, places: Int(places))
    case .atan2: value = Foundation.atan2(a, x[1])
    case .fmod:
      if x[1] == 0 { return .failure(.divisionByZero(dividend: a, divisor: x[1])) }
      value = Foundation.fmod(a, x[1])
    case .pow: return Self.power(a, x[1], operation: here)
    case .min: value = x.dropFirst().reduce(a) { Swift.min($0, $1) }
    case .max: value = x.dropFirst().reduce(a) { Swift.max($0, $1) }
    case .bindec: value = PHPNumberText.digitsValue(of: a, base: 2)
    case .octdec: value = PHPNumberText.digitsValue(of: a, base: 8)
    case .decbin, .decoct:
      guard let digits = PHPNumberText.integerDigits(of: a, base: self == .decbin ? 2 : 8) else { return domain() }
      // PHP returns the digits as text, which arithmetic then reads as a decimal number.
      value = Double(digits) ?? 0
    }
    if value.isNaN { return domain() }
    if !value.isFinite { return .failure(.notFinite(operation: here, arguments: x)) }
    return .success(value)
  }

  /// `base ** exponent` (and `pow`), with PHP's results made errors: a negative base with a fractional
  /// exponent has no real power; zero to a negative power is a division by zero.
  static func power(_ base: Double, _ exponent: Double, operation: FormulaOperation) -> Result<Double, FormulaErrorKind>
  {
    if base == 0 && exponent < 0 { return .failure(.divisionByZero(dividend: base, divisor: exponent)) }
    let value = Foundation.pow(base, exponent)
    if value.isNaN { return .failure(.outsideDomain(operation: operation, arguments: [base, exponent])) }
    if !value.isFinite { return .failure(.notFinite(operation: operation, arguments: [base, exponent])) }
    return .success(value)
  }
}
