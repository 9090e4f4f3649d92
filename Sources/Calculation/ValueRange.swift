import Foundation

/// A range a calculated question's variable is drawn from, as Moodle's dataset definitions give it:
/// minimum, maximum, decimals and distribution. A draw is what Moodle's `generate_dataset_item` does:
/// a uniform (or log-uniform) number between the bounds, ends included, written with the decimals.
///
/// ```swift
/// let mass = try ValueRange(minimum: 20, maximum: 80, decimals: 1)
/// var generator = SeededRandomNumberGenerator(seed: 7)
/// mass.draw(using: &generator)   // DrawnValue(value: 47.3, text: "47.3"), the same for seed 7 every run
/// ```
package struct ValueRange: Equatable, Sendable {
  /// The most decimals a range may ask for: beyond this a double holds no more digits.
  package static let maximumDecimals = 15

  package let minimum: Double
  package let maximum: Double
  package let decimals: Int
  package let distribution: ValueDistribution

  /// A range. The bounds may come in either order (Moodle draws between them all the same); a
  /// log-uniform range uses their sizes, as Moodle does, so it draws positive values only.
  package init(
    minimum: Double, maximum: Double, decimals: Int, distribution: ValueDistribution = .uniform
  ) throws(ValueRangeError) {
    guard minimum.isFinite, maximum.isFinite else { throw .boundNotFinite }
    guard (0...Self.maximumDecimals).contains(decimals) else { throw .decimalsOutOfRange(decimals) }
    if distribution == .logUniform, minimum == 0 || maximum == 0 { throw .logUniformBoundIsZero }
    self.minimum = minimum
    self.maximum = maximum
    self.decimals = decimals
    self.distribution = distribution
  }

  /// One value, drawn from `generator`'s next 64 bits.
  package func draw(using generator: inout some RandomNumberGenerator) -> DrawnValue {
    let u = RandomDraw.unit(using: &generator)
    let number: Double
    switch distribution {
    case .uniform:
      number = minimum + (maximum - minimum) * u
    case .logUniform:
      let low = Foundation.log(Swift.abs(minimum))
      number = Foundation.exp(low + (Foundation.log(Swift.abs(maximum)) - low) * u)
    }
    return value(number)
  }

  /// `number` as a value of this range: written with the range's decimals (as Moodle's `sprintf`)
  /// and read back, so the value is exactly what the question shows.
  package func value(_ number: Double) -> DrawnValue {
    let text = String(format: "%.\(decimals)f", number)
    return DrawnValue(value: Double(text) ?? number, text: text)
  }
}
