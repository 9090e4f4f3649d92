package import Localization

/// What one question type is, in one place: its name and label, its answer, how it grades what is
/// typed and what it asks for instead, how the practice screen says what to type, how an item
/// analysis counts its answers and how soon a right answer counts as instant recall.
///
/// One struct per type conforms, each in its own file in this folder and each the payload of one
/// ``Question/Kind`` case (``SingleChoice``, ``NumericAnswer``, …). ``Question/Kind/model`` hands the
/// payload out as this protocol, so the code outside this folder asks the type and switches over
/// no kinds. A requirement has no default on purpose: a new type that forgets one does not compile.
/// The formats add their own per-type conformances in their own layer (the native JSON fields in
/// CourseOutline): see docs/contributing.md, "Question types".
///
/// ```swift
/// let kind = Question.Kind.trueFalse(answer: true)
/// type(of: kind.model).label  // "true or false"
/// kind.model.randomGuessScore  // 0.5
/// ```
package protocol QuestionTypeModel: Sendable, Equatable {
  /// The type's name in the course format (`single`, `truefalse`, …).
  static var type: QuestionType { get }
  /// A short English label for the question header, marked for the catalog (`single choice`).
  static var label: String { get }
  /// Seconds within which a right answer counts as instant recall (Easy, ``ReviewRating``): a
  /// flashcard known at sight is quicker than a number worked out; 0 for a type never rated.
  static var quickRecallSeconds: Double { get }
  /// An answer as an item analysis counted it (``QuestionResponse``'s text), as a report shows it in
  /// the reader's language: a flashcard's `3` as `3 (good)`, true/false as `对`/`错`.
  static func shownResponse(_ text: String, messages: Localizer) -> String
  /// Whether its options are shuffled even in a session that keeps the course's order: true where
  /// that order would give the answer away (a matching question's choices follow its items).
  static var alwaysShuffled: Bool { get }

  /// The options shown lettered (a matching question's choices), in course order; empty for a type
  /// without options.
  var options: [String] { get }
  /// How many answers a question's `fractions` and `feedback` give one entry each (its options, its
  /// accepted answers); nil when the type takes any number or none.
  var creditedAnswerCount: Int? { get }
  /// What random guessing scores, as a fraction, as Moodle's question type defines it; nil where
  /// guessing means nothing (a typed answer, a flashcard).
  var randomGuessScore: Double? { get }
  /// The options an item analysis counts choices of, the right ones among them, and whether they are
  /// lettered (with their credit) as a choice question's are; nil for a type answered in words.
  var choiceTally: (options: [String], right: Set<Int>, lettered: Bool)? { get }

  /// Grades `input`, which is not blank, typed to `shown`: right, wrong or partly right, or
  /// `.invalid` with what is expected when it cannot be read.
  func grade(_ input: String, as shown: PresentedQuestion) -> AnswerOutcome
  /// What to type, in the learner's language, for input with nothing to grade in it.
  func blankMessage(_ shown: PresentedQuestion) -> String
  /// The note under the question saying how to answer (`(true or false: t/f)`), nil when the
  /// options say it.
  func answerNote(_ shown: PresentedQuestion) -> String?
  /// `input` read back in the course's terms for an item analysis (``QuestionResponse``); nil when
  /// it cannot be read or is not an answer to analyse.
  func response(to input: String, as shown: PresentedQuestion) -> QuestionResponse?
}
