import Foundation

/// The arithmetic the FSRS formulas need, so one replay of a review history computes plain values
/// (`Double`, for losses) or values with their gradient (``ParameterGradient``, for fitting).
///
/// Operations follow torch's definitions where py-fsrs's optimiser uses torch: `clamped` passes
/// the gradient when the value lies within the bounds, bounds included; `smaller(_:_:)` is
/// Python's `min` of two values (the first unless the second is strictly smaller).
protocol FSRSArithmetic {
  init(_ constant: Double)
  var value: Double { get }
  static func + (lhs: Self, rhs: Self) -> Self
  static func - (lhs: Self, rhs: Self) -> Self
  static func * (lhs: Self, rhs: Self) -> Self
  static func / (lhs: Self, rhs: Self) -> Self
  static prefix func - (operand: Self) -> Self
  /// `base ** exponent` with both variable.
  static func power(_ base: Self, _ exponent: Self) -> Self
  /// `constant ** exponent` (Python's `math.e ** x`, `0.9 ** x`).
  static func power(constant base: Double, _ exponent: Self) -> Self
  /// torch's `clamp(min:max:)`.
  func clamped(min lower: Double, max upper: Double) -> Self
  /// The value without its gradient (torch's `detach`).
  var detached: Self { get }
}

extension FSRSArithmetic {
  static func smaller(_ first: Self, _ second: Self) -> Self { second.value < first.value ? second : first }
}

extension Double: FSRSArithmetic {
  var value: Double { self }
  static func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }
  static func power(constant base: Double, _ exponent: Double) -> Double { pow(base, exponent) }
  func clamped(min lower: Double, max upper: Double) -> Double { Swift.min(Swift.max(self, lower), upper) }
  var detached: Double { self }
}
