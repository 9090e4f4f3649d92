import Foundation
import Localization
import TextLayout

/// Reads GIFT, Moodle's text format for question banks, the way Moodle's importer does, and
/// reports every problem with `FILE:LINE:COL`, not only the first.
///
/// Where real files trip Moodle up (lowercase `{t}`, `~=`, a stray `=` in an answer, Cloze
/// tokens, a title alone before a blank line) the parser does what the author meant and warns.
///
/// ```swift
/// let (questions, problems) = GiftParser.parse("::Q1:: 1+1=2 {T}", file: "bank.gift")
/// questions[0].kind  // .trueFalse(answer: true, wrongFeedback: nil, rightFeedback: nil)
/// problems           // []
/// ```
package enum GiftParser {
  /// Parses a file's bytes: UTF-8 (a BOM is skipped), any line ends.
  package static func parse(bytes: [UInt8], file: String) -> (questions: [GiftQuestion], problems: [ImportProblem]) {
    var questions: [GiftQuestion] = []
    let problems = parse(bytes: bytes, file: file) { questions.append($0) }
    return (questions, problems)
  }

  package static func parse(_ text: String, file: String) -> (questions: [GiftQuestion], problems: [ImportProblem]) {
    parse(bytes: Array(text.utf8), file: file)
  }

  /// About how many questions `bytes` holds: its blocks (a blank line ends one), counted without
  /// decoding, for reserving room for them at once.
  package static func estimatedQuestions(_ bytes: [UInt8]) -> Int {
    var count = 1
    var previous: UInt8 = 0
    for byte in bytes where byte == 0x0A || byte == 0x0D || previous != 0 {
      if byte == 0x0A && previous == 0x0A { count += 1 }
      // A CR before the LF is skipped; anything else ends the run of line ends.
      previous = byte == 0x0A ? 0x0A : (byte == 0x0D ? previous : 0)
    }
    return count
  }

  /// Parses a file's bytes, handing each question to `each` as soon as it is read, so that neither
  /// the file's lines nor all its questions are held at once (a 30 MB bank took 1.6 GB); returns
  /// the problems.
  package static func parse(bytes: [UInt8], file: String, each: (GiftQuestion) -> Void) -> [ImportProblem] {
    do {
      try SourceLines.checkEncoding(bytes, file: file)
    } catch {
      return [error]
    }
    var reader = GiftBlockReader(file: file)
    var block: [GiftBlockReader.Line] = []
    var index = 0
    func flush() {
      reader.read(block)
      block = []
      for question in reader.questions { each(question) }
      reader.questions.removeAll(keepingCapacity: true)
    }
    SourceLines.eachLine(of: bytes) { raw in
      index += 1
      let scalars = Array(raw.unicodeScalars)
      let lead = scalars.prefix(while: GiftBlockReader.isSpace).count
      guard lead < scalars.count else { return flush() }
      // Lines keep their indentation, as in Moodle (`<pre>` code stays indented); the question's
      // text and each answer are trimmed as a whole.
      block.append(.init(scalars: scalars, line: index, column: 1, indent: lead))
    }
    flush()
    reader.finish()
    for question in reader.questions { each(question) }
    return reader.problems
  }
}

/// A character of a question block with where it came from.
struct Located {
  var scalar: Unicode.Scalar
  var line: Int
  var column: Int
}

/// Reads the file one block (lines between blank lines) at a time.
struct GiftBlockReader {
  struct Line {
    var scalars: [Unicode.Scalar]
    var line: Int
    var column: Int
    /// Leading spaces and tabs.
    var indent: Int = 0
  }

  let file: String
  var questions: [GiftQuestion] = []
  var problems: [ImportProblem] = []
  var category: [String] = []
  /// Where the current block's escapes (`\{`…) are: only their placeholders are turned back.
  var escapes = Set<Position>()
  struct Position: Hashable {
    var line: Int
    var column: Int
  }
  /// A title alone in its block, waiting for the question after the blank line.
  var pendingTitle: (title: String, at: Located)?

  init(file: String) { self.file = file }

  static func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\0" || s == "\u{0B}" }

  // Escaped characters become private-use placeholders until the text is split.
  static let escapable: [Unicode.Scalar] = [":", "#", "=", "{", "}", "~"]
  static func placeholder(_ s: Unicode.Scalar) -> Unicode.Scalar { Unicode.Scalar(0xE000 + s.value)! }

  mutating func warn(_ at: Located, _ message: Message) {
    problems.append(ImportProblem(.warning, file: file, line: at.line, column: at.column, text: message))
  }

  mutating func fail(_ at: Located, _ message: Message) {
    problems.append(ImportProblem(.error, file: file, line: at.line, column: at.column, text: message))
  }

  mutating func finish() {
    if let (title, at) = pendingTitle {
      warn(at, .tr("title \"{title}\" has no question after it; imported as a description", ["title": title]))
      questions.append(
        GiftQuestion(
          title: title, text: .init(""), kind: .description, category: category, line: at.line, column: at.column))
      pendingTitle = nil
    }
  }

