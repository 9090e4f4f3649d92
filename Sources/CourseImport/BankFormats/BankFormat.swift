import QuizEngine

/// One question type in the bank formats practice exports for Moodle: its GIFT answer block and
/// its Moodle XML question body.
///
/// CourseImport's half of a question type, as ``NativeQuestionFormat`` is the native format's:
/// each type's conformance sits in its own file here, `SingleChoice+BankFormat.swift` and so on,
/// and ``GiftExporter`` and ``MoodleXMLExporter`` write what every question has (its id, name,
/// prompt, explanation, hint, tags) around it. The requirements have no defaults, so a new type
/// that forgets one does not compile.
///
/// ```swift
/// Ordering.writtenInGift  // false: core GIFT has no ordering questions
/// ```
protocol BankFormat: QuestionTypeModel {
  /// Whether GIFT can write this type (Moodle's GIFT has no calculated or ordering questions); an
  /// export leaves the others out with a warning.
  static var writtenInGift: Bool { get }
  /// The GIFT answer block of `gift.question`, whose payload this is, adding to its comment
  /// through `gift`; nil when GIFT cannot hold it.
  func giftAnswers(_ gift: inout GiftAnswerWriter) -> GiftAnswers?
  /// The Moodle XML question type of `xml.question`, whose payload this is, and its elements
  /// after the settings, adding `practice:` tags through `xml`.
  func moodleXML(_ xml: inout MoodleXMLWriter) -> (type: String, body: String)
}

extension QuestionType {
  /// The type's bank formats: CourseImport's one switch over question types.
  var bankFormat: any BankFormat.Type {
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
  /// The payload as its bank formats: CourseImport's one switch over kinds, for writing.
  var bankFormat: any BankFormat {
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
