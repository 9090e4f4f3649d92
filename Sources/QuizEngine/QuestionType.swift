/// The seven question types of the course format, with their names there.
///
/// ```swift
/// QuestionType(rawValue: "truefalse")  // .trueFalse
/// QuestionType.multiple.label          // "multiple answers"
/// ```
public enum QuestionType: String, Sendable, Equatable, CaseIterable {
  case single
  case multiple
  case trueFalse = "truefalse"
  case fill
  case numeric
  case matching
  case card
}

extension QuestionType {
  /// A short English label for the question header.
  public var label: String {
    switch self {
    case .single: return "single choice"
    case .multiple: return "multiple answers"
    case .trueFalse: return "true or false"
    case .fill: return "fill in the blank"
    case .numeric: return "numeric"
    case .matching: return "matching"
    case .card: return "flashcard"
    }
  }
}
