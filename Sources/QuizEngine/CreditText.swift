/// How a fraction of credit is written for the learner: `80`, `33.33`, `12.5` (percent, at most two decimals).
///
/// ```swift
/// CreditText.percent(0.8)        // "80"
/// CreditText.percent(1.0 / 3)    // "33.33"
/// ```
package enum CreditText {
  /// Marks as Moodle shows them, to two decimals without trailing zeros: `3.8`, `2.33`, `4`.
  package static func marks(_ credit: Double) -> String { percent(credit / 100) }

  package static func percent(_ fraction: Double) -> String {
    let hundredths = (fraction * 10_000).rounded()
    let whole = Int(hundredths) / 100
    let rest = Int(hundredths) % 100
    if rest == 0 { return String(whole) }
    return rest % 10 == 0 ? "\(whole).\(rest / 10)" : "\(whole).\(rest < 10 ? "0" : "")\(rest)"
  }
}
