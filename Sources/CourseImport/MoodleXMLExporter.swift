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

  /// - Parameter seed: draws the stored value sets of calculated questions that have none
  ///   (``MoodleCalculatedWriter``); the same seed, the same export (`export --seed`, default 0).
  package static func text(_ course: Course, seed: UInt64 = 0) -> String {
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
        out += self.question(question, seed: seed)
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
  /// `abc`; an essay in the editor, 15 lines, an answer required, no files). Those a type's body
  /// writes (``MoodleXMLSettings/Setting/inBody``) only when it names them, in `body`; `units`: the
  /// question is written with units.
  static func settings(_ type: String, of q: Question, body: Set<String>? = nil, units: Bool = false) -> String {
    var out = ""
    for setting in MoodleXMLSettings.settings(of: type) where body?.contains(setting.name) ?? !setting.inBody {
      guard let value = q.asWritten.settings[setting.name] ?? setting.exported(units: units) else { continue }
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

  static func question(_ q: Question, seed: UInt64 = 0) -> String {
    // A calculated question's `{=m/V}` in Moodle's braces, which its formulas need (`{={m}/{V}}`).
    let q = q.withMoodleFormulas
    // The type's Moodle type and body (its file in BankFormats/), and the tags it adds.
    var xml = MoodleXMLWriter(q, seed: seed)
    let (type, body) = q.kind.bankFormat.moodleXML(&xml)
    var tags = xml.tags
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
