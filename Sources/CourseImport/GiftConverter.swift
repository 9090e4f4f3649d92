import Foundation
package import Localization
import QuizEngine
import TextLayout

/// Turns parsed GIFT questions into course questions.
///
/// The course keeps what practice can grade: the full-credit answers, the right options, the
/// matching pairs, each option's or answer's fraction and feedback (``AnswerCredit``); the general
/// feedback becomes the explanation, shown after every answer. A numerical question's other
/// answers become lines of the explanation, in `messages`' language (the importing teacher's).
///
/// ```swift
/// let (questions, _) = GiftParser.parse("2 + 2 = {#4}", file: "b.gift")
/// let items = GiftConverter.items(questions)
/// items[0].question?.kind  // .numeric(answer: 4, unit: nil, tolerance: 0, rules: NumericRules())
/// ```
package enum GiftConverter {
  /// What converting carries from one question to the next: the items made, the ids taken, the
  /// passages practice's own export wrote (a description marked `passage`, then the questions
  /// naming it), and the description whose questions are being read.
  package struct Conversion: Sendable {
    package internal(set) var items: [BankItem] = []
    var taken = Set<String>()
    var passages: [String: (passage: Passage, markup: TextMarkup)] = [:]
    /// A description is the instructions of the questions after it in its category, up to the next
    /// description or category; one no question follows stays a note on its node.
    var instructions: (text: MarkedText, category: [String], note: BankItem?, name: String?, format: TextMarkup?)?

    package init() {}

    mutating func endInstructions() {
      if let note = instructions?.note { items.append(note) }
      instructions = nil
    }

    /// Ends the last description's run: call after the last question.
    package mutating func finish() { endInstructions() }
  }

  package static func items(_ questions: [GiftQuestion], messages: Localizer = .english) -> [BankItem] {
    var conversion = Conversion()
    // At least one item each: no doubling of a half-million-item array on the way.
    conversion.items.reserveCapacity(questions.count)
    for q in questions { append(q, to: &conversion, messages: messages) }
    conversion.finish()
    return conversion.items
  }

  /// Converts one question, appending its items (a description's note may come with a later one):
  /// a reader can convert each question as it reads it and keep only the items (a 30 MB bank's
  /// parsed questions were held all at once).
  package static func append(_ q: GiftQuestion, to conversion: inout Conversion, messages: Localizer = .english) {
    if let current = conversion.instructions, current.category != q.category { conversion.endInstructions() }
    let text = plain(q.text, messages: messages)
    func item(_ content: BankItem.Content) -> BankItem {
      BankItem(category: q.category, content: content, line: q.line, column: q.column)
    }
    let baseID = q.id ?? StableID.make(category: q.category, text: q.text.text)
    var explanation: [String] = []
    if let general = q.generalFeedback.map({ plain($0, messages: messages) }), !general.isEmpty {
      explanation.append(general)
    }
    // The bank's name for the question, unless it only repeats the text's start (as Moodle XML
    // names questions that had none, and as Moodle's GIFT export does): Moodle names a question
    // without one so again.
    let name = q.title.flatMap { title in Self.repeatsStart(of: text, title) ? nil : title }
    func question(
      _ id: String, prompt: String, _ kind: Question.Kind, notes: [String], credit: AnswerCredit = AnswerCredit(),
      clozeBlank: Int? = nil
    ) -> BankItem {
      let lines = explanation + notes
      var kind = kind
      if case .numeric(let numeric) = kind {
        let (answer, tolerance) = (numeric.answer, numeric.tolerance)
        // practice's own export: the unit, the default tolerance and the answer rules, in a comment
        // Moodle ignores.
        let rules = NumericRules(
          answerUnit: q.extras["answerUnit"].flatMap(MeasurementUnit.named),
          unitRequired: q.extras["unitRequired"] == "true",
          quantity: q.extras["quantity"].flatMap(Quantity.init(rawValue:)),
          relativeTolerance: q.extras["relativeTolerance"].flatMap { Double($0) })
        kind = .numeric(
          answer: answer, unit: q.extras["unit"].flatMap(MeasurementUnit.named),
          tolerance: q.extras["tolerance"] == "auto" ? nil : tolerance, rules: rules)
      }
      if case .fill(let fill) = kind {
        let answers = fill.answers
        if q.extras["type"] == "card", let back = answers.first {
          kind = .card(back: back)
        } else if q.extras["caseSensitive"] == "true" {
          kind = .fill(answers: answers, caseSensitive: true)
        }
      }
      // The prompt as written, in its markup; its title when it shows nothing.
      var markup = q.text.format.markup
      let shown = MarkupRenderer.render(MarkedText(prompt, markup: markup)).plain
      let blank = shown.trimmingWhitespaceAndNewlines().isEmpty
      // Moodle's default format with nothing in it to render is plain text: kept so, an export
      // writes it back the same (no format) and a course from practice comes back plain.
      if markup == .moodle, shown == prompt { markup = .plain }
      // A blank of practice's own export names its passage, whose format the question takes.
      let named = q.extras["passage"].flatMap { conversion.passages[$0] }
      if conversion.instructions != nil { conversion.instructions?.note = nil }
      var asWritten = Self.asWritten(q, blank: clozeBlank, messages: messages)
      asWritten.instructionsName = conversion.instructions?.name
      asWritten.instructionsFormat = conversion.instructions?.format
      asWritten.tags = q.tags
      // The bank's format where an export's rule would give the prompt another (`[plain]` text
      // Moodle's auto-format shows the same).
      let kept = named?.markup ?? (blank ? .plain : markup)
      if named == nil, !blank, AsWritten.exportFormat(of: MarkedText(prompt, markup: kept)) != q.text.format.markup {
        asWritten.format = q.text.format.markup
      }
      return item(
        .question(
          Question(
            id: StableID.unique(id, taken: &conversion.taken), prompt: blank ? (q.title ?? "?") : prompt,
            explanation: lines.joined(separator: "\n"), hint: q.extras["hint"], kind: kind, name: name,
            passage: named?.passage, format: named?.markup ?? (blank ? .plain : markup),
            instructions: conversion.instructions?.text, credit: credit, asWritten: asWritten)))
    }
    if case .description = q.kind, let id = q.extras["passage"] {
      let marked = Self.normalized(
        MarkedText(q.text.text.trimmingWhitespaceAndNewlines(), markup: q.text.format.markup))
      conversion.passages[id] = (Passage(id: id, text: marked.text), marked.markup)
      return
    }
    let raw = q.text.text.trimmingWhitespaceAndNewlines()
    switch q.kind {
    case .description:
      conversion.endInstructions()
      // A title that only repeats the text's start (Moodle XML names descriptions so) is left out.
      let title = name
      let shown = [title, text.isEmpty ? nil : text].compactMap { $0 }.joined(separator: "\n")
      let marked =
        text.isEmpty ? MarkedText(q.title ?? "") : Self.normalized(MarkedText(raw, markup: q.text.format.markup))
      // The description's format where an export's rule would give it another.
      let format = AsWritten.exportFormat(of: marked) == q.text.format.markup ? nil : q.text.format.markup
      conversion.instructions = (marked, q.category, item(.note(shown, isEssay: false)), q.title, format)
    case .essay:
      // Asked, its answer kept and graded by no one; the description before it instructs it too.
      conversion.items.append(question(baseID, prompt: raw, .essay, notes: []))
    case .multipleChoice(let single, let answers):
      let (kind, credit) = choice(
        answers, single: single, allOrNothing: q.extras["grading"] == "all", messages: messages)
      conversion.items.append(question(baseID, prompt: raw, kind, notes: [], credit: credit))
    case .trueFalse(let answer, let wrong, let right):
      // Moodle shows the chosen answer's feedback: true's first, then false's.
      let (rightText, wrongText) = (
        right.map { plain($0, messages: messages) } ?? "", wrong.map { plain($0, messages: messages) } ?? ""
      )
      let credit = AnswerCredit(
        feedback: rightText.isEmpty && wrongText.isEmpty
          ? [] : answer ? [rightText, wrongText] : [wrongText, rightText])
      conversion.items.append(question(baseID, prompt: raw, .trueFalse(answer: answer), notes: [], credit: credit))
    case .shortAnswer(let answers):
      let (kind, credit) = short(answers, messages: messages)
      conversion.items.append(question(baseID, prompt: raw, kind, notes: [], credit: credit))
    case .numerical(let answers):
      let (kind, credit) = numerical(answers, messages: messages)
      conversion.items.append(question(baseID, prompt: raw, kind, notes: [], credit: credit))
    case .calculated(let parts):
      guard
        let (kind, credit) = calculated(
          parts, category: q.category, allOrNothing: q.extras["grading"] == "all", messages: messages)
      else { return }
      conversion.items.append(question(baseID, prompt: raw, kind, notes: [], credit: credit))
    case .ordering(let items, let scoring):
      let kind = Question.Kind.ordering(items: items.map { plain($0, messages: messages) }, scoring: scoring)
      conversion.items.append(question(baseID, prompt: raw, kind, notes: []))
    case .matching(let pairs):
      let items2 = pairs.filter { !$0.item.text.isEmpty }.map { (plain($0.item, messages: messages), $0.answer) }
      let distractors = pairs.filter { $0.item.text.isEmpty }.map(\.answer)
      conversion.items.append(
        question(baseID, prompt: raw, .matching(pairs: items2, distractors: distractors), notes: []))
    case .cloze(let parts, let blanks):
      // Several blanks share the text, made once with the blanks numbered: each blank's question
      // names it (a passage) instead of holding a copy, so the course grows with the text plus
      // the blanks, not with their product (8,000 blanks of one text had made 485 MB).
      var passage: Passage?
      var passageMarkup = TextMarkup.plain
      if blanks.count > 1 {
        var shared = ""
        for (i, part) in parts.enumerated() {
          shared += part
          if i < blanks.count { shared += "(\(i + 1))" }
        }
        // Named after its first blank's question (ids are unique in the course).
        // Kept as written: rendered, in the question's format, only where it is shown.
        let marked = Self.normalized(
          MarkedText(shared.trimmingWhitespaceAndNewlines(), markup: q.text.format.markup))
        passage = Passage(id: "", text: marked.text)
        passageMarkup = marked.markup
      }
      for (k, blank) in blanks.enumerated() {
        var prompt: String
        if passage != nil {
          prompt = messages.tr("[blank {number} of {count}]", ["number": k + 1, "count": blanks.count])
        } else {
          // Kept as written, in the question's format, as every prompt is.
          prompt = ((parts.first ?? "") + "_____" + parts.dropFirst().joined()).trimmingWhitespaceAndNewlines()
        }
        let (kind, notes, credit): (Question.Kind, [String], AnswerCredit)
        switch blank {
        case .choice(let answers):
          (kind, credit) = choice(answers, single: true, messages: messages)
          notes = []
        case .short(let answers, let caseSensitive):
          (kind, credit) = short(answers, caseSensitive: caseSensitive, messages: messages)
          notes = []
        case .numerical(let answers):
          (kind, credit) = numerical(answers, messages: messages)
          notes = []
        }
        var made = question("\(baseID)-\(k + 1)", prompt: prompt, kind, notes: notes, credit: credit, clozeBlank: k)
        if case .question(var blankQuestion) = made.content, var shared = passage {
          if shared.id.isEmpty { shared.id = blankQuestion.id }
          passage = shared
          blankQuestion.passage = shared
          // The format is the passage's: `[blank 2 of 8]` reads the same in any.
          blankQuestion.format = passageMarkup
          made.content = .question(blankQuestion)
        }
        if k == 0, case .question(var blankQuestion) = made.content, q.clozeHeads.count == blanks.count {
          blankQuestion.asWritten = ClozeGroup.written(firstBlank: blankQuestion, heads: q.clozeHeads, parts: parts)
          made.content = .question(blankQuestion)
        }
        conversion.items.append(made)
      }
    }
  }

  /// The texts of `q` besides its prompt (answers, items, feedback) whose markup practice's plain
  /// copies lose, and which an export could not tell from the question's format
  /// (``AsWritten/inferred(_:questionFormat:)``), under the course fields they became; `blank`
  /// picks a Cloze question's blank.
  static func asWritten(_ q: GiftQuestion, blank: Int? = nil, messages: Localizer) -> AsWritten {
    var written = AsWritten()
    let format = q.text.format.markup
    func keep(_ t: GiftQuestion.Text?, _ field: String) {
      guard let t, !t.text.isEmpty else { return }
      written.keep(
        MarkedText(t.text, markup: t.format.markup), shown: plain(t, messages: messages), at: field,
        questionFormat: format)
    }
    func choices(_ answers: [GiftQuestion.Answer]) {
      for (i, answer) in answers.enumerated() {
        keep(answer.text, "options.\(i)")
        keep(answer.feedback, "feedback.\(i)")
      }
    }
    // As `short` and `numerical` order them: the full-credit answers, then the others.
    func shorts(_ answers: [GiftQuestion.Answer]) {
      let top = answers.filter { $0.text.text != "*" }.map(\.weight).max() ?? 1
      let full = answers.filter { $0.text.text != "*" && $0.weight == top }
      for (k, answer) in full.enumerated() {
        keep(answer.text, "answers.\(k)")
        keep(answer.feedback, "feedback.\(k)")
      }
      for (k, answer) in answers.filter({ $0.text.text == "*" || $0.weight != top }).enumerated() {
        keep(answer.text, "otherAnswers.\(k).answer")
        keep(answer.feedback, "otherAnswers.\(k).feedback")
      }
    }
    func numbers(_ answers: [GiftQuestion.NumberAnswer]) {
      let real = answers.indices.filter { answers[$0].value != nil }
      guard let best = real.max(by: { answers[$0].weight < answers[$1].weight }) else { return }
      keep(answers[best].feedback, "feedback.0")
      for (k, i) in answers.indices.filter({ $0 != best }).enumerated() {
        keep(answers[i].feedback, "otherAnswers.\(k).feedback")
      }
    }
    keep(q.generalFeedback, "explanation")
    // A Cloze question's settings are its first blank's (an export writes them once).
    if let settings = q.settings, (blank ?? 0) == 0 {
      written.settings = MoodleXMLSettings.kept(settings, type: MoodleXMLSettings.type(of: q.kind))
    }
    if let hint = q.extras["markedHint"], let shown = q.extras["hint"] {
      written.keep(MarkedText(hint, markup: format), shown: shown, at: "hint", questionFormat: format)
    }
    switch q.kind {
    case .multipleChoice(_, let answers): choices(answers)
    case .shortAnswer(let answers): shorts(answers)
    case .numerical(let answers): numbers(answers)
    case .trueFalse(let answer, let wrong, let right):
      keep(answer ? right : wrong, "feedback.0")
      keep(answer ? wrong : right, "feedback.1")
    case .matching(let pairs):
      for (k, pair) in pairs.filter({ !$0.item.text.isEmpty }).enumerated() { keep(pair.item, "pairs.\(k)") }
    case .cloze(_, let blanks):
      guard let blank, blanks.indices.contains(blank) else { break }
      switch blanks[blank] {
      case .choice(let answers): choices(answers)
      case .short(let answers, _): shorts(answers)
      case .numerical(let answers): numbers(answers)
      }
    case .calculated(let parts) where parts.kind != .multi:
      keepFeedback(of: parts, in: &written, messages: messages)
    case .description, .essay, .calculated, .ordering: break
    }
    return written
  }

  /// Moodle's default format with nothing in it to render is plain text.
  static func normalized(_ text: MarkedText) -> MarkedText {
    guard text.markup == .moodle, MarkupRenderer.render(text).plain == text.text else { return text }
    return MarkedText(text.text)
  }

  /// Whether `title` is the name Moodle gives a question that had none: its whole text, or the
  /// text's start cut with `...` or `…` (Moodle's `create_default_question_name`, whitespace aside).
  /// A shorter name without the cut mark (`水的密度` for `水的密度是多少？`) is the teacher's own.
  package static func repeatsStart(of text: String, _ title: String) -> Bool {
    func squashed(_ s: String) -> String { s.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    let (shown, name) = (squashed(text), squashed(title))
    if shown == name { return true }
    for cut in ["...", "…"] where name.hasSuffix(cut) {
      let start = String(name.dropLast(cut.count)).trimmingCharacters(in: .whitespaces)
      if !start.isEmpty && shown.hasPrefix(start) { return true }
    }
    return false
  }

  /// Text without markup, for what practice compares with typed answers (options, accepted
  /// answers, matching items) and for feedback: rendered by the one renderer, an image named by its
  /// alt text, else by its file's name (two picture options must stay apart).
  package static func plain(_ text: GiftQuestion.Text, messages: Localizer = .english) -> String {
    MarkupRenderer.render(
      MarkedText(text.text, markup: text.format.markup), labels: .localized(messages), namingImagesByFile: true
    )
    .plain.trimmingWhitespaceAndNewlines()
  }

  /// The options, and their fractions and feedback. A single choice keeps fractions when an option is
  /// worth something between nothing and full credit (or a penalty); a multiple-answer question
  /// always does (Moodle's rule sums them), unless practice's own export marked it all or nothing.
  static func choice(
    _ answers: [GiftQuestion.Answer], single: Bool, allOrNothing: Bool = false, messages: Localizer
  ) -> (Question.Kind, AnswerCredit) {
    let options = answers.map { plain($0.text, messages: messages) }
    let feedback = answers.map { $0.feedback.map { plain($0, messages: messages) } ?? "" }
    var credit = AnswerCredit(feedback: feedback.contains { !$0.isEmpty } ? feedback : [])
    // Weights beyond ±100 % (which Moodle XML allows) are held to what a fraction can be.
    let fractions = answers.map { min(max($0.weight, -1), 1) }
    if single {
      // Every answer of the top weight is right (Moodle's several `=` answers).
      let top = answers.map(\.weight).max() ?? 1
      let rights = answers.indices.filter { answers[$0].weight == top }
      // Kept where an option is worth something between nothing and full credit (a top weight below
      // 100 % too), so that an export gives Moodle the same weights.
      if top != 1 || answers.contains(where: { $0.weight != 0 && $0.weight != top }) { credit.fractions = fractions }
      return (.single(options: options, answer: rights.first ?? 0, alsoRight: Array(rights.dropFirst())), credit)
    }
    let right = answers.indices.filter { answers[$0].weight > 0 }
    if !allOrNothing { credit.fractions = fractions }
    return (.multiple(options: options, answers: right), credit)
  }

  /// The full-credit answers, and the others with their fractions (`*`, any other answer, too) and
  /// every answer's feedback.
  static func short(
    _ answers: [GiftQuestion.Answer], caseSensitive: Bool = false, messages: Localizer
  ) -> (Question.Kind, AnswerCredit) {
    let real = answers.filter { $0.text.text != "*" }
    let top = real.map(\.weight).max() ?? 1
    let full = real.filter { $0.weight == top }
    let accepted = full.map { plain($0.text, messages: messages) }
    let feedback = full.map { $0.feedback.map { plain($0, messages: messages) } ?? "" }
    var credit = AnswerCredit(feedback: feedback.contains { !$0.isEmpty } ? feedback : [])
    for answer in answers where answer.text.text == "*" || answer.weight != top {
      credit.otherAnswers.append(
        AnswerCredit.OtherAnswer(
          text: answer.text.text == "*" ? "*" : plain(answer.text, messages: messages),
          fraction: AnswerCredit.clamped(answer.weight),
          feedback: answer.feedback.map { plain($0, messages: messages) } ?? ""))
    }
    return (.fill(answers: accepted, caseSensitive: caseSensitive), credit)
  }

  /// The best answer, and the others with their fractions and tolerances (`*`, any other number,
  /// too) and every answer's feedback.
  static func numerical(_ answers: [GiftQuestion.NumberAnswer], messages: Localizer) -> (Question.Kind, AnswerCredit) {
    let real = answers.indices.filter { answers[$0].value != nil }
    let bestIndex = real.max { answers[$0].weight < answers[$1].weight } ?? real[0]
    let best = answers[bestIndex]
    var credit = AnswerCredit()
    if let feedback = best.feedback.map({ plain($0, messages: messages) }), !feedback.isEmpty {
      credit.feedback = [feedback]
    }
    for (i, answer) in answers.enumerated() where i != bestIndex {
      credit.otherAnswers.append(
        AnswerCredit.OtherAnswer(
          text: answer.value == nil ? "*" : "", fraction: AnswerCredit.clamped(answer.weight),
          feedback: answer.feedback.map { plain($0, messages: messages) } ?? "", value: answer.value,
          tolerance: answer.tolerance))
    }
    return (.numeric(answer: best.value!, unit: nil, tolerance: best.tolerance, rules: NumericRules()), credit)
  }
}
