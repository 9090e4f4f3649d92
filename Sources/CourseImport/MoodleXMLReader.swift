import Foundation
package import Localization
import QuizEngine
import TextLayout

/// Reads Moodle XML (`<quiz><question type="…">…`) into the same questions GIFT gives, so both
/// formats become courses the same way.
///
/// Categories (`<question type="category">`) nest; multichoice, truefalse, shortanswer, numerical
/// (tolerance, units), matching, essay, description and cloze are read; other types are skipped
/// with a warning. Dialects from other tools (`<name>` where `<category>` belongs) are accepted
/// with a warning.
///
/// ```swift
/// let (questions, problems) = MoodleXMLReader.parse(bytes: Array(xml.utf8), file: "quiz.xml")
/// ```
package enum MoodleXMLReader {
  package static func parse(
    bytes: [UInt8], file: String, messages: Localizer = .english
  ) -> (questions: [GiftQuestion], problems: [ImportProblem]) {
    var problems: [ImportProblem] = []
    do {
      _ = try SourceLines.decode(bytes, file: file)
    } catch {
      return ([], [error])
    }
    let root: XMLElement
    do {
      root = try XMLElement.parse(bytes)
    } catch {
      return ([], [ImportProblem(.error, file: file, line: error.line, column: error.column, text: error.text)])
    }
    func warn(_ e: XMLElement, _ message: Message) {
      problems.append(ImportProblem(.warning, file: file, line: e.line, column: e.column, text: message))
    }
    func fail(_ e: XMLElement, _ message: Message) {
      problems.append(ImportProblem(.error, file: file, line: e.line, column: e.column, text: message))
    }
    guard root.name == "quiz" else {
      fail(root, .tr("not Moodle XML: the root element is <{name}>, expected <quiz>", ["name": root.name]))
      return ([], problems)
    }
    var category: [String] = []
    var questions: [GiftQuestion] = []
    for element in root.children {
      guard element.name == "question" else {
        warn(element, .tr("<{name}> skipped: only <question> elements are read inside <quiz>", ["name": element.name]))
        continue
      }
      let type = element.attributes["type"] ?? ""
      if type == "category" {
        if let path = element.textOf("category") {
          category = GiftBlockReader.categoryPath(path.trimmingWhitespaceAndNewlines())
        } else if let path = element.textOf("name") {
          warn(
            element,
            .tr("a category given in <name> instead of <category> (a dialect some tools write); read as the category"))
          category = GiftBlockReader.categoryPath(path.trimmingWhitespaceAndNewlines())
        } else {
          fail(element, .tr("a category question without <category><text>…</text></category>"))
        }
        continue
      }
      if let question = read(element, type: type, category: category, messages: messages, warn: warn, fail: fail) {
        questions.append(question)
      }
    }
    return (questions, problems)
  }

  static func format(_ element: XMLElement?) -> GiftQuestion.Format {
    switch element?.attributes["format"] {
    case "html": return .html
    case "markdown": return .markdown
    case "plain_text": return .plain
    default: return .moodle
    }
  }

  /// `<tag format="…"><text>…</text><file name="a.png"/>…</tag>` as text, unreferenced files named.
  static func text(
    _ element: XMLElement?, inherit: GiftQuestion.Format = .moodle, messages: Localizer
  ) -> GiftQuestion.Text? {
    guard let element else { return nil }
    var body = (element.child("text")?.text ?? "").trimmingWhitespaceAndNewlines()
    var format = element.attributes["format"] == nil ? inherit : self.format(element)
    // The names the text refers to, found in one pass (a search of the text per file made a question
    // with thousands of files quadratic); a file labelled once is not labelled again.
    var referenced = Set<Substring>()
    let files = element.children("file")
    if !files.isEmpty {
      for word in body.split(whereSeparator: { " \t\n\r\"'<>()/=?#".contains($0) }) {
        referenced.insert(word)
        if let decoded = word.removingPercentEncoding { referenced.insert(Substring(decoded)) }
      }
    }
    for file in files {
      guard let name = file.attributes["name"], referenced.insert(Substring(name)).inserted else { continue }
      body += body.isEmpty ? "" : " "
      // Named in the importing teacher's language, as the image tags HTMLText renders are.
      let label = messages.tr("[image: {name}]", ["name": name])
      body += format == .html || format == .moodle ? HTMLText.escape(label) : label
    }
    // `@@PLUGINFILE@@/name` is kept as Moodle wrote it (an export writes it back); the renderer
    // shows a placeholder for it.
    if body.isEmpty { format = inherit }
    return GiftQuestion.Text(body, format: format)
  }

  static func number(_ text: String?) -> Double? {
    guard let text else { return nil }
    return GiftBlockReader.parseNumber(Substring(text.trimmingWhitespaceAndNewlines()))
  }

  static func read(
    _ element: XMLElement, type: String, category: [String], messages: Localizer, warn: (XMLElement, Message) -> Void,
    fail: (XMLElement, Message) -> Void
  ) -> GiftQuestion? {
    let questionText = text(element.child("questiontext"), messages: messages) ?? GiftQuestion.Text("")
    let format = questionText.format
    var question = GiftQuestion(
      title: element.textOf("name")?.trimmingWhitespaceAndNewlines(), text: questionText,
      kind: .description, generalFeedback: text(element.child("generalfeedback"), inherit: format, messages: messages),
      id: element.child("idnumber")?.text.trimmingWhitespaceAndNewlines().nonEmpty,
      tags: [],
      category: category, line: element.line, column: element.column)
    if question.generalFeedback?.text.isEmpty == true { question.generalFeedback = nil }
    question.settings = MoodleXMLSettings.read(element, type: type)
    // Tags `practice:key=value` carry what practice's own export cannot say in Moodle's terms.
    for tag in element.child("tags")?.children("tag") ?? [] {
      let value = (tag.child("text")?.text ?? tag.text).trimmingWhitespaceAndNewlines()
      if value.hasPrefix(MoodleXMLExporter.tagPrefix), let equals = value.firstIndex(of: "=") {
        let key = String(value[value.index(value.startIndex, offsetBy: MoodleXMLExporter.tagPrefix.count)..<equals])
        question.extras[key] = String(value[value.index(after: equals)...])
      } else if !value.isEmpty {
        question.tags.append(value)
      }
    }
    let hintTexts = element.children("hint").compactMap { text($0, inherit: format, messages: messages) }
    let hints = hintTexts.map { GiftConverter.plain($0, messages: messages) }.filter { !$0.isEmpty }
    if !hints.isEmpty {
      question.extras["hint"] = hints.joined(separator: " / ")
      // As written, in the question's markup (AsWritten keeps it, the practice shows it).
      let marked = hintTexts.filter { !$0.text.isEmpty }.map {
        $0.format == format ? $0.text : format.markup.escaping(GiftConverter.plain($0, messages: messages))
      }
      question.extras["markedHint"] = marked.joined(separator: " / ")
    }
    func answers() -> [GiftQuestion.Answer] {
      element.children("answer").map { answer in
        let weight = (number(answer.attributes["fraction"]) ?? 0) / 100
        let feedback = text(answer.child("feedback"), inherit: format, messages: messages)
        return GiftQuestion.Answer(
          text(answer, inherit: format, messages: messages) ?? .init(""), weight: weight,
          feedback: feedback?.text.isEmpty == false ? feedback : nil)
      }
    }
    switch type {
    case "description":
      question.kind = .description
    case "essay":
      question.kind = .essay
    case "multichoice":
      let list = answers()
      guard list.count >= 2 else {
        fail(
          element,
          .tr("a multichoice question needs at least 2 <answer> elements, found {count}", ["count": list.count]))
        return nil
      }
      guard list.contains(where: { $0.weight > 0 }) else {
        fail(element, .tr("no <answer> has a fraction above 0: nobody could answer it right"))
        return nil
      }
      let single = element.child("single")?.text.trimmingWhitespace() != "false"
      question.kind = .multipleChoice(single: single, answers: list)
    case "truefalse":
      let list = answers()
      guard let right = list.first(where: { $0.weight > 0 }),
        ["true", "false"].contains(right.text.text.lowercased())
      else {
        fail(element, .tr("a truefalse question needs an <answer fraction=\"100\"> whose text is true or false"))
        return nil
      }
      let value = right.text.text.lowercased() == "true"
      let wrong = list.first { $0.weight <= 0 }?.feedback
      question.kind = .trueFalse(answer: value, wrongFeedback: wrong, rightFeedback: right.feedback)
    case "shortanswer":
      let list = answers().filter { !$0.text.text.isEmpty }
      guard list.contains(where: { $0.weight > 0 && $0.text.text != "*" }) else {
        fail(element, .tr("a shortanswer question needs an <answer> with a fraction above 0"))
        return nil
      }
      // Moodle takes the element's text as PHP truth: anything but empty and "0" compares with case.
      if let usecase = element.child("usecase")?.text, !["", "0"].contains(usecase) {
        question.extras["caseSensitive"] = "true"
      }
      question.kind = .shortAnswer(list)
    case "numerical":
      var numbers: [GiftQuestion.NumberAnswer] = []
      for answer in element.children("answer") {
        let raw = text(answer, messages: messages)?.text ?? ""
        let weight = (number(answer.attributes["fraction"]) ?? 0) / 100
        let feedback = text(answer.child("feedback"), inherit: format, messages: messages)
        let tolerance = number(answer.child("tolerance")?.text) ?? 0
        if raw == "*" || raw.isEmpty {
          numbers.append(
            .init(value: nil, tolerance: 0, weight: weight, feedback: feedback?.text.isEmpty == false ? feedback : nil))
          continue
        }
        guard let value = number(raw) else {
          fail(answer, .tr("numerical answer '{text}' is not a number", ["text": raw]))
          return nil
        }
        numbers.append(
          .init(
            value: value, tolerance: abs(tolerance), weight: weight,
            feedback: feedback?.text.isEmpty == false ? feedback : nil))
      }
      guard numbers.contains(where: { $0.value != nil }) else {
        fail(element, .tr("a numerical question needs an <answer> with a number"))
        return nil
      }
      // The unit with multiplier 1 is the answer's own; others are conversions practice knows itself.
      let units = element.child("units")?.children("unit") ?? []
      if let base = units.first(where: { number($0.child("multiplier")?.text) == 1 }) ?? units.first,
        let name = base.child("unit_name")?.text.trimmingWhitespace(), !name.isEmpty
      {
        if MeasurementUnit.named(name) != nil {
          question.extras["unit"] = name
        } else {
          warn(
            base, .tr("unit '{unit}' is not one practice converts; the answer is read as a bare number", ["unit": name])
          )
        }
      }
      question.kind = .numerical(numbers)
    case "matching", "match":
      var pairs: [GiftQuestion.Pair] = []
      for sub in element.children("subquestion") {
        let item = text(sub, inherit: format, messages: messages) ?? .init("")
        let answer = (sub.child("answer").map { $0.child("text")?.text ?? $0.text } ?? "")
          .trimmingWhitespaceAndNewlines()
        guard !answer.isEmpty else { continue }
        pairs.append(.init(item: item, answer: answer))
      }
      guard pairs.filter({ !$0.item.text.isEmpty }).count >= 2 else {
        fail(element, .tr("a matching question needs at least 2 <subquestion> pairs"))
        return nil
      }
      question.kind = .matching(pairs)
    case "ordering":
      // qtype_ordering: the answers in the right order, as its export writes them.
      let items = element.children("answer").map { text($0, inherit: format, messages: messages) ?? .init("") }
      guard items.filter({ !$0.text.isEmpty }).count >= 2 else {
        fail(element, .tr("an ordering question needs at least 2 <answer> items"))
        return nil
      }
      let name = element.child("gradingtype")?.text.trimmingWhitespace() ?? ""
      guard let scoring = MoodleOrdering.scoring(gradingType: name) else {
        fail(
          element,
          .tr(
            "ordering grading type {name} is not one practice grades by; use ALL_OR_NOTHING, ABSOLUTE_POSITION or RELATIVE_NEXT_EXCLUDE_LAST",
            ["name": name]))
        return nil
      }
      question.kind = .ordering(items: items, scoring: scoring)
    case "calculated", "calculatedsimple", "calculatedmulti":
      // Read as Moodle's import_calculated reads them (MoodleCalculatedReader).
      let kind = MoodleCalculatedQuestion.Kind(rawValue: type) ?? .calculated
      guard let parts = MoodleCalculatedReader.read(element, kind: kind, messages: messages, warn: warn, fail: fail)
      else { return nil }
      question.kind = .calculated(parts)
    case "cloze", "multianswer":
      // The embedded answers are Cloze tokens in the text, read as GIFT reads them (one question per
      // blank), on one line: its line breaks as GIFT's `\n` (a blank line would end the question).
      let flat = questionText.text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(
        of: "\r", with: "\n"
      )
      .replacingOccurrences(of: "\n", with: "\\n")
      let (parsed, problems) = GiftParser.parse("[\(questionText.format.rawValue)]" + flat, file: "cloze")
      guard let cloze = parsed.first, case .cloze = cloze.kind, !problems.contains(where: \.isError) else {
        fail(element, .tr("a cloze question whose embedded answers cannot be read"))
        return nil
      }
      question.kind = cloze.kind
      question.text = cloze.text
      question.clozeHeads = cloze.clozeHeads
      if question.id == nil, questionText.text.contains(where: \.isNewline) {
        // Without an idnumber, the id practice made of the text when it read line breaks as spaces,
        // so that learners' progress follows the blanks of a bank imported before.
        let spaced = questionText.text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(
          of: "\r", with: " ")
        let (before, _) = GiftParser.parse("[\(questionText.format.rawValue)]" + spaced, file: "cloze")
        question.id = before.first.map { StableID.make(category: category, text: $0.text.text) }
      }
    default:
      warn(element, .tr("question type '{type}' skipped: practice cannot ask it", ["type": type]))
      return nil
    }
    return question
  }
}

extension String {
  var nonEmpty: String? { isEmpty ? nil : self }
}