  mutating func read(_ lines: [Line]) {
    guard !lines.isEmpty else { return }
    var id: String?
    var tags: [String] = []
    var extras: [String: String] = [:]
    var text: [Located] = []
    for line in lines {
      if line.scalars[line.indent...].starts(with: ["/", "/"]) {
        let comment = String(String.UnicodeScalarView(line.scalars))
        if id == nil { id = Self.bracketed("id", in: comment).first }
        tags += Self.bracketed("tag", in: comment)
        for key in Self.extraKeys { if let value = Self.bracketed(key, in: comment).first { extras[key] = value } }
        continue
      }
      if !text.isEmpty, let last = text.last {
        text.append(Located(scalar: "\n", line: last.line, column: last.column + 1))
      }
      for (i, s) in line.scalars.enumerated() {
        text.append(Located(scalar: s, line: line.line, column: line.column + i))
      }
    }
    guard !text.isEmpty else { return }
    let before = questions.count
    let problemsBefore = problems.count
    let (unescapedText, escapes) = Self.unescaped(text)
    self.escapes = escapes
    readBlock(unescapedText, id: id, tags: tags)
    for i in before..<questions.count { questions[i].extras = extras }
    // Errors here break this question only: the rest of the file can still be read.
    for i in problemsBefore..<problems.count where problems[i].isError { problems[i].questionLine = text[0].line }
  }

  static let extraKeys = [
    "unit", "tolerance", "type", "hint", "answerUnit", "unitRequired", "quantity", "relativeTolerance",
    "caseSensitive", "passage", "grading",
  ]

  /// `[id:…]` or `[tag:…]` values in a comment, with `\]` for `]`.
  static func bracketed(_ key: String, in comment: String) -> [String] {
    var values: [String] = []
    var rest = Substring(comment)
    while let start = rest.range(of: "[\(key):") {
      var value = ""
      var i = start.upperBound
      var closed = false
      while i < rest.endIndex {
        let c = rest[i]
        if c == "\\", rest.index(after: i) < rest.endIndex, rest[rest.index(after: i)] == "]" {
          value.append("]")
          i = rest.index(i, offsetBy: 2)
          continue
        }
        if c == "]" {
          closed = true
          break
        }
        value.append(c)
        i = rest.index(after: i)
      }
      guard closed else { break }
      let trimmed = value.trimmingWhitespace()
      if !trimmed.isEmpty { values.append(trimmed) }
      rest = rest[rest.index(after: i)...]
    }
    return values
  }

  /// Resolves `\\` and turns `\: \# \= \{ \} \~ \n` into placeholders; other backslashes stay.
  static func unescaped(_ text: [Located]) -> ([Located], Set<Position>) {
    var escapes = Set<Position>()
    var out: [Located] = []
    out.reserveCapacity(text.count)
    var i = 0
    while i < text.count {
      let c = text[i]
      if c.scalar == "\\", i + 1 < text.count {
        let next = text[i + 1].scalar
        if next == "\\" {
          out.append(c)
          i += 2
          continue
        }
        if escapable.contains(next) {
          out.append(Located(scalar: placeholder(next), line: c.line, column: c.column))
          escapes.insert(Position(line: c.line, column: c.column))
          i += 2
          continue
        }
        if next == "n" {
          out.append(Located(scalar: placeholder("\n"), line: c.line, column: c.column))
          escapes.insert(Position(line: c.line, column: c.column))
          i += 2
          continue
        }
      }
      out.append(c)
      i += 1
    }
    return (out, escapes)
  }

  // MARK: One block

  mutating func readBlock(_ block: [Located], id: String?, tags: [String]) {
    var text = trim(block[...])
    if text.starts(with: "$CATEGORY:") {
      let lineEnd = text.firstIndex { $0.scalar == "\n" } ?? text.endIndex
      category = Self.categoryPath(restore(text[(text.startIndex + 10)..<lineEnd]))
      guard lineEnd < text.endIndex else { return }
      text = trim(text[(lineEnd + 1)...])
      guard let first = text.first else { return }
      warn(
        first,
        .tr(
          "a question follows the $CATEGORY line without a blank line; read as a question (Moodle would make it part of the category name)"
        )
      )
    }
    readQuestion(text, id: id, tags: tags)
  }

  /// `$course$/top/A/B//C` → `["A", "B/C"]`.
  static func categoryPath(_ raw: String) -> [String] {
    let literalSlash = "\u{E02F}"
    var parts = raw.replacingOccurrences(of: "//", with: literalSlash).split(
      separator: "/", omittingEmptySubsequences: false
    )
    .map { $0.replacingOccurrences(of: literalSlash, with: "/").trimmingWhitespace() }
    if let first = parts.first, first.count > 2, first.hasPrefix("$"), first.hasSuffix("$"),
      first.dropFirst().dropLast().allSatisfy({ $0.isASCII && $0.isLowercase })
    {
      parts.removeFirst()
    }
    if parts.first == "top" { parts.removeFirst() }
    return parts.filter { !$0.isEmpty }
  }

