package import Localization

/// The eight question types of the course format, with their names there.
///
/// ```swift
/// QuestionType(rawValue: "truefalse")  // .trueFalse
/// QuestionType.multiple.label          // "multiple answers"
/// ```
package enum QuestionType: String, Sendable, Equatable, CaseIterable {
  case single
  case multiple
  case trueFalse = "truefalse"
  case fill
  case numeric
  case matching
  case card
  case essay
}

extension QuestionType {
  /// A short English label for the question header.
  package var label: String {
    switch self {
    case .single: return trMark("single choice")
    case .multiple: return trMark("multiple answers")
    case .trueFalse: return trMark("true or false")
    case .fill: return trMark("fill in the blank")
    case .numeric: return trMark("numeric")
    case .matching: return trMark("matching")
    case .card: return trMark("flashcard")
    case .essay: return trMark("essay (not graded)")
    }
  }

  /// The label in the learner's language: `单选题` for `single choice`.
  package func label(_ messages: Localizer) -> String { messages.tr(label) }
}
