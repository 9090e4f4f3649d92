import QuizEngine
import TextLayout

/// The blanks of one Cloze question among a node's questions, and the question they make again for
/// Moodle: its text with each blank's token (`{1:MULTICHOICE:=right#Yes~wrong}`) where the blank was.
///
/// practice asks each blank as a question of its own (``GiftConverter``), the first keeping the
/// tokens' starts (``AsWritten/cloze``); the blanks of one question follow one another and share its
/// text (a passage), or, for one blank, the text is the prompt with `_____` for the blank. The question's
/// id is the one the blanks' ids were made from (`q7` for `q7-1`, `q7-2`), so importing the export
/// gives the blanks their ids again, and learners' progress follows them.
///
/// ```swift
/// if let cloze = ClozeGroup(node.questions, at: 0) { cloze.text }  // Ice {1:SA:=melts} at 0 ℃.
/// ```
struct ClozeGroup {
  /// The blanks, in order.
  let blanks: ArraySlice<Question>
  /// The text with the tokens, escaped for Moodle's (and practice's) Cloze reader.
  let text: String
  /// The text with `_____` for each blank, as written (for a name made of its start).
  let shown: String
  /// The format of the text for Moodle.
  let format: TextMarkup

  var first: Question { blanks[blanks.startIndex] }

  /// The Cloze question's id: its first blank's without the `-1` an import gave it.
  var id: String { first.id.hasSuffix("-1") ? String(first.id.dropLast(2)) : first.id }

  /// The Cloze question whose first blank is `questions[start]`; nil when that question is no
  /// blank, or its blanks no longer make the question (one taken out, or changed into a type a
  /// Cloze blank cannot be).
  init?(_ questions: [Question], at start: Int) {
    let first = questions[start]
    guard let heads = first.asWritten.cloze?.split(separator: " ").map(String.init), !heads.isEmpty,
      start + heads.count <= questions.count
    else { return nil }
    let blanks = questions[start..<(start + heads.count)]
    // The blanks after the first share its text and keep no tokens of their own.
    guard
      blanks.dropFirst().allSatisfy({ $0.asWritten.cloze == nil && $0.passage != nil && $0.passage == first.passage })
    else { return nil }
    let stored = first.passage?.text ?? first.prompt
    let format = first.asWritten.format ?? AsWritten.exportFormat(of: MarkedText(stored, markup: first.format))
    var tokens: [String] = []
    for (blank, head) in zip(blanks, heads) {
      guard let token = Self.token(blank, head: head, format: format) else { return nil }
      tokens.append(token)
    }
    // The text with Moodle's placeholders where the markers were ambiguous, else the markers.
    let count = blanks.count
    let template = first.asWritten.texts["cloze"].flatMap { $0.shown == stored ? $0.text.text : nil }
    let shared = first.passage != nil
    let markers = template == nil ? ClozeText.markers(count, shared: shared) : ClozeText.placeholders(count)
    let next = template == nil ? ClozeText.next(count, shared: shared) : "{#\(count + 1)}"
    let source = template ?? stored
    guard
      let text = ClozeText.filled(source, markers: markers, next: next, with: tokens, between: ClozeText.text),
      let shown = ClozeText.filled(source, markers: markers, with: Array(repeating: "_____", count: count))
    else { return nil }
    self.blanks = blanks
    self.text = text
    self.shown = shown
    self.format = format
  }

