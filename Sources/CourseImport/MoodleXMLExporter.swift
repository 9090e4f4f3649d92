package import CourseOutline
import FoundationEssentials
import QuizEngine
import TextLayout

/// Writes a course as Moodle XML: a category per node, each question with its `idnumber`,
/// numeric units and tolerances, multiple-answer fractions, hints and the explanation as general
/// feedback.
///
/// What Moodle's types cannot say (the default tolerance, answer-unit rules, a flashcard) goes into
/// tags `practice:key=value`, which ``MoodleXMLReader`` reads back, so importing the export gives an
/// equal course.
///
/// ```swift
/// let xml = MoodleXMLExporter.text(course)  // <?xml version="1.0" encoding="UTF-8"?> <quiz> …
/// ```
package enum MoodleXMLExporter {
  static let tagPrefix = "practice:"

  package static func text(_ course: Course) -> String {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<!-- \(comment(course.title)): exported by practice -->\n<quiz>\n"
    for index in course.nodes.indices {
      let node = course.nodes[index]
      guard !node.questions.isEmpty || node.details?.description != nil else { continue }
      out += "  <question type=\"category\">\n"
      out += "    <category><text>$course$/top/\(escape(GiftExporter.path(of: index, in: course)))</text></category>\n"
      out += "  </question>\n"
      // A description is written before the questions it instructs; the node's own description
      // after its questions, where no question follows it (so it is read back as the node's).
      var instructions: MarkedText?
      var written = Set<String>()
      var next = node.questions.startIndex
      while next < node.questions.endIndex {
        let question = node.questions[next]
        next += 1
        if let given = question.instructions, given != instructions {
          out += description(
            given, name: question.asWritten.instructionsName, format: question.asWritten.instructionsFormat)
        }
        instructions = question.instructions
        // A Cloze question's blanks as the one question they came from.
        if let cloze = ClozeGroup(node.questions, at: next - 1) {
          out += self.cloze(cloze)
          next += cloze.blanks.count - 1
          continue
        }
        if let passage = question.passage, written.insert(passage.id).inserted {
          // The shared text once, as a description before its first question (practice reads it back).
          out += "  <question type=\"description\">\n"
          out +=
            "    <name><text>\(escape(name(MarkupRenderer.render(MarkedText(passage.text, markup: question.format)).plain)))</text></name>\n"
          out += "    " + textElement("questiontext", passage.text, markup: question.format) + "\n"
          out += "    <tags><tag><text>\(escape(tagPrefix + "passage=" + passage.id))</text></tag></tags>\n"
          out += "  </question>\n"
        }
        out += self.question(question)
      }
      if let description = node.details?.description {
        for note in description.components(separatedBy: "\n\n") where !note.isEmpty {
          out += self.description(MarkedText(note))
        }
      }
    }
    return out + "</quiz>\n"
  }

  static func description(_ text: MarkedText, name given: String? = nil, format: TextMarkup? = nil) -> String {
    var out = "  <question type=\"description\">\n"
    out += "    <name><text>\(escape(given ?? name(MarkupRenderer.render(text).plain)))</text></name>\n"
    out += "    " + textElement("questiontext", text.text, markup: format ?? AsWritten.exportFormat(of: text)) + "\n"
    return out + "  </question>\n"
  }

  /// Moodle's name for a text format.
  static func formatName(_ markup: TextMarkup) -> String {
    switch markup {
    case .plain: "plain_text"
    case .html: "html"
    case .moodle: "moodle_auto_format"
    case .markdown: "markdown"
    }
  }

  static func name(_ text: String) -> String {
    let line = GiftExporter.oneLine(text)
    return line.count > 60 ? String(line.prefix(59)) + "…" : line
  }

  /// Text for XML 1.0: markup characters as entities, a carriage return as `&#13;` (a raw one would
  /// be read as a line feed), and the characters XML 1.0 cannot carry at all, not even as a
  /// reference (control characters other than tab and line breaks, U+FFFE, U+FFFF), left out: a
  /// document with one is not well-formed, and Moodle refuses it.
  static func escape(_ s: String) -> String {
    s.replacingScalars { scalar in
      switch scalar.value {
      case 0x0D: "&#13;"
      case 0x09, 0x0A: nil
      case 0x00...0x1F, 0xFFFE, 0xFFFF: ""
      default: HTMLText.entity(for: scalar)
      }
    }
  }

  /// The title for the header comment: escaped, with a space between two `-` (`--` may not appear
  /// in an XML comment).
  static func comment(_ title: String) -> String {
    var previous: Unicode.Scalar?
    return escape(GiftExporter.oneLine(title)).replacingScalars { scalar in
      defer { previous = scalar }
      return scalar == "-" && previous == "-" ? " -" : nil
    }
  }

  static func textElement(_ tag: String, _ text: String, attributes: String = "", markup: TextMarkup = .plain) -> String
  {
    "<\(tag)\(attributes) format=\"\(formatName(markup))\"><text>\(escape(text))</text></\(tag)>"
  }

  static func answerElement(_ fraction: String, _ text: MarkedText, extra: String = "") -> String {
    "    <answer fraction=\"\(fraction)\" format=\"\(formatName(text.markup))\"><text>\(escape(text.text))</text>\(extra)</answer>\n"
  }

  /// The settings of Moodle XML type `type` (``MoodleXMLSettings``): the bank's where `q` kept them,
  /// else Moodle's defaults for a question from GIFT (a choice's answers shuffled and numbered
  /// `abc`; an essay in the editor, 15 lines, an answer required, no files).
  static func settings(_ type: String, of q: Question) -> String {
    var out = ""
    for setting in MoodleXMLSettings.settings(of: type) {
      guard let value = q.asWritten.settings[setting.name] ?? setting.exported else { continue }
      guard setting.isText else {
        out += "    <\(setting.name)>\(escape(value))</\(setting.name)>\n"
        continue
      }
      // Without a format of its own, Moodle reads the text in the question text's.
      let format =
        q.asWritten.settings[setting.name + ".format"] ?? (value.isEmpty ? "html" : formatName(q.exportFormat))
      out += "    <\(setting.name) format=\"\(escape(format))\"><text>\(escape(value))</text></\(setting.name)>\n"
    }
    return out
  }

  /// `50` for a fraction of 0.5.
  static func percent(_ fraction: Double) -> String { GiftExporter.weight(fraction * 100) }

  static func question(_ q: Question) -> String {
    var tags: [String] = []
    var body = ""
    let type: String
    // Every text in its format as Moodle had it (`format="html"`).
    func text(_ s: String, _ field: String) -> MarkedText { q.exportText(s, at: field) }
    /// An answer's `<feedback>` element, nothing when it has none.
    func feedback(_ shown: String?, _ field: String) -> String {
      shown.map { text($0, field) }.map { textElement("feedback", $0.text, markup: $0.markup) } ?? ""
    }
    func feedback(_ index: Int) -> String { feedback(q.credit.feedback(at: index), "feedback.\(index)") }
    func otherFeedback(_ k: Int, _ other: AnswerCredit.OtherAnswer) -> String {
      feedback(other.feedback.isEmpty ? nil : other.feedback, "otherAnswers.\(k).feedback")
    }
    switch q.kind {
    case .single(let single):
      let (options, answer, alsoRight) = (single.options, single.answer, single.alsoRight)
      type = "multichoice"
      body += "    <single>true</single>\n"
      let rights = Set([answer] + alsoRight)
      for (i, option) in options.enumerated() {
        let fraction =
          q.credit.fractions.indices.contains(i) ? percent(q.credit.fractions[i]) : rights.contains(i) ? "100" : "0"
        body += answerElement(fraction, text(option, "options.\(i)"), extra: feedback(i))
      }
    case .multiple(let multiple):
      let (options, answers) = (multiple.options, multiple.answers)
      type = "multichoice"
      body += "    <single>false</single>\n"
      if !q.credit.fractions.isEmpty {
        for (i, option) in options.enumerated() {
          body += answerElement(percent(q.credit.fractions[i]), text(option, "options.\(i)"), extra: feedback(i))
        }
      } else {
        // All or nothing in practice (Moodle gets equal weights with penalties).
        tags.append("grading=all")
        let right = GiftExporter.weight(100 / Double(answers.count))
        let wrongCount = options.count - answers.count
        let wrong = wrongCount > 0 ? GiftExporter.weight(-100 / Double(wrongCount)) : "0"
        let chosen = Set(answers)
        for (i, option) in options.enumerated() {
          body += answerElement(chosen.contains(i) ? right : wrong, text(option, "options.\(i)"))
        }
      }
    case .trueFalse(let trueFalse):
      let value = trueFalse.answer
      type = "truefalse"
      body +=
        answerElement(value ? "100" : "0", MarkedText("true"), extra: feedback(0))
        + answerElement(value ? "0" : "100", MarkedText("false"), extra: feedback(1))
    case .fill(let fill):
      let (answers, caseSensitive) = (fill.answers, fill.caseSensitive)
      type = "shortanswer"
      body += "    <usecase>\(caseSensitive ? 1 : 0)</usecase>\n"
      for (i, accepted) in answers.enumerated() {
        body += answerElement("100", text(accepted, "answers.\(i)"), extra: feedback(i))
      }
      for (k, other) in q.credit.otherAnswers.enumerated() {
        body += answerElement(
          percent(other.fraction), other.isWildcard ? MarkedText("*") : text(other.text, "otherAnswers.\(k).answer"),
          extra: otherFeedback(k, other))
      }
    case .numeric(let numeric):
      let (value, unit, tolerance, rules) = (numeric.answer, numeric.unit, numeric.tolerance, numeric.rules)
      type = "numerical"
      if tolerance == nil { tags.append("tolerance=auto") }
      if let answerUnit = rules.answerUnit { tags.append("answerUnit=\(answerUnit.symbol)") }
      if rules.unitRequired { tags.append("unitRequired=true") }
      if let quantity = rules.quantity { tags.append("quantity=\(quantity.rawValue)") }
      if let relative = rules.relativeTolerance { tags.append("relativeTolerance=\(JSONFormat.number(relative))") }
      let relativeMargin = abs(value) * (rules.relativeTolerance ?? (tolerance == nil ? 0.005 : 0))
      let margin = max(tolerance ?? 0, relativeMargin)
      body += answerElement(
        "100", MarkedText(JSONFormat.number(value)),
        extra: "<tolerance>\(JSONFormat.number(margin))</tolerance>" + feedback(0))
      for (k, other) in q.credit.otherAnswers.enumerated() {
        body += answerElement(
          percent(other.fraction), MarkedText(other.value.map(JSONFormat.number) ?? "*"),
          extra: "<tolerance>\(JSONFormat.number(other.tolerance))</tolerance>" + otherFeedback(k, other))
      }
      if let unit {
        body +=
          "    <units><unit><multiplier>1</multiplier><unit_name>\(escape(unit.symbol))</unit_name></unit></units>\n"
        // The unit is shown beside the answer box and not graded (practice converts units itself).
        body += "    <unitgradingtype>0</unitgradingtype>\n    <unitsleft>0</unitsleft>\n    <showunits>2</showunits>\n"
      }
    case .matching(let matching):
      let (items, choices, answers) = (matching.items, matching.choices, matching.answers)
      type = "matching"
      for (k, (item, index)) in zip(items, answers).enumerated() {
        let written = text(item, "pairs.\(k)")
        body += "    <subquestion format=\"\(formatName(written.markup))\"><text>\(escape(written.text))</text>"
        body += "<answer><text>\(escape(choices[index]))</text></answer></subquestion>\n"
      }
      let paired = Set(answers)
      for index in choices.indices where !paired.contains(index) {
        body +=
          "    <subquestion format=\"plain_text\"><text></text><answer><text>\(escape(choices[index]))</text></answer></subquestion>\n"
      }
    case .essay:
      // Its response options in ``settings(_:of:)``.
      type = "essay"
    case .ordering(let ordering):
      // qtype_ordering: the items in the right order (their fractions 1, 2, …), shown shuffled.
      type = "ordering"
      body +=
        "    <layouttype>VERTICAL</layouttype>\n    <selecttype>ALL</selecttype>\n    <selectcount>0</selectcount>\n"
      body += "    <gradingtype>\(MoodleOrdering.gradingType(ordering.scoring))</gradingtype>\n"
      body += "    <showgrading>SHOW</showgrading>\n    <numberingstyle>abc</numberingstyle>\n"
      for (i, item) in ordering.items.enumerated() {
        body += answerElement("\(i + 1)", text(item, "items.\(i)"))
      }
    case .calculated(let calculated):
      type = "calculated"
      body += MoodleCalculatedWriter.body(calculated, id: q.id)
    case .card(let card):
      let back = card.back
      // A flashcard has no Moodle type: a short answer whose answer is the back is the closest.
      type = "shortanswer"
      tags.append("type=card")
      body += "    <usecase>0</usecase>\n" + answerElement("100", text(back, "back"))
    }
    if let passage = q.passage { tags.append("passage=\(passage.id)") }
    return element(
      q, type: type, name: q.name ?? name(q.shownPrompt), text: MarkedText(q.prompt, markup: q.exportFormat), id: q.id,
      body: body, tags: tags)
  }

  /// A Cloze question again from its blanks (``ClozeGroup``): one `<question type="cloze">` whose text
  /// holds each blank's token; its name, general feedback, settings, hint and tags its first blank's.
  static func cloze(_ group: ClozeGroup) -> String {
    let q = group.first
    let shown = MarkupRenderer.render(MarkedText(group.shown, markup: group.format)).plain
    return element(
      q, type: "cloze", name: q.name ?? name(shown), text: MarkedText(group.text, markup: group.format), id: group.id,
      body: "", tags: [])
  }

  /// `<question type="TYPE">` with `q`'s general feedback, settings, hint and tags around `body`.
  static func element(
    _ q: Question, type: String, name: String, text: MarkedText, id: String, body: String, tags: [String]
  ) -> String {
    var out = "  <question type=\"\(type)\">\n"
    out += "    <name><text>\(escape(name))</text></name>\n"
    out += "    " + textElement("questiontext", text.text, markup: text.markup) + "\n"
    if !q.explanation.isEmpty {
      let general = q.exportText(q.explanation, at: "explanation")
      out += "    " + textElement("generalfeedback", general.text, markup: general.markup) + "\n"
    }
    out += "    <idnumber>\(escape(id))</idnumber>\n"
    out += settings(type, of: q) + body
    if let hint = q.hint.map({ q.exportText($0, at: "hint") }) {
      out += "    " + textElement("hint", hint.text, markup: hint.markup) + "\n"
    }
    // The bank's own tags, then what practice adds (`practice:…`).
    let all = q.asWritten.tags + tags.map { tagPrefix + $0 }
    if !all.isEmpty {
      out += "    <tags>" + all.map { "<tag><text>\(escape($0))</text></tag>" }.joined() + "</tags>\n"
    }
    return out + "  </question>\n"
  }
}