  mutating func readQuestion(_ block: ArraySlice<Located>, id: String?, tags: [String]) {
    var text = block
    guard let start = text.first else { return }
    var title: String?
    if text.starts(with: "::") {
      if let end = find("::", in: text, from: text.startIndex + 2) {
        title = restore(text[(text.startIndex + 2)..<end]).trimmingWhitespaceAndNewlines()
        text = trim(text[(end + 2)...])
      } else {
        // Moodle drops the `::` and reads the rest as the question, without a name.
        warn(start, .tr("the title opened here has no closing '::'; read as the question's text, as Moodle does"))
        text = trim(text.dropFirst(2))
      }
      if title != nil, text.isEmpty {
        if let (previous, at) = pendingTitle {
          warn(at, .tr("title \"{title}\" has no question after it; imported as a description", ["title": previous]))
          questions.append(
            GiftQuestion(
              title: previous, text: .init(""), kind: .description, category: category, line: at.line,
              column: at.column))
        }
        warn(
          start,
          .tr(
            "a title followed by a blank line: given to the question after the blank line (Moodle would import the title alone as an empty description)"
          )
        )
        pendingTitle = (title ?? "", start)
        return
      }
    } else if text.starts(with: ":"), let end = find("::", in: text, from: text.startIndex + 1),
      !text[text.startIndex..<end].contains(where: { $0.scalar == "\n" || $0.scalar == " " })
    {
      fail(start, .tr("a title starts with '::', found ':' (write \\: for a literal colon)"))
      return
    }
    if title == nil, let (pending, _) = pendingTitle { title = pending }
    pendingTitle = nil

    var format = GiftQuestion.Format.moodle
    if let (prefixFormat, rest) = formatPrefix(text) {
      format = prefixFormat
      text = trim(rest)
    }
    var question = GiftQuestion(
      title: title, text: .init("", format: format), kind: .description, id: id, tags: tags, category: category,
      line: start.line, column: start.column)

    if let cloze = readCloze(text, format: format, at: start) {
      guard let (parts, blanks, heads) = cloze else { return }
      question.kind = .cloze(parts: parts, blanks: blanks)
      question.clozeHeads = heads
      question.text.text = parts.joined(separator: "_____")
      question.hasBlank = true
      questions.append(question)
      return
    }

    let open = text.firstIndex { $0.scalar == "{" }
    let close = text.firstIndex { $0.scalar == "}" }
    switch (open, close) {
    case (nil, nil):
      question.text.text = restore(text)
      questions.append(question)
      return
    case (nil, let close?):
      fail(text[close], .tr("'}' without an opening '{' (write \\} for a literal brace)"))
      return
    case (let open?, nil):
      fail(
        text[open],
        .tr(
          "the answer block opened here has no closing '}' (a blank line ends a question; write \\n for a line break inside one)"
        )
      )
      return
    case (let open?, let close?) where close < open:
      fail(text[close], .tr("'}' without an opening '{' (write \\} for a literal brace)"))
      return
    case (let open?, let close?):
      var broken = false
      for i in (open + 1)..<close where text[i].scalar == "{" {
        fail(
          text[i],
          .tr(
            "unescaped '{' inside the answer block opened at {line}:{column} (write \\{ for a literal brace)",
            ["line": text[open].line, "column": text[open].column])
        )
        broken = true
      }
      for i in (close + 1)..<text.endIndex where text[i].scalar == "{" || text[i].scalar == "}" {
        fail(
          text[i],
          .tr(
            "a second '{brace}' after the answer block closed at {line}:{column}; a question has one answer block (write \\{ and \\} for literal braces)",
            ["brace": text[i].scalar, "line": text[close].line, "column": text[close].column])
        )
        broken = true
        break
      }
      if broken { return }
      readAnswerBlock(text, open: open, close: close, into: &question)
    }
  }

