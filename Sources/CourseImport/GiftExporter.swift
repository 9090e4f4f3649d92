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
  /// Whether GIFT can write questions of `type` (``BankFormat/writtenInGift``): Moodle's GIFT has
  /// no calculated or ordering questions, so an export leaves them out.
  package static func writes(_ type: QuestionType) -> Bool { type.bankFormat.writtenInGift }

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
    var comment = "// [id:\(bracketed(q.id))]"
    // Moodle reads `[tag:…]` in a comment as the question's tags.
    for tag in q.asWritten.tags { comment += " [tag:\(bracketed(oneLine(tag)))]" }
    var gift = GiftAnswerWriter(q, comment: comment)
    if let hint = q.hint { gift.extra("hint", hint) }
    if let passage = q.passage { gift.extra("passage", passage.id) }
    // The type's answer block (its file in BankFormats/); nil for a type GIFT cannot hold.
    guard let answers = q.kind.bankFormat.giftAnswers(&gift) else { return "" }
    comment = gift.comment
    let prompt = (q.name.map { "::" + escaped($0) + "::" } ?? "") + written(q.markedPrompt, in: .moodle, as: format)
    var block: [String]
    switch answers {
    case .whole(let inside): return comment + "\n" + prompt + "{" + inside + "}"
    case .lines(let lines): block = lines
    }
    if !q.explanation.isEmpty { block.append("####" + gift.text(q.explanation, "explanation")) }
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
