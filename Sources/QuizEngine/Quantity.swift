package import Localization

/// What a unit measures; only units of the same quantity convert into each other.
///
/// ```swift
/// MeasurementUnit.named("kg")?.quantity  // .mass
/// Quantity.mass.name          // "mass"
/// Quantity(rawValue: "temperature difference")  // .temperatureDifference
/// ```
package enum Quantity: String, Sendable, Equatable, CaseIterable {
  case length
  case mass
  case volume
  case density
  case temperature
  /// A change or gap in temperature, measured in °C or K alike: 23 K of difference is 23 °C of it.
  /// No unit has it as its own quantity; a question says `"quantity": "temperature difference"`.
  case temperatureDifference = "temperature difference"
  case time
  case speed
}

extension Quantity {
  /// The quantity as a noun, for messages.
  package var name: String { rawValue }

  /// The quantity whose units measure this one: a temperature difference is measured in temperature units.
  package var unitQuantity: Quantity { self == .temperatureDifference ? .temperature : self }

  /// The noun with its article ("a mass", "an area"), for messages.
  package var withArticle: String {
    let first = rawValue.first.map { "aeiou".contains($0) } ?? false
    return (first ? "an " : "a ") + rawValue
  }

  /// The noun in the learner's language: `mass`, `质量`.
  package func name(_ messages: Localizer) -> String { messages.tr(nameMessage) }

  /// The noun, to be translated where it is shown.
  package var nameMessage: Message {
    switch self {
    case .length: .tr("length")
    case .mass: .tr("mass")
    case .volume: .tr("volume")
    case .density: .tr("density")
    case .temperature: .tr("temperature")
    case .temperatureDifference: .tr("temperature difference")
    case .time: .tr("time")
    case .speed: .tr("speed")
    }
  }

  /// The noun with its article in the learner's language: `a mass`; Chinese has none (`质量`).
  package func withArticle(_ messages: Localizer) -> String {
    switch self {
    case .length: return messages.tr("a length")
    case .mass: return messages.tr("a mass")
    case .volume: return messages.tr("a volume")
    case .density: return messages.tr("a density")
    case .temperature: return messages.tr("a temperature")
    case .temperatureDifference: return messages.tr("a temperature difference")
    case .time: return messages.tr("a time")
    case .speed: return messages.tr("a speed")
    }
  }
}