  mutating func readAnswerBlock(_ text: ArraySlice<Located>, open: Int, close: Int, into question: inout GiftQuestion) {
    let format = question.text.format
    var answer = trim(text[(open + 1)..<close])
    let endsWithBlock = close == text.endIndex - 1
    let before = restore(text[text.startIndex..<open])
    let after = restore(text[(close + 1)...])
    question.text.text = (endsWithBlock ? before : before + "_____" + after)
      .trimmingWhitespaceAndNewlines()
    question.hasBlank = !endsWithBlock
    if let separator = findLast("####", in: answer) {
      // Moodle looks for a format prefix right after `####`, before trimming: `#### [html]x` is text.
      let general = answer[(separator + 4)...]
      question.generalFeedback =
        formatPrefix(general) == nil
        ? .init(restore(trim(general)), format: format) : formatted(general, inherit: format)
      answer = trim(answer[answer.startIndex..<separator])
    }
    let blockStart = text[open]
    guard let first = answer.first else {
      question.kind = .essay
      questions.append(question)
      return
    }
    let kind: GiftQuestion.Kind?
    if first.scalar == "#" {
      kind = readNumerical(trim(answer.dropFirst()), at: first, format: format)
    } else if answer.contains(where: { $0.scalar == "~" }) {
      kind = readMultipleChoice(answer, format: format)
    } else if answer.contains(where: { $0.scalar == "=" }) && find("->", in: answer, from: answer.startIndex) != nil {
      kind = readMatching(answer, format: format)
    } else if let truth = trueFalse(answer, at: blockStart) {
      kind = truth
    } else {
      kind = readShortAnswer(answer, format: format)
    }
    guard let kind else { return }
    question.kind = kind
    questions.append(question)
  }

  // MARK: Types

  mutating func trueFalse(_ answer: ArraySlice<Located>, at: Located) -> GiftQuestion.Kind? {
    let parts = split(answer, maxParts: 3, on: "#")
    let word = restore(parts[0]).trimmingWhitespace()
    let value: Bool
    switch word {
    case "T", "TRUE": value = true
    case "F", "FALSE": value = false
    case "t", "true", "True", "f", "false", "False":
      value = word.lowercased().hasPrefix("t")
      warn(
        at,
        .tr(
          "{{word}} read as {value}; Moodle reads only uppercase T, TRUE, F, FALSE and would make this a short answer \"{word}\"",
          ["word": word, "value": value ? "TRUE" : "FALSE"])
      )
    default: return nil
    }
    let format = GiftQuestion.Format.moodle
    return .trueFalse(
      answer: value, wrongFeedback: parts.count > 1 ? formatted(parts[1], inherit: format) : nil,
      rightFeedback: parts.count > 2 ? formatted(parts[2], inherit: format) : nil)
  }

  mutating func readMultipleChoice(_ answer: ArraySlice<Located>, format: GiftQuestion.Format) -> GiftQuestion.Kind? {
    // Moodle: one answer is chosen exactly when the block holds an `=`; each `=` answer is fully right.
    let single = answer.contains { $0.scalar == "=" }
    var (lead, segments) = segments(answer, tildeIsMarker: true)
    let leadText = trim(lead)
    if let first = leadText.first {
      warn(
        first,
        .tr(
          "text before the first '~' or '=' read as a wrong answer, as Moodle does (start every answer with '=' or '~')"
        ))
      segments.insert((Located(scalar: "~", line: first.line, column: first.column), leadText), at: 0)
    }
    var answers: [GiftQuestion.Answer] = []
    var failed = false
    for segment in segments {
      var content = trim(segment.content)
      var weight = 0.0
      if segment.marker.scalar == "=" {
        weight = 1
        if let first = content.first, Self.weightEnd(content) != nil {
          warn(
            first,
            .tr(
              "a weight after '=' is text in Moodle, which gives an '=' answer full credit; write ~%50% for partial credit"
            ))
        }
      } else {
        guard let (parsed, rest) = readWeight(content) else {
          failed = true
          continue
        }
        weight = parsed ?? 0
        content = rest
      }
      let (text, feedback) = answerAndFeedback(content, format: format)
      if text.text.isEmpty {
        // Moodle keeps no empty answer: `~=right` is just a right answer.
        if feedback != nil {
          warn(segment.marker, .tr("an answer with only feedback is left out, as Moodle does"))
        }
        continue
      }
      answers.append(.init(text, weight: weight, feedback: feedback))
    }
    if failed { return nil }
    if answers.count < 2 {
      fail(
        answer.first!,
        .tr("a multiple-choice question needs at least 2 answers, found {count}", ["count": answers.count]))
      return nil
    }
    if !answers.contains(where: { $0.weight > 0 }) {
      fail(
        answer.first!,
        .tr(
          "no answer earns credit: mark the right one with '=' or give weights such as ~%50% (Moodle would import a question nobody can answer right)"
        )
      )
      return nil
    }
    return .multipleChoice(single: single, answers: answers)
  }

  mutating func readShortAnswer(_ answer: ArraySlice<Located>, format: GiftQuestion.Format) -> GiftQuestion.Kind? {
    var (lead, segments) = segments(answer, tildeIsMarker: false)
    var answers: [GiftQuestion.Answer] = []
    let leadText = trim(lead)
    if let first = leadText.first {
      warn(first, .tr("answer without a leading '=' read as an accepted answer, as Moodle does"))
      segments.insert((Located(scalar: "=", line: first.line, column: first.column), leadText), at: 0)
    }
    var failed = false
    for segment in segments {
      guard let (weight, rest) = readWeight(trim(segment.content)) else {
        failed = true
        continue
      }
      let (text, feedback) = answerAndFeedback(rest, format: format)
      if text.text.isEmpty {
        if feedback != nil {
          warn(segment.marker, .tr("an answer with only feedback is left out, as Moodle does"))
        }
        continue
      }
      answers.append(.init(text, weight: weight ?? 1, feedback: feedback))
    }
    if failed { return nil }
    if !answers.contains(where: { $0.weight > 0 && $0.text.text != "*" }) {
      fail(answer.first!, .tr("no accepted answer earns credit"))
      return nil
    }
    return .shortAnswer(answers)
  }

