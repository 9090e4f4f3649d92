/// What a unit measures; only units of the same quantity convert into each other.
///
/// ```swift
/// MeasurementUnit.named("kg")?.quantity  // .mass
/// Quantity.mass.name          // "mass"
/// ```
public enum Quantity: String, Sendable, Equatable, CaseIterable {
  case length
  case mass
  case volume
  case density
  case temperature
  case time
  case speed
}

extension Quantity {
  /// The quantity as a noun, for messages.
  public var name: String { rawValue }

  /// The noun with its article ("a mass", "an area"), for messages.
  public var withArticle: String {
    let first = rawValue.first.map { "aeiou".contains($0) } ?? false
    return (first ? "an " : "a ") + rawValue
  }
}
