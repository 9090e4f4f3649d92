import Foundation

/// Rounding as PHP's `round()` does it (PHP 7.4 to 8.3, the versions Moodle 4 runs on), which Moodle's
/// formulas and significant-figure answers use: halves away from zero, after first rounding the value
/// to the 15 significant digits a double holds. So `round(0.285, 2)` is 0.29, as a teacher expects,
/// though the double nearest 0.285 is 0.28499999999999998.
package enum DecimalRounding {
  /// `value` rounded to `places` decimals (negative: to tens, hundreds, …), halves away from zero.
  package static func halfAwayFromZero(_ value: Double, places: Int) -> Double {
    guard value.isFinite, value != 0 else { return value }
    let precisionPlaces = 14 - Int(Foundation.floor(Foundation.log10(Swift.abs(value))))
    let f1 = power10(Swift.abs(places))
    var scaled: Double
    if precisionPlaces > places && precisionPlaces - 15 < places {
      // Pre-round to the value's 15 significant digits, then move the point to `places`.
      let f2 = power10(Swift.abs(precisionPlaces))
      scaled = halfUp(precisionPlaces >= 0 ? value * f2 : value / f2)
      scaled /= power10(Swift.abs(places - precisionPlaces))
    } else {
      scaled = places >= 0 ? value * f1 : value / f1
      // Beyond a double's precision: nothing to round.
      if Swift.abs(scaled) >= 1e15 { return value }
    }
    scaled = halfUp(scaled)
    if Swift.abs(places) < 23 {
      return places > 0 ? scaled / f1 : scaled * f1
    }
    // Too many places for an exact power of ten: through decimal text, as PHP does.
    let written = String(format: "%15fe%d", scaled, -places).trimmingCharacters(in: .whitespaces)
    guard let parsed = Double(written), parsed.isFinite else { return value }
    return parsed
  }

  /// 10^n, exact from a table up to 10²² as PHP's `php_intpow10`.
  private static func power10(_ n: Int) -> Double {
    if n < 0 || n > 22 { return Foundation.pow(10, Double(n)) }
    var result = 1.0
    for _ in 0..<n { result *= 10 }
    return result
  }

  private static func halfUp(_ value: Double) -> Double {
    value >= 0 ? Foundation.floor(value + 0.5) : Foundation.ceil(value - 0.5)
  }
}