  mutating func readMatching(_ answer: ArraySlice<Located>, format: GiftQuestion.Format) -> GiftQuestion.Kind? {
    var (lead, segments) = segments(answer, tildeIsMarker: false)
    // Moodle reads text before the first `=` as a pair too.
    if let first = trim(lead).first { segments.insert((first, trim(lead)), at: 0) }
    var pairs: [GiftQuestion.Pair] = []
    var failed = false
    for segment in segments {
      let content = trim(segment.content)
      guard let arrow = find("->", in: content, from: content.startIndex) else {
        fail(segment.marker, .tr("a matching pair needs '->': '=item -> answer'"))
        failed = true
        continue
      }
      let item = formatted(content[content.startIndex..<arrow], inherit: format)
      let right = restore(content[(arrow + 2)...]).trimmingWhitespaceAndNewlines()
      if right.isEmpty {
        fail(segment.marker, .tr("a matching pair needs an answer after '->'"))
        failed = true
        continue
      }
      pairs.append(.init(item: item, answer: right))
    }
    if failed { return nil }
    if pairs.filter({ !$0.item.text.isEmpty }).count < 2 {
      fail(answer.first!, .tr("a matching question needs at least 2 pairs"))
      return nil
    }
    return .matching(pairs)
  }

  mutating func readNumerical(_ answer: ArraySlice<Located>, at: Located, format: GiftQuestion.Format)
    -> GiftQuestion.Kind?
  {
    var body = answer
    var otherwise: ArraySlice<Located>?
    if let tilde = body.firstIndex(where: { $0.scalar == "~" }) {
      otherwise = body[(tilde + 1)...]
      body = trim(body[body.startIndex..<tilde])
    }
    var (lead, segments) = segments(body, tildeIsMarker: false)
    let leadText = trim(lead)
    if let first = leadText.first { segments.insert((first, leadText), at: 0) }
    guard !segments.isEmpty else {
      fail(at, .tr("a numerical question needs an answer after '#', such as {#3:0.5} or {#1..5}"))
      return nil
    }
    var answers: [GiftQuestion.NumberAnswer] = []
    var failed = false
    for segment in segments {
      guard let (weight, rest) = readWeight(trim(segment.content)) else {
        failed = true
        continue
      }
      let hash = rest.firstIndex { $0.scalar == "#" }
      let numberText = trim(rest[rest.startIndex..<(hash ?? rest.endIndex)])
      let feedback = hash.map { formatted(rest[($0 + 1)...], inherit: format) }
      let spot = numberText.first ?? segment.marker
      guard let parsed = number(numberText, at: spot) else {
        failed = true
        continue
      }
      answers.append(
        .init(
          value: parsed.value, tolerance: parsed.tolerance, weight: weight ?? 1, feedback: feedback,
          isRange: parsed.isRange))
    }
    if let otherwise {
      let hash = otherwise.firstIndex { $0.scalar == "#" }
      let feedback = hash.map { formatted(otherwise[($0 + 1)...], inherit: format) }
      answers.append(.init(value: nil, tolerance: 0, weight: 0, feedback: feedback))
    }
    if failed { return nil }
    return .numerical(answers)
  }

  /// `3`, `3:0.5`, `1..5` or `*`.
  mutating func number(_ text: ArraySlice<Located>, at: Located) -> (value: Double?, tolerance: Double, isRange: Bool)?
  {
    let raw = restore(text).trimmingWhitespace()
    if raw == "*" { return (nil, 0, false) }
    if let range = raw.range(of: ".."), range.lowerBound > raw.startIndex {
      let low = Self.parseNumber(raw[..<range.lowerBound])
      let high = Self.parseNumber(raw[range.upperBound...])
      guard let low, let high else {
        fail(at, .tr("range '{range}' needs two numbers, as in {#1..5}", ["range": raw]))
        return nil
      }
      if low > high {
        fail(at, .tr("range '{range}' runs backwards; write the smaller number first", ["range": raw]))
        return nil
      }
      // Rounded to 12 digits, so 3.141..3.142 is 3.1415 ± 0.0005 and not 3.1414999999999997.
      return (Self.rounded((low + high) / 2), Self.rounded((high - low) / 2), true)
    }
    if let colon = raw.firstIndex(of: ":"), colon > raw.startIndex {
      guard let value = Self.parseNumber(raw[..<colon]) else {
        fail(
          at, .tr("'{text}' is not a number (Moodle would silently accept any number here)", ["text": raw[..<colon]]))
        return nil
      }
      guard let tolerance = Self.parseNumber(raw[raw.index(after: colon)...]) else {
        fail(at, .tr("tolerance '{text}' is not a number", ["text": raw[raw.index(after: colon)...]]))
        return nil
      }
      return (value, abs(tolerance), false)
    }
    guard let value = Self.parseNumber(Substring(raw)) else {
      fail(at, .tr("'{text}' is not a number (Moodle would silently accept any number here)", ["text": raw]))
      return nil
    }
    return (value, 0, false)
  }

