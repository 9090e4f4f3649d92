package import QuizEngine
package import TextLayout

/// One question of a GIFT file as Moodle's importer reads it, before it becomes a course question.
///
/// Texts keep their markup (`format` says which); escapes are resolved.
///
/// ```swift
/// let (items, _) = GiftParser.parse("Who's buried in Grant's tomb?{~Grant =no one}", file: "t.gift")
/// items[0].kind  // .multipleChoice(single: true, answers: [Grant 0%, no one 100%])
/// ```
package struct GiftQuestion: Sendable, Equatable {
  package var title: String?
  package var text: Text
  package var kind: Kind
  package var generalFeedback: Text?
  /// `[id:…]` from a comment in the block.
  package var id: String?
  package var tags: [String]
  /// `[unit:m]`, `[tolerance:auto]`, `[type:card]`, `[hint:…]`, `[caseSensitive:true]` from comments:
  /// what practice's own export adds so that a course survives the round trip; Moodle ignores
  /// comments. Moodle XML's `<usecase>` and `practice:` tags land here too.
  package var extras: [String: String] = [:]
  /// Moodle XML settings as written (`penalty` → `0.1`; ``MoodleXMLSettings``); nil from GIFT,
  /// whose questions Moodle gives its GIFT defaults.
  package var settings: [String: String]?
  /// A Cloze question's tokens' starts as written, one per blank (`2:MULTICHOICE_V`, `:SA`): their
  /// marks and type name, which an export writes back.
  package var clozeHeads: [String] = []
  /// The `$CATEGORY:` path in force, with `$course$/top` left out.
  package var category: [String]
  /// The answer block sat mid-sentence and was replaced by `_____`.
  package var hasBlank: Bool
  package var line: Int
  package var column: Int

  package enum Format: String, Sendable, Equatable {
    case moodle, html, plain, markdown

    /// The same format as a course question keeps it.
    package var markup: TextMarkup {
      switch self {
      case .moodle: .moodle
      case .html: .html
      case .plain: .plain
      case .markdown: .markdown
      }
    }
  }

  /// A piece of text with its markup.
  package struct Text: Sendable, Equatable {
    package var format: Format
    package var text: String
    package init(_ text: String, format: Format = .moodle) {
      self.text = text
      self.format = format
    }
  }

  /// A choice or accepted answer with its weight (1 is full credit, negative is a penalty).
  package struct Answer: Sendable, Equatable {
    package var text: Text
    package var weight: Double
    package var feedback: Text?
    package init(_ text: Text, weight: Double, feedback: Text? = nil) {
      self.text = text
      self.weight = weight
      self.feedback = feedback
    }
  }

  /// A numerical answer: `value ± tolerance` (a range `A..B` is kept as its midpoint ± half-width),
  /// or any number when `value` is nil (`*`, or the `~#` feedback for every other answer).
  package struct NumberAnswer: Sendable, Equatable {
    package var value: Double?
    package var tolerance: Double
    package var weight: Double
    package var feedback: Text?
    /// Written as `A..B` in the file.
    package var isRange: Bool
    package init(value: Double?, tolerance: Double, weight: Double, feedback: Text? = nil, isRange: Bool = false) {
      self.value = value
      self.tolerance = tolerance
      self.weight = weight
      self.feedback = feedback
      self.isRange = isRange
    }
  }

  /// `=item -> answer`; an empty item is a distractor answer.
  package struct Pair: Sendable, Equatable {
    package var item: Text
    package var answer: String
    package init(item: Text, answer: String) {
      self.item = item
      self.answer = answer
    }
  }

  package enum Kind: Sendable, Equatable {
    /// No answer block: text only.
    case description
    /// `{}`: answered in writing and graded by a person.
    case essay
    /// `{=a ~b}`; `single` is false when no answer starts with `=` (checkboxes, weights).
    case multipleChoice(single: Bool, answers: [Answer])
    /// `{T}`/`{FALSE#wrong#right}`: feedback for a wrong and for a right answer.
    case trueFalse(answer: Bool, wrongFeedback: Text?, rightFeedback: Text?)
    case shortAnswer([Answer])
    case numerical([NumberAnswer])
    case matching([Pair])
    /// Moodle's calculated and calculatedsimple (Moodle XML only): formulas, datasets, units.
    case calculated(MoodleCalculatedQuestion)
    /// Moodle's ordering (Moodle XML only): the items in the right order, and how it is scored.
    case ordering(items: [Text], scoring: Ordering.Scoring)
    /// Moodle Cloze tokens (`{1:MC:~a~=b}`) found in GIFT: the text around them and one blank each.
    case cloze(parts: [String], blanks: [ClozeBlank])
  }

  /// One embedded Cloze answer.
  package enum ClozeBlank: Sendable, Equatable {
    case choice([Answer])
    /// Short answer; `caseSensitive` for Moodle's `SHORTANSWER_C`/`SAC`/`MWC`.
    case short([Answer], caseSensitive: Bool = false)
    case numerical([NumberAnswer])
  }

  package init(
    title: String?, text: Text, kind: Kind, generalFeedback: Text? = nil, id: String? = nil, tags: [String] = [],
    category: [String] = [], hasBlank: Bool = false, line: Int = 1, column: Int = 1
  ) {
    self.title = title
    self.text = text
    self.kind = kind
    self.generalFeedback = generalFeedback
    self.id = id
    self.tags = tags
    self.category = category
    self.hasBlank = hasBlank
    self.line = line
    self.column = column
  }
}

extension GiftQuestion {
  /// A Moodle Cloze question (embedded answers).
  package var isCloze: Bool {
    if case .cloze = kind { return true }
    return false
  }

  /// Every text of the question: its own, its feedback, its answers' and their feedback.
  package var texts: [Text] {
    var all = [text] + (generalFeedback.map { [$0] } ?? [])
    func add(_ answers: [Answer]) {
      for answer in answers { all += [answer.text] + (answer.feedback.map { [$0] } ?? []) }
    }
    switch kind {
    case .description, .essay: break
    case .multipleChoice(_, let answers), .shortAnswer(let answers): add(answers)
    case .trueFalse(_, let wrong, let right): all += [wrong, right].compactMap { $0 }
    case .numerical(let answers): all += answers.compactMap(\.feedback)
    case .matching(let pairs): all += pairs.map(\.item)
    case .calculated(let parts): all += parts.answers.compactMap(\.feedback)
    case .ordering(let items, _): all += items
    case .cloze(let parts, let blanks):
      all = [Text(parts.joined(), format: text.format)] + (generalFeedback.map { [$0] } ?? [])
      for blank in blanks {
        switch blank {
        case .choice(let answers), .short(let answers, _): add(answers)
        case .numerical(let answers): all += answers.compactMap(\.feedback)
        }
      }
    }
    return all
  }
}
