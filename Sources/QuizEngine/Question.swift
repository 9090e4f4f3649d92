package import TextLayout

/// One practice question: what is asked, how it is graded, and why the answer is right.
///
/// Questions are usually decoded from a course file with ``decode(_:)``; the `id` is stable
/// across edits of the wording, so a learner's history follows the question.
///
/// ```swift
/// let q = Question(
///   id: "ch1.1-q01", prompt: "Water freezes at?", explanation: "At normal pressure.",
///   kind: .single(options: ["0 ℃", "100 ℃"], answer: 0))
/// q.kind.type  // .single
/// ```
package struct Question: Sendable, Equatable {
  /// Unique in its course and kept when the wording changes.
  package var id: String
  /// As written in the course, in `format`'s markup: rendered only for display (``shownPrompt``).
  package var prompt: String
  /// The prompt's markup: plain text unless the course or bank says otherwise.
  package var format: TextMarkup
  /// What to do, shown above the prompt: a bank's description, for the questions after it in its
  /// category.
  package var instructions: MarkedText? {
    get { instructionsBox?.value }
    set { instructionsBox = newValue.map(Boxed.init) }
  }
  /// Held behind a reference, as `credit`: most questions have neither, and each would carry
  /// 24 bytes for it (a bank of 30 MB holds half a million questions).
  private var instructionsBox: Boxed<MarkedText>?
  /// Shown after every answer, right or wrong, after the chosen answer's own feedback (Moodle's
  /// general feedback).
  package var explanation: String
  package var hint: String?
  package var kind: Kind
  /// The name a question bank gave it (Moodle's `::name::` or `<name>`), kept so that an export
  /// names it the same; never shown while practising.
  package var name: String?
  /// Text this question shares with others (a Cloze question's blanks), shown above the prompt.
  package var passage: Passage?
  /// How the question's course reads answers (traditional characters, K and ℃, neutral words); set
  /// by the course loader from the course's own fields.
  package var conventions: AnswerConventions
  /// Partial credit and per-answer feedback (Moodle's fractions); empty for all or nothing.
  package var credit: AnswerCredit {
    get { creditBox?.value ?? AnswerCredit() }
    set { creditBox = newValue == AnswerCredit() ? nil : Boxed(newValue) }
  }
  private var creditBox: Boxed<AnswerCredit>?
  /// What the question's bank wrote that practice keeps otherwise (markup of options and feedback),
  /// for an export to give back; empty for most questions.
  package var asWritten: AsWritten {
    get { asWrittenBox?.value ?? AsWritten() }
    set { asWrittenBox = newValue.isEmpty ? nil : Boxed(newValue) }
  }
  private var asWrittenBox: Boxed<AsWritten>?

  package init(
    id: String, prompt: String, explanation: String, hint: String? = nil, kind: Kind, name: String? = nil,
    conventions: AnswerConventions = .standard, passage: Passage? = nil, format: TextMarkup = .plain,
    instructions: MarkedText? = nil, credit: AnswerCredit = AnswerCredit(), asWritten: AsWritten = AsWritten()
  ) {
    self.id = id
    self.prompt = prompt
    self.format = format
    self.explanation = explanation
    self.hint = hint
    self.kind = kind
    self.name = name
    self.conventions = conventions
    self.passage = passage
    self.instructions = instructions
    self.credit = credit
    self.asWritten = asWritten
  }

  /// The question type together with its answer: one case per type, each carrying the type's own
  /// struct (``SingleChoice``, ``NumericAnswer``, … in QuestionTypes/), which says how it grades and
  /// is shown. Indices are 0-based into `options` as written in the course.
  ///
  /// A case is built with its type's factory (`.single(options:answer:)`), matched without its
  /// payload (`if case .essay = kind`), and used through ``model``.
  package enum Kind: Sendable, Equatable {
    case single(SingleChoice)
    case multiple(MultipleChoice)
    case trueFalse(TrueFalse)
    case fill(FillIn)
    /// Boxed (`indirect`): its units and rules take 200 bytes, which every question of every other
    /// type would carry too (a bank of 30 MB holds half a million questions).
    indirect case numeric(NumericAnswer)
    case matching(Matching)
    case card(Flashcard)
    case essay(Essay)
    /// Boxed as `numeric`: its definition is large and most questions are of other types.
    indirect case calculated(CalculatedQuestion)
    case ordering(Ordering)
  }
}

extension Question.Kind {
  /// The payload as its type's model: the one switch that hands a question's type out, so that
  /// code elsewhere asks the type (``QuestionTypeModel``) instead of switching over kinds.
  package var model: any QuestionTypeModel {
    switch self {
    case .single(let model): model
    case .multiple(let model): model
    case .trueFalse(let model): model
    case .fill(let model): model
    case .numeric(let model): model
    case .matching(let model): model
    case .card(let model): model
    case .essay(let model): model
    case .calculated(let model): model
    case .ordering(let model): model
    }
  }

  /// The type as named in the course format.
  ///
  /// A switch of its own rather than the model's (no existential for the loader's and reports'
  /// counts), and kept out of line: Swift 6.3.1's optimizer (CopyPropagation) crashes on
  /// `Shell.handleAnswer` in a release build when this switch is inlined into it ("Found ownership
  /// error").
  package var type: QuestionType {
    @inline(never) get {
      switch self {
      case .single: SingleChoice.type
      case .multiple: MultipleChoice.type
      case .trueFalse: TrueFalse.type
      case .fill: FillIn.type
      case .numeric: NumericAnswer.type
      case .matching: Matching.type
      case .card: Flashcard.type
      case .essay: Essay.type
      case .calculated: CalculatedQuestion.type
      case .ordering: Ordering.type
      }
    }
  }

  /// The options of a choice question, or the choices of a matching one, in course order; empty for other types.
  package var options: [String] { model.options }
}

extension Question {
  /// The prompt as written, with its markup.
  package var markedPrompt: MarkedText { MarkedText(prompt, markup: format) }

  /// The prompt as text without markup or styles: for reports, searches and lists.
  package var shownPrompt: String { shownPrompt(labels: .english) }

  /// The prompt as text without markup or styles, its pictures and sounds named by `labels` (the
  /// reader's language: `[图片：一支温度计]`).
  package func shownPrompt(labels: MediaLabels) -> String {
    format == .plain ? prompt : MarkupRenderer.render(markedPrompt, labels: labels).plain
  }
}