  static func rounded(_ value: Double) -> Double { Double(String(printf: "%.12g", value)) ?? value }

  static func parseNumber(_ text: Substring) -> Double? {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
      let value = Double(trimmed), value.isFinite
    else { return nil }
    return value
  }

  // MARK: Cloze

  static let clozeTypes: [String: Int] = {
    var types: [String: Int] = [:]
    for name in [
      "MULTICHOICE", "MC", "MULTICHOICE_V", "MCV", "MULTICHOICE_H", "MCH", "MULTICHOICE_S", "MCS", "MULTICHOICE_VS",
      "MCVS", "MULTICHOICE_HS", "MCHS", "MULTIRESPONSE", "MR", "MULTIRESPONSE_H", "MRH", "MULTIRESPONSE_S", "MRS",
      "MULTIRESPONSE_HS", "MRHS",
    ] { types[name] = 0 }
    for name in ["SHORTANSWER", "SA", "MW"] { types[name] = 1 }
    for name in ["SHORTANSWER_C", "SAC", "MWC"] { types[name] = 3 }
    for name in ["NUMERICAL", "NM"] { types[name] = 2 }
    return types
  }()

  /// The Cloze token starting at `open` (`{1:MC:` …): its kind and where its answers start.
  func clozeToken(_ text: ArraySlice<Located>, at open: Int) -> (kind: Int, answers: Int)? {
    var i = open + 1
    while i < text.endIndex, text[i].scalar.properties.numericType != nil, text[i].scalar.isASCII { i += 1 }
    guard i < text.endIndex, text[i].scalar == ":" || text[i].scalar == "\u{E03A}" else { return nil }
    i += 1
    var name = ""
    while i < text.endIndex, text[i].scalar.isASCII, text[i].scalar.properties.isUppercase || text[i].scalar == "_" {
      name.unicodeScalars.append(text[i].scalar)
      i += 1
    }
    guard let kind = Self.clozeTypes[name], i < text.endIndex, text[i].scalar == ":" || text[i].scalar == "\u{E03A}"
    else { return nil }
    return (kind, i + 1)
  }

  /// nil when the text has no Cloze token; `.some(nil)` when it has one but could not be read.
  /// `heads` are the tokens' starts as written, braces and final colon left out (`2:MULTICHOICE_V`).
  mutating func readCloze(_ text: ArraySlice<Located>, format: GiftQuestion.Format, at: Located)
    -> ((parts: [String], blanks: [GiftQuestion.ClozeBlank], heads: [String])?)?
  {
    guard
      let firstOpen = text.indices.first(where: { text[$0].scalar == "{" && clozeToken(text, at: $0) != nil })
    else { return nil }
    var parts: [String] = []
    var blanks: [GiftQuestion.ClozeBlank] = []
    var heads: [String] = []
    // Each blank's marks (`{2:SA:…}`; none written is 1, as Moodle reads it).
    var marks: [Int] = []
    var position = text.startIndex
    var failed = false
    var i = text.startIndex
    while i < text.endIndex {
      guard text[i].scalar == "{" else {
        if text[i].scalar == "}" {
          fail(text[i], .tr("'}' without an opening '{' (write \\} for a literal brace)"))
          failed = true
        }
        i += 1
        continue
      }
      guard let (kind, answersStart) = clozeToken(text, at: i) else {
        fail(
          text[i],
          .tr("a '{' that is not a Cloze token in a question made of Cloze tokens (write \\{ for a literal brace)"))
        failed = true
        i += 1
        continue
      }
      guard let close = text[answersStart...].firstIndex(where: { $0.scalar == "}" }) else {
        fail(text[i], .tr("the Cloze token opened here has no closing '}'"))
        return .some(nil)
      }
      parts.append(restore(text[position..<i]))
      heads.append(restore(text[(i + 1)..<(answersStart - 1)]))
      let digits = text[(i + 1)...].prefix { $0.scalar.isASCII && $0.scalar.properties.numericType != nil }
      marks.append(digits.isEmpty ? 1 : Int(String(String.UnicodeScalarView(digits.map(\.scalar)))) ?? 1)
      let body = text[answersStart..<close]
      if let blank = clozeBlank(body, kind: kind, at: text[i], format: format) {
        blanks.append(blank)
      } else {
        failed = true
      }
      position = close + 1
      i = close + 1
    }
    parts.append(restore(text[position...]))
    if failed { return .some(nil) }
    warn(
      text[firstOpen],
      .trn(
        "Moodle Cloze token in GIFT: imported as {count} question, one per blank (Moodle's GIFT importer would mangle it)",
        "Moodle Cloze tokens in GIFT: imported as {count} questions, one per blank (Moodle's GIFT importer would mangle them)",
        count: blanks.count)
    )
    if Set(marks).count > 1 {
      warn(
        text[firstOpen],
        .tr(
          "Cloze blanks worth different marks ({marks}): practice counts each blank as one question (Moodle weighs them by their marks)",
          ["marks": marks.map(String.init).joined(separator: ", ")]))
    }
    return .some((parts, blanks, heads))
  }