  /// The blank's token, `{marks:TYPE:alternatives}` (`head` is `marks:TYPE` as the bank wrote it),
  /// its texts in `format`; nil when the blank is no choice, short or numerical answer.
  static func token(_ q: Question, head: String, format: TextMarkup) -> String? {
    func written(_ marked: MarkedText) -> String {
      ClozeText.answer(marked.markup == format ? marked.text : format.escaping(marked.text))
    }
    func feedback(_ shown: String?, _ field: String) -> String {
      guard let shown, !shown.isEmpty else { return "" }
      return "#" + written(q.exportText(shown, at: field))
    }
    // Moodle's `=` for full credit, nothing for none, `%weight%` for the rest.
    func credit(_ fraction: Double) -> String {
      fraction == 1 ? "=" : fraction == 0 ? "" : "%" + GiftExporter.weight(fraction * 100) + "%"
    }
    func number(_ value: Double, _ tolerance: Double) -> String {
      JSONFormat.number(value) + (tolerance > 0 ? ":" + JSONFormat.number(tolerance) : "")
    }
    var alternatives: [String] = []
    /// A choice's options, each with its fraction (all or nothing where the course keeps none).
    func choose(_ options: [String], rights: Set<Int>) {
      for (i, option) in options.enumerated() {
        let fraction =
          q.credit.fractions.indices.contains(i) ? q.credit.fractions[i] : rights.contains(i) ? 1 : 0
        alternatives.append(
          credit(fraction) + written(q.exportText(option, at: "options.\(i)"))
            + feedback(q.credit.feedback(at: i), "feedback.\(i)"))
      }
    }
    // The token's type, as the bank wrote it where it still fits the blank (`MCV`, `MULTIRESPONSE`).
    let kinds: Set<Int>
    let type: String
    switch q.kind {
    case .single(let single):
      (kinds, type) = ([0], "MULTICHOICE")
      choose(single.options, rights: Set([single.answer] + single.alsoRight))
    case .multiple(let multiple):
      (kinds, type) = ([0], "MULTIRESPONSE")
      choose(multiple.options, rights: Set(multiple.answers))
    case .fill(let fill):
      (kinds, type) = fill.caseSensitive ? ([3], "SHORTANSWER_C") : ([1], "SHORTANSWER")
      for (i, accepted) in fill.answers.enumerated() {
        alternatives.append(
          "=" + written(q.exportText(accepted, at: "answers.\(i)"))
            + feedback(q.credit.feedback(at: i), "feedback.\(i)"))
      }
      for (k, other) in q.credit.otherAnswers.enumerated() {
        alternatives.append(
          credit(other.fraction)
            + (other.isWildcard ? "*" : written(q.exportText(other.text, at: "otherAnswers.\(k).answer")))
            + feedback(other.feedback, "otherAnswers.\(k).feedback"))
      }
    case .numeric(let numeric):
      (kinds, type) = ([2], "NUMERICAL")
      // One margin, the larger of the two practice accepts, as the NUMERICAL export writes it.
      let relative = abs(numeric.answer) * (numeric.rules.relativeTolerance ?? (numeric.tolerance == nil ? 0.005 : 0))
      alternatives.append(
        "=" + number(numeric.answer, max(numeric.tolerance ?? 0, relative))
          + feedback(q.credit.feedback(at: 0), "feedback.0"))
      for (k, other) in q.credit.otherAnswers.enumerated() {
        alternatives.append(
          credit(other.fraction) + (other.value.map { number($0, other.tolerance) } ?? "*")
            + feedback(other.feedback, "otherAnswers.\(k).feedback"))
      }
    case .trueFalse, .matching, .card, .essay, .calculated, .ordering:
      // No Cloze blank is read into these (Moodle's multianswer has no such subquestion).
      return nil
    }
    let pieces = head.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let (marks, name) = pieces.count == 2 ? (String(pieces[0]), String(pieces[1])) : ("1", "")
    let fits = GiftBlockReader.clozeTypes[name].map(kinds.contains) ?? false
    return "{" + marks + ":" + (fits ? name : type) + ":" + alternatives.joined(separator: "~") + "}"
  }
}

extension ClozeGroup {
  /// A Cloze question's first blank's ``AsWritten`` with what an export needs to write the blanks
  /// back as the one question: the tokens' starts, and where the markers of the text the blank keeps
  /// (`(1)`, `_____`) would not say where the blanks were, the text with Moodle's placeholders (`{#1}`).
  static func written(firstBlank blank: Question, heads: [String], parts: [String]) -> AsWritten {
    var written = blank.asWritten
    written.cloze = heads.joined(separator: " ")
    let count = heads.count
    var template = ""
    for (i, part) in parts.enumerated() {
      template += part + (i < count ? "{#\(i + 1)}" : "")
    }
    template = template.trimmingWhitespaceAndNewlines()
    let stored = blank.passage?.text ?? blank.prompt
    let shared = blank.passage != nil
    let found = ClozeText.filled(
      stored, markers: ClozeText.markers(count, shared: shared), next: ClozeText.next(count, shared: shared),
      with: ClozeText.placeholders(count))
    if found != template {
      written.texts["cloze"] = .init(shown: stored, text: MarkedText(template, markup: blank.format))
    }
    return written
  }
}
