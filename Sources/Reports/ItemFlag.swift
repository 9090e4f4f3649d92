import Localization

/// Why an item analysis flags a question, as Moodle's statistics report does.
///
/// ```swift
/// ItemFlag.veryEasy.reason  // "facility above 90%: nearly everyone gets it right"
/// ```
package enum ItemFlag: String, Sendable, Hashable, CaseIterable {
  /// Stronger learners did worse on it than weaker ones (discrimination index below 0).
  case negativeDiscrimination
  /// Discriminative efficiency below 15 %: it barely tells stronger learners from weaker ones.
  case lowEfficiency
  /// Facility below 10 %.
  case veryHard
  /// Facility above 90 %.
  case veryEasy

  static let efficiencyBelow = 15.0
  static let facilityBelow = 10.0
  static let facilityAbove = 90.0

  /// The reason in a sentence, for the catalog.
  package var reason: String {
    switch self {
    case .negativeDiscrimination:
      return trMark("negative discrimination: weaker learners did better on it than stronger ones; check this question")
    case .lowEfficiency:
      return trMark("discriminative efficiency below 15%: it hardly tells stronger learners from weaker ones")
    case .veryHard: return trMark("facility below 10%: nearly everyone gets it wrong")
    case .veryEasy: return trMark("facility above 90%: nearly everyone gets it right")
    }
  }
}