  mutating func clozeBlank(_ body: ArraySlice<Located>, kind: Int, at: Located, format: GiftQuestion.Format)
    -> GiftQuestion.ClozeBlank?
  {
    var answers: [(weight: Double, text: ArraySlice<Located>)] = []
    for piece in split(body, on: "~") {
      var content = trim(piece)
      if content.isEmpty { continue }
      var weight = 0.0
      if content.first?.scalar == "=" {
        weight = 1
        content = trim(content.dropFirst())
      }
      guard let (parsed, rest) = readWeight(content) else { return nil }
      answers.append((parsed ?? weight, rest))
    }
    guard !answers.isEmpty else {
      fail(at, .tr("a Cloze token with no answers"))
      return nil
    }
    guard answers.contains(where: { $0.weight > 0 }) else {
      fail(at, .tr("a Cloze token with no right answer: mark it with '=' or a weight such as %100%"))
      return nil
    }
    switch kind {
    case 2:
      var numbers: [GiftQuestion.NumberAnswer] = []
      for answer in answers {
        let hash = answer.text.firstIndex { $0.scalar == "#" }
        let feedback = hash.map { formatted(answer.text[($0 + 1)...], inherit: format) }
        guard let parsed = number(trim(answer.text[answer.text.startIndex..<(hash ?? answer.text.endIndex)]), at: at)
        else { return nil }
        numbers.append(
          .init(
            value: parsed.value, tolerance: parsed.tolerance, weight: answer.weight, feedback: feedback,
            isRange: parsed.isRange))
      }
      return .numerical(numbers)
    default:
      let parsed = answers.map { answer -> GiftQuestion.Answer in
        let (text, feedback) = answerAndFeedback(answer.text, format: format)
        return .init(text, weight: answer.weight, feedback: feedback)
      }
      return kind == 0 ? .choice(parsed) : .short(parsed, caseSensitive: kind == 3)
    }
  }

  // MARK: Pieces

  typealias Segment = (marker: Located, content: ArraySlice<Located>)

  /// Splits answers at their markers as Moodle does: every unescaped `=`, and `~` too for multiple
  /// choice (`{=have been riding=have ridden}` is two answers; write `\=` for an `=` in an answer).
  func segments(_ answer: ArraySlice<Located>, tildeIsMarker: Bool) -> (
    lead: ArraySlice<Located>, segments: [Segment]
  ) {
    var markers: [Int] = []
    for i in answer.indices {
      let s = answer[i].scalar
      if s == "=" || (s == "~" && tildeIsMarker) { markers.append(i) }
    }
    let lead = answer[answer.startIndex..<(markers.first ?? answer.endIndex)]
    var segments: [Segment] = []
    for (k, m) in markers.enumerated() {
      let end = k + 1 < markers.count ? markers[k + 1] : answer.endIndex
      segments.append((answer[m], answer[(m + 1)..<end]))
    }
    return (lead, segments)
  }

  /// Where a leading weight in Moodle's pattern ends (the index after its closing `%`), or nil.
  ///
  /// Moodle's pattern is `%`, any `-`, one or two digits, an optional `.` and digits, `%`
  /// (`%50%`, `%-33.333%`, `%100%`); any other `%` is text (`~ %run`, `{=%reset}`).
  static func weightEnd(_ content: ArraySlice<Located>) -> Int? {
    guard content.first?.scalar == "%" else { return nil }
    func isDigit(_ i: Int) -> Bool { i < content.endIndex && ("0"..."9").contains(content[i].scalar) }
    var i = content.startIndex + 1
    while i < content.endIndex, content[i].scalar == "-" { i += 1 }
    let digits = i
    while isDigit(i) { i += 1 }
    guard i > digits else { return nil }
    if i < content.endIndex, content[i].scalar == "." {
      // A point may follow only the first two digits (Moodle's `[0-9]{1,2}\.?[0-9]*`).
      guard i - digits <= 2 else { return nil }
      i += 1
      while isDigit(i) { i += 1 }
    }
    guard i < content.endIndex, content[i].scalar == "%" else { return nil }
    return i + 1
  }

