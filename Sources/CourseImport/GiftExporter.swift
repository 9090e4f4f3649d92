package import CourseOutline
import FoundationEssentials
package import QuizEngine
import TextLayout

/// Writes a course as GIFT for Moodle: a `$CATEGORY:` per node, each question with its id.
///
/// What GIFT cannot say (a numeric unit, the default tolerance, a flashcard, a hint) goes into a
/// `//` comment that Moodle ignores and ``GiftParser`` reads back, so importing the export gives
/// an equal course.
///
/// ```swift
/// let text = GiftExporter.text(course)
/// // $CATEGORY: $course$/top/Science/Physics
/// //
/// // [id:physics-q01]
/// // Which of these is an SI base unit?{
/// //   =kilogram
/// //   ~litre
/// // }
/// ```
package enum GiftExporter {
  /// Whether GIFT can write questions of `type`: Moodle's GIFT has no calculated or ordering
  /// questions (qtype_ordering's own `{>…}` extension is not core GIFT), so an export leaves them out.
  package static func writes(_ type: QuestionType) -> Bool {
    switch type {
    case .single, .multiple, .trueFalse, .fill, .numeric, .matching, .card, .essay: true
    case .calculated, .ordering: false
    }
  }

  package static func text(_ course: Course) -> String { export(course).text }

  /// ``text(_:)``, and how many Cloze questions it left out, and how many of the course's questions
  /// (their blanks) with them: GIFT cannot hold a Cloze question, and as Moodle's own GIFT export
  /// does, the file has only a comment for each (`// question: ID  name: NAME`). A Cloze question
  /// whose blanks no longer make it goes out as its blanks.
  package static func export(_ course: Course) -> (text: String, clozeLeftOut: Int, blanksLeftOut: Int) {
    var leftOut = 0
    var blanks = 0
    var out = "// \(oneLine(course.title)): exported by practice for Moodle's GIFT import\n\n"
    for index in course.nodes.indices {
      let node = course.nodes[index]
      guard !node.questions.isEmpty || node.details?.description != nil else { continue }
      out += "$CATEGORY: $course$/top/\(path(of: index, in: course))\n\n"
      // A description is written before the questions it instructs; the node's own description
      // after its questions, where no question follows it (so it is read back as the node's).
      var instructions: MarkedText?
      var passages = Set<String>()
      var next = node.questions.startIndex
      while next < node.questions.endIndex {
        let question = node.questions[next]
        next += 1
        // GIFT cannot write a calculated or ordering question (nor can Moodle's own GIFT export).
        if !writes(question.kind.type) { continue }
        if let cloze = ClozeGroup(node.questions, at: next - 1) {
          let name = question.name.map { "  name: " + oneLine($0) } ?? ""
          out += "// question: \(oneLine(cloze.id))\(name)\n\n"
          leftOut += 1
          blanks += cloze.blanks.count
          next += cloze.blanks.count - 1
          continue
        }
        if let given = question.instructions, given != instructions {
          // A description, named as the bank named it, in its format for Moodle.
          out += (question.asWritten.instructionsName.map { "::" + escaped($0) + "::" } ?? "")
          let format = question.asWritten.instructionsFormat ?? AsWritten.exportFormat(of: given)
          out += written(given, in: .moodle, as: format) + "\n\n"
        }
        instructions = question.instructions
        if let passage = question.passage, passages.insert(passage.id).inserted {
          out += self.passage(passage, markup: question.format) + "\n\n"
        }
        out += self.question(question) + "\n\n"
      }
      if let description = node.details?.description {
        for note in description.components(separatedBy: "\n\n") where !note.isEmpty {
          out += text(note) + "\n\n"
        }
      }
    }
    return (out, leftOut, blanks)
  }

  /// A passage (a Cloze question's text) once, before its first question: a description for
  /// Moodle, its id in a comment so that ``GiftParser`` gives it back to the questions naming it.
  static func passage(_ passage: Passage, markup: TextMarkup = .plain) -> String {
    "// [passage:\(bracketed(passage.id))]\n" + text(passage.text, markup: markup)
  }

  /// `Science/Physics`, a `/` in a title doubled.
  static func path(of index: Int, in course: Course) -> String {
    var titles: [String] = []
    var current: Int? = index
    while let i = current {
      titles.insert(oneLine(course.nodes[i].title).replacingScalars { $0 == "/" ? "//" : nil }, at: 0)
      current = course.nodes[i].parent
    }
    return titles.joined(separator: "/")
  }

  static func oneLine(_ s: String) -> String { s.split(whereSeparator: \.isNewline).joined(separator: " ") }

  static func question(_ q: Question) -> String {
    // Every text in its format as Moodle had it: the question text's, else its own (`[html]…`).
    let format = q.exportFormat
    func text(_ s: String, _ field: String) -> String { written(q.exportText(s, at: field), in: format) }
    var comment = "// [id:\(bracketed(q.id))]"
    func extra(_ key: String, _ value: String) { comment += " [\(key):\(bracketed(oneLine(value)))]" }
    // Moodle reads `[tag:…]` in a comment as the question's tags.
    for tag in q.asWritten.tags { comment += " [tag:\(bracketed(oneLine(tag)))]" }
    if let hint = q.hint { extra("hint", hint) }
    if let passage = q.passage { extra("passage", passage.id) }
    func feedback(_ index: Int) -> String {
      q.credit.feedback(at: index).map { "#" + text($0, "feedback.\(index)") } ?? ""
    }
    func otherFeedback(_ k: Int, _ other: AnswerCredit.OtherAnswer) -> String {
      other.feedback.isEmpty ? "" : "#" + text(other.feedback, "otherAnswers.\(k).feedback")
    }
    var block: [String] = []
    switch q.kind {
    case .single(let single):
      let (options, answer, alsoRight) = (single.options, single.answer, single.alsoRight)
      // Moodle's rule: `=` for full credit, `~` for none, `~%weight%` for the rest.
      let rights = Set([answer] + alsoRight)
      let fractions = options.indices.map {
        q.credit.fractions.indices.contains($0) ? q.credit.fractions[$0] : rights.contains($0) ? 1 : 0
      }
      // Moodle reads a block with no `~` as short answers: then the later right ones say `~%100%`.
      let allRight = fractions.allSatisfy { $0 == 1 }
      block = options.enumerated().map { i, option in
        let sign = fractions[i] == 1 && (!allRight || i == 0) ? "=" : "~" + weighted(fractions[i])
        return sign + text(option, "options.\(i)") + feedback(i)
      }
    case .multiple(let multiple):
      let (options, answers) = (multiple.options, multiple.answers)
      if !q.credit.fractions.isEmpty {
        block = options.indices.map {
          "~" + weighted(q.credit.fractions[$0]) + text(options[$0], "options.\($0)") + feedback($0)
        }
      } else {
        // All or nothing in practice; Moodle gets equal weights with penalties, and practice's import
        // reads the comment back.
        extra("grading", "all")
        let right = weight(100 / Double(answers.count))
        let wrongCount = options.count - answers.count
        let wrong = wrongCount > 0 ? weight(-100 / Double(wrongCount)) : "0"
        let chosen = Set(answers)
        block = options.enumerated().map {
          "~%\(chosen.contains($0.offset) ? right : wrong)%" + text($0.element, "options.\($0.offset)")
        }
      }
    case .trueFalse(let trueFalse):
      let answer = trueFalse.answer
      // GIFT's `#wrong#right`: what a wrong and what a right answer is told.
      let (right, wrong) = answer ? (0, 1) : (1, 0)
      let said = q.credit.feedback(at: right) != nil || q.credit.feedback(at: wrong) != nil
      block = [
        (answer ? "TRUE" : "FALSE")
          + (said
            ? "#" + (q.credit.feedback(at: wrong).map { text($0, "feedback.\(wrong)") } ?? "") + "#"
              + (q.credit.feedback(at: right).map { text($0, "feedback.\(right)") } ?? "") : "")
      ]
    case .fill(let fill):
      let (answers, caseSensitive) = (fill.answers, fill.caseSensitive)
      // GIFT's short answers always ignore case in Moodle; practice's own import keeps the flag.
      if caseSensitive { extra("caseSensitive", "true") }
      block = answers.indices.map { "=" + text(answers[$0], "answers.\($0)") + feedback($0) }
      block += q.credit.otherAnswers.enumerated().map { k, other in
        "=" + weighted(other.fraction, zero: true)
          + (other.isWildcard ? "*" : text(other.text, "otherAnswers.\(k).answer"))
          + otherFeedback(k, other)
      }
    case .numeric(let numeric):
      let (answer, unit, tolerance, rules) = (numeric.answer, numeric.unit, numeric.tolerance, numeric.rules)
      if let unit { extra("unit", unit.symbol) }
      if tolerance == nil { extra("tolerance", "auto") }
      if let answerUnit = rules.answerUnit { extra("answerUnit", answerUnit.symbol) }
      if rules.unitRequired { extra("unitRequired", "true") }
      if let quantity = rules.quantity { extra("quantity", quantity.rawValue) }
      if let relative = rules.relativeTolerance { extra("relativeTolerance", JSONFormat.number(relative)) }
      // Moodle needs one margin: the larger of the two practice accepts (0.5% of the answer by default).
      let relativeMargin = abs(answer) * (rules.relativeTolerance ?? (tolerance == nil ? 0.005 : 0))
      let margin = max(tolerance ?? 0, relativeMargin)
      var numbers = "#" + JSONFormat.number(answer) + ":" + JSONFormat.number(margin)
      if !q.credit.otherAnswers.isEmpty || q.credit.feedback(at: 0) != nil {
        // Moodle's several numerical answers, each with its weight and feedback; `~` (any other) last.
        numbers = "#=" + JSONFormat.number(answer) + ":" + JSONFormat.number(margin) + feedback(0)
        let others = Array(q.credit.otherAnswers.enumerated())
        for (k, other) in others where !other.isWildcard {
          numbers +=
            " =" + weighted(other.fraction, zero: true) + JSONFormat.number(other.value ?? 0) + ":"
            + JSONFormat.number(other.tolerance) + otherFeedback(k, other)
        }
        for (k, other) in others where other.isWildcard {
          numbers += (other.fraction == 0 ? " ~" : " =" + weighted(other.fraction) + "*") + otherFeedback(k, other)
        }
      }
      block = [numbers]
    case .matching(let matching):
      let (items, choices, answers) = (matching.items, matching.choices, matching.answers)
      // The side after `->` is always plain text in Moodle: it takes no format.
      block = zip(items, answers).enumerated().map { k, pair in
        "=" + text(pair.0, "pairs.\(k)") + " -> " + escaped(choices[pair.1])
      }
      let paired = Set(answers)
      block += choices.indices.filter { !paired.contains($0) }.map { "= -> " + escaped(choices[$0]) }
    case .card(let card):
      let back = card.back
      extra("type", "card")
      block = ["=" + text(back, "back")]
    case .calculated, .ordering:
      // GIFT has neither (Moodle's GIFT format writes none either): ``text(_:)`` leaves them out.
      return ""
    case .essay:
      // Moodle's `{}`, its general feedback inside (`{####…}`).
      let general = q.explanation.isEmpty ? "" : "####" + text(q.explanation, "explanation")
      let prompt = (q.name.map { "::" + escaped($0) + "::" } ?? "") + written(q.markedPrompt, in: .moodle, as: format)
      return comment + "\n" + prompt + "{" + general + "}"
    }
    if !q.explanation.isEmpty { block.append("####" + text(q.explanation, "explanation")) }
    let prompt = (q.name.map { "::" + escaped($0) + "::" } ?? "") + written(q.markedPrompt, in: .moodle, as: format)
    if block.count == 1 && !block[0].hasPrefix("#") { return comment + "\n" + prompt + "{" + block[0] + "}" }
    return comment + "\n" + prompt + "{\n" + block.map { "\t" + $0 }.joined(separator: "\n") + "\n}"
  }

  /// `marked` escaped for GIFT, its format written first (`[html]`) when it is not `inherited`,
  /// the format it would otherwise be read in (Moodle's `write_questiontext`); `as` overrides the
  /// text's own format (a prompt's, for Moodle). A text that would read as a format or a comment
  /// (`[b]…`, `//…`) says its format even when inherited.
  static func written(_ marked: MarkedText, in inherited: TextMarkup, as format: TextMarkup? = nil) -> String {
    let format = format ?? marked.markup
    let s = marked.text
    let says = format != inherited || s.hasPrefix("[") || s.drop(while: \.isWhitespace).hasPrefix("//")
    return (says && !s.isEmpty ? "[\(format.rawValue)]" : "") + escaped(s)
  }

  /// A value for `[key:…]` in a `//` comment: on one line (a line break would end the comment, and
  /// what follows it would be read as a question, by Moodle too), `]` written `\]`, and a space
  /// after a final `\` so that it does not escape the closing `]` (the reader trims the value).
  static func bracketed(_ value: String) -> String {
    var out = value.replacingScalars { scalar in
      switch scalar {
      case "]": "\\]"
      case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": " "
      default: nil
      }
    }
    if out.unicodeScalars.last == "\\" { out += " " }
    return out
  }

  /// `%50%` for a fraction of 0.5; nothing for 0 unless `zero` (a weighted short answer).
  static func weighted(_ fraction: Double, zero: Bool = false) -> String {
    fraction == 0 && !zero ? "" : "%" + weight(fraction * 100) + "%"
  }

  static func weight(_ percent: Double) -> String {
    JSONFormat.number((percent * 100_000).rounded() / 100_000)
  }

  /// Escaped for GIFT; `[plain]` in front of text that Moodle would otherwise read as HTML.
  /// Text in another markup than plain starts with its format (`[html]`, `[markdown]`, `[moodle]`).
  /// Plain text after a prompt in another format (`inherited`) is marked `[plain]`, as its answers
  /// would otherwise be read in the prompt's format.
  static func text(_ s: String, markup: TextMarkup = .plain, inherited: TextMarkup = .plain) -> String {
    var out =
      markup != .plain
      ? "[\(markup.rawValue)]" : HTMLText.looksLikeHTML(s) || inherited != .plain ? "[plain]" : ""
    // A line that starts with `//` is a comment: a prompt or a note written so would be lost.
    if out.isEmpty && (s.hasPrefix("[") || s.drop(while: \.isWhitespace).hasPrefix("//")) { out = "[plain]" }
    return out + escaped(s)
  }

  /// `s` with GIFT's special characters escaped and line breaks as `\n` (Moodle's `repchar`).
  static func escaped(_ s: String) -> String {
    // By scalar: `=` with a combining mark after it is one Character, and so is "\r\n".
    s.replacingScalars { scalar in
      switch scalar {
      case "\\": "\\\\"
      case "~", "=", "#", "{", "}", ":": "\\\(scalar)"
      case "\n": "\\n"
      case "\r": ""
      default: nil
      }
    }
  }
}
