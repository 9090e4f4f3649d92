package import PracticeJSON
package import QuizEngine

/// One question type in the native course format: its own JSON fields, read and written.
///
/// The format layer's half of a question type (``QuestionTypeModel`` is QuizEngine's): each type's
/// conformance sits in its own file here, `SingleChoice+NativeFormat.swift` and so on, so that
/// QuizEngine knows nothing of JSON. The fields every question has (`id`, `prompt`, `fractions`,
/// …) are read and written once, by ``QuestionDecoder`` and ``Question/json``.
///
/// ```swift
/// SingleChoice.nativeFields  // ["options", "answer", "fractions", "feedback"]
/// ```
package protocol NativeQuestionFormat: QuestionTypeModel {
  /// The members this type's questions may have besides the common ones; any other is reported.
  static var nativeFields: [String] { get }
  /// Reads this type's members from the question `decoder` walks, reporting each problem through
  /// it; nil after a problem.
  static func decode(_ decoder: inout QuestionDecoder) -> Question.Kind?
  /// Appends this type's members, in the order a course file has them, after `id`, `type` and `prompt`.
  func encode(into members: inout [(String, JSONValue)])
}

extension QuestionType {
  /// The type's native format: the format layer's one switch over question types for reading.
  var nativeFormat: any NativeQuestionFormat.Type {
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
}

extension Question.Kind {
  /// The payload as its native format: the format layer's one switch over kinds, for writing.
  var nativeFormat: any NativeQuestionFormat {
    switch self {
    case .single(let payload): payload
    case .multiple(let payload): payload
    case .trueFalse(let payload): payload
    case .fill(let payload): payload
    case .numeric(let payload): payload
    case .matching(let payload): payload
    case .card(let payload): payload
    case .essay(let payload): payload
    case .calculated(let payload): payload
    case .ordering(let payload): payload
    }
  }
}