  /// A leading weight (`%50%`) as a fraction, nil when the text does not start with one (its `%` is
  /// then text, as in Moodle), and the rest; nil after an error.
  mutating func readWeight(_ content: ArraySlice<Located>) -> (Double?, ArraySlice<Located>)? {
    guard let first = content.first, let end = Self.weightEnd(content) else { return (nil, content) }
    var raw = restore(content[(content.startIndex + 1)..<(end - 1)])
    if raw.hasSuffix(".") { raw.removeLast() }
    guard !raw.hasPrefix("--"), let percent = Self.parseNumber(Substring(raw)), abs(percent) <= 100 else {
      fail(first, .tr("weight '%{weight}%' is not a percentage from -100 to 100", ["weight": raw]))
      return nil
    }
    return (Self.rounded(percent / 100), trim(content[end...]))
  }

  /// Splits `text # feedback` at the first `#`, with format prefixes on either part.
  func answerAndFeedback(_ content: ArraySlice<Located>, format: GiftQuestion.Format) -> (
    GiftQuestion.Text, GiftQuestion.Text?
  ) {
    guard let hash = content.firstIndex(where: { $0.scalar == "#" }) else {
      return (formatted(content, inherit: format), nil)
    }
    let feedback = formatted(content[(hash + 1)...], inherit: format)
    return (formatted(content[content.startIndex..<hash], inherit: format), feedback.text.isEmpty ? nil : feedback)
  }

  /// A text with its optional `[html]`-style prefix, escapes restored and trimmed.
  func formatted(_ text: ArraySlice<Located>, inherit: GiftQuestion.Format) -> GiftQuestion.Text {
    let trimmed = trim(text)
    if let (format, rest) = formatPrefix(trimmed) { return .init(restore(trim(rest)), format: format) }
    return .init(restore(trimmed), format: inherit)
  }

  func formatPrefix(_ text: ArraySlice<Located>) -> (GiftQuestion.Format, ArraySlice<Located>)? {
    guard text.first?.scalar == "[", let end = text.prefix(12).firstIndex(where: { $0.scalar == "]" }) else {
      return nil
    }
    let name = String(String.UnicodeScalarView(text[(text.startIndex + 1)..<end].map(\.scalar)))
    guard let format = GiftQuestion.Format(rawValue: name) else { return nil }
    return (format, text[(end + 1)...])
  }

  func split(_ text: ArraySlice<Located>, maxParts: Int = .max, on separator: Unicode.Scalar) -> [ArraySlice<Located>] {
    var parts: [ArraySlice<Located>] = []
    var start = text.startIndex
    for i in text.indices where text[i].scalar == separator && parts.count < maxParts - 1 {
      parts.append(text[start..<i])
      start = i + 1
    }
    parts.append(text[start...])
    return parts
  }

  func trim(_ text: ArraySlice<Located>) -> ArraySlice<Located> {
    var slice = text
    while let first = slice.first, Self.isSpace(first.scalar) || first.scalar == "\n" { slice = slice.dropFirst() }
    while let last = slice.last, Self.isSpace(last.scalar) || last.scalar == "\n" { slice = slice.dropLast() }
    return slice
  }

  func find(_ needle: String, in text: ArraySlice<Located>, from: Int) -> Int? {
    let pattern = Array(needle.unicodeScalars)
    guard text.endIndex - from >= pattern.count else { return nil }
    var i = from
    while i + pattern.count <= text.endIndex {
      if (0..<pattern.count).allSatisfy({ text[i + $0].scalar == pattern[$0] }) { return i }
      i += 1
    }
    return nil
  }

  func findLast(_ needle: String, in text: ArraySlice<Located>) -> Int? {
    let pattern = Array(needle.unicodeScalars)
    var i = text.endIndex - pattern.count
    while i >= text.startIndex {
      if (0..<pattern.count).allSatisfy({ text[i + $0].scalar == pattern[$0] }) { return i }
      i -= 1
    }
    return nil
  }

  /// The text with escape placeholders turned back into their characters.
  func restore(_ text: ArraySlice<Located>) -> String {
    var out = String.UnicodeScalarView()
    for c in text {
      let v = c.scalar.value
      // Only an escape's placeholder: private-use characters of the file stay as written.
      if v >= 0xE000 && v < 0xE080, escapes.contains(Position(line: c.line, column: c.column)),
        let original = Unicode.Scalar(v - 0xE000)
      {
        out.append(original)
      } else {
        out.append(c.scalar)
      }
    }
    return String(out)
  }
}

extension ArraySlice where Element == Located {
  func starts(with prefix: String) -> Bool {
    let scalars = Array(prefix.unicodeScalars)
    guard count >= scalars.count else { return false }
    return zip(self, scalars).allSatisfy { $0.scalar == $1 }
  }
}
