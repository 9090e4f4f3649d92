import Foundation

/// A value with its partial derivatives by FSRS's 21 parameters (forward-mode differentiation).
///
/// Carrying the 21 partials along each operation gives the same gradient torch's autograd gives
/// py-fsrs, in one pass and without a graph: the parameters start as unit vectors, every formula
/// of the replay propagates them, and a loss's partials are its gradient.
///
/// ```swift
/// let w = ParameterGradient.parameters([...21 values...])
/// let loss = (w[0] * w[1]).value        // w0 · w1
/// (w[0] * w[1]).partials[0]             // ∂/∂w0 = w1
/// ```
struct ParameterGradient: FSRSArithmetic, Sendable, Hashable {
  var value: Double
  /// ∂value/∂wᵢ in lanes 0…20; lanes 21…31 stay 0.
  var partials: SIMD32<Double>

  init(_ constant: Double) {
    value = constant
    partials = .zero
  }

  init(value: Double, partials: SIMD32<Double>) {
    self.value = value
    self.partials = partials
  }

  /// The parameters as variables: wᵢ with ∂wᵢ/∂wᵢ = 1.
  static func parameters(_ values: [Double]) -> [ParameterGradient] {
    values.indices.map { index in
      var unit = SIMD32<Double>.zero
      unit[index] = 1
      return ParameterGradient(value: values[index], partials: unit)
    }
  }

  static func + (lhs: Self, rhs: Self) -> Self {
    Self(value: lhs.value + rhs.value, partials: lhs.partials + rhs.partials)
  }

  static func - (lhs: Self, rhs: Self) -> Self {
    Self(value: lhs.value - rhs.value, partials: lhs.partials - rhs.partials)
  }

  static func * (lhs: Self, rhs: Self) -> Self {
    Self(value: lhs.value * rhs.value, partials: lhs.partials * rhs.value + rhs.partials * lhs.value)
  }

  static func / (lhs: Self, rhs: Self) -> Self {
    let quotient = lhs.value / rhs.value
    return Self(value: quotient, partials: (lhs.partials - rhs.partials * quotient) / rhs.value)
  }

  static prefix func - (operand: Self) -> Self { Self(value: -operand.value, partials: -operand.partials) }

  static func power(_ base: Self, _ exponent: Self) -> Self {
    let result = pow(base.value, exponent.value)
    // torch: ∂/∂base = exponent · base^(exponent−1); ∂/∂exponent = result · ln(base).
    let byBase = exponent.value == 0 ? 0 : exponent.value * pow(base.value, exponent.value - 1)
    let byExponent = base.value == 0 && exponent.value >= 0 ? 0 : result * log(base.value)
    return Self(value: result, partials: base.partials * byBase + exponent.partials * byExponent)
  }

  static func power(constant base: Double, _ exponent: Self) -> Self {
    let result = pow(base, exponent.value)
    let byExponent = base == 0 && exponent.value >= 0 ? 0 : result * log(base)
    return Self(value: result, partials: exponent.partials * byExponent)
  }

  func clamped(min lower: Double, max upper: Double) -> Self {
    if value < lower { return Self(lower) }
    if value > upper { return Self(upper) }
    return self
  }

  var detached: Self { Self(value) }
}
