package import QuizEngine

/// An ordering question in Moodle XML (qtype_ordering): its `<gradingtype>` names.
///
/// ```swift
/// MoodleOrdering.gradingType(.relativeNext)                   // "RELATIVE_NEXT_EXCLUDE_LAST"
/// MoodleOrdering.scoring(gradingType: "ABSOLUTE_POSITION")    // .absolutePosition
/// ```
package enum MoodleOrdering {
  /// The `<gradingtype>` an export writes for `scoring`.
  package static func gradingType(_ scoring: Ordering.Scoring) -> String {
    switch scoring {
    case .allOrNothing: "ALL_OR_NOTHING"
    case .absolutePosition: "ABSOLUTE_POSITION"
    case .relativeNext: "RELATIVE_NEXT_EXCLUDE_LAST"
    }
  }

  /// The scoring of a `<gradingtype>` (its name, or the number Moodle stores: -1, 0, 1); nil for
  /// one practice does not grade by (the longest subsets, the previous and next items).
  package static func scoring(gradingType: String) -> Ordering.Scoring? {
    switch gradingType.uppercased() {
    case "ALL_OR_NOTHING", "-1": .allOrNothing
    case "ABSOLUTE_POSITION", "ABSOLUTE", "ABS", "0": .absolutePosition
    case "RELATIVE_NEXT_EXCLUDE_LAST", "1", "": .relativeNext
    default: nil
    }
  }
}
