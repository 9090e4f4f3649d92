package import Localization

/// The ten question types of the course format, with their names there.
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
  case calculated
  case ordering
}

extension QuestionType {
  /// The type's model (``QuestionTypeModel``): its label, recall time and the rest, in its own file.
  package var model: any QuestionTypeModel.Type {
    switch self {
    case .single: SingleChoice.self
    case .multiple: MultipleChoice.self
    case .trueFalse: TrueFalse.self
    case .fill: FillIn.self
    case .numeric: NumericAnswer.self
    case .matching: Matching.self
    case .card: Flashcard.self
    case .essay: Essay.self
    case .calculated: CalculatedQuestion.self
    case .ordering: Ordering.self
    }
  }

  /// A short English label for the question header.
  package var label: String { model.label }

  /// The label in the learner's language: `单选题` for `single choice`.
  package func label(_ messages: Localizer) -> String { messages.tr(label) }
}
