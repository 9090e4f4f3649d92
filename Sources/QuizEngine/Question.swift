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

  /// The question type together with its answer; indices are 0-based into `options` as written in the course.
  package enum Kind: Sendable, Equatable {
    /// One option is chosen; `answer` is right, and so is each of `alsoRight` (a Moodle question
    /// with several `=` answers: any one of them earns full credit).
    case single(options: [String], answer: Int, alsoRight: [Int] = [])
    /// A set of right options, all of which (and no other) must be chosen.
    case multiple(options: [String], answers: [Int])
    case trueFalse(answer: Bool)
    /// Any of the accepted answers, compared after NFKC, case folding and whitespace clean-up;
    /// with `caseSensitive`, capital and small letters must match too (Moodle's `usecase`).
    case fill(answers: [String], caseSensitive: Bool = false)
    /// A number in `unit` (or a bare number when `unit` is nil); `tolerance` is absolute, in `unit`;
    /// with neither it nor `rules.relativeTolerance`, 0.5% of the answer. Boxed (`indirect`): its
    /// units and rules take 200 bytes, which every question of every other type would carry too
    /// (a bank of 30 MB holds half a million questions).
    indirect case numeric(
      answer: Double, unit: MeasurementUnit?, tolerance: Double?, rules: NumericRules = NumericRules())
    /// Each of `items` is matched with one of `choices`: `answers[i]` is the index of item `i`'s
    /// choice. Choices no item matches are distractors.
    case matching(items: [String], choices: [String], answers: [Int])
    /// A flashcard: the prompt is the front, `back` is revealed, and the learner says whether they knew it.
    case card(back: String)
    /// Answered in writing and graded by no one (Moodle's essay): the answer is kept and the
    /// explanation shown after it; it counts in no score, report or schedule.
    case essay
  }
}

extension Question.Kind {
  /// The type as named in the course format.
  ///
  /// Kept out of line: Swift 6.3.1's optimizer (CopyPropagation) crashes on `Shell.handleAnswer` in a
  /// release build when this switch is inlined into it ("Found ownership error").
  package var type: QuestionType {
    @inline(never) get {
      switch self {
      case .single: return .single
      case .multiple: return .multiple
      case .trueFalse: return .trueFalse
      case .fill: return .fill
      case .numeric: return .numeric
      case .matching: return .matching
      case .card: return .card
      case .essay: return .essay
      }
    }
  }

  /// The options of a choice question, or the choices of a matching one, in course order; empty for other types.
  package var options: [String] {
    switch self {
    case .single(let options, _, _), .multiple(let options, _): return options
    case .matching(_, let choices, _): return choices
    default: return []
    }
  }
}

extension Question.Kind {
  /// A matching question from `(item, choice)` pairs: equal choices are shown once, and
  /// distractors follow the paired choices.
  ///
  /// ```swift
  /// Question.Kind.matching(pairs: [("Canada", "Ottawa"), ("Italy", "Rome")], distractors: ["Paris"])
  /// // .matching(items: ["Canada", "Italy"], choices: ["Ottawa", "Rome", "Paris"], answers: [0, 1])
  /// ```
  package static func matching(pairs: [(String, String)], distractors: [String]) -> Question.Kind {
    var choices: [String] = []
    var answers: [Int] = []
    // Looked up by hash, not searched: a bank may pair 100,000 items.
    var indexOf: [String: Int] = [:]
    for (_, right) in pairs {
      if let index = indexOf[right] {
        answers.append(index)
      } else {
        indexOf[right] = choices.count
        answers.append(choices.count)
        choices.append(right)
      }
    }
    for distractor in distractors where indexOf[distractor] == nil {
      indexOf[distractor] = choices.count
      choices.append(distractor)
    }
    return .matching(items: pairs.map(\.0), choices: choices, answers: answers)
  }
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
