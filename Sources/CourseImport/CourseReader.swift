package import CourseOutline
package import Localization
import PracticeFiles
import PracticeJSON
import QuizEngine
import TextLayout

/// Opens any course or question bank: native JSON (and the seed shapes), GIFT, Moodle XML, Aiken,
/// Anki text and CSV/TSV, chosen by extension and, for `.txt`, by content.
///
/// ```swift
/// let result = try CourseReader().read(["bank.gift"])
/// result.course?.allQuestions.count
/// result.problems  // every warning and error, located
/// ```
package struct CourseReader: Sendable {
  package var loader: CourseLoader
  /// `--columns front,back,…`: what each column of a CSV/TSV/Anki file holds.
  package var columns: [String]?
  /// The language of the text the import writes into the course itself (a title for several
  /// files, Moodle's partial credit, an essay's label): the importing teacher's.
  package var messages: Localizer
  /// Imports the good questions of a bank and leaves out each broken one with one warning
  /// (`--skip-broken`, Moodle's "Stop on error: No"); otherwise a broken question stops the import.
  package var skipBroken = false

  package init(loader: CourseLoader = CourseLoader(), columns: [String]? = nil, messages: Localizer = .english) {
    self.loader = loader
    self.columns = columns
    self.messages = messages
  }

  /// What a file was read as.
  package enum Format: String, Sendable, CaseIterable {
    case json = "practice-course"
    case gift
    case moodleXML = "moodle-xml"
    case aiken
    case delimited = "anki-csv"
  }

  /// A read: the course unless there were errors, and every problem in file order.
  package struct Result: Sendable {
    package var course: Course?
    package var problems: [ImportProblem]
    package var formats: [Format]
    /// What was imported, by kind: `single choice: 3`, `essay (not auto-graded): 1`… (labels in the
    /// catalog, translated where shown).
    package var counts: [(label: String, count: Int)]
    /// Essays kept as text, each as `file:line: first words`, for `validate`.
    package var essays: [String]

    package var errors: [ImportProblem] { problems.filter(\.isError) }
    package var warnings: [ImportProblem] { problems.filter { !$0.isError } }
  }

  /// The format of a file from its extension, or for `.txt` and unknown ones from its first bytes.
  package static func format(path: String, bytes: [UInt8]) -> Format {
    let name = PathText.lastComponent(path).lowercased()
    if name.hasSuffix(".gift") { return .gift }
    if name.hasSuffix(".xml") { return .moodleXML }
    if name.hasSuffix(".csv") || name.hasSuffix(".tsv") { return .delimited }
    if name.hasSuffix(".json") { return .json }
    let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
    let trimmed = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") || trimmed.hasPrefix("\"chapterDtoList\"") { return .json }
    if trimmed.hasPrefix("<") { return .moodleXML }
    let lines = head.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
    if lines.contains(where: { $0.hasPrefix("#separator:") || $0.hasPrefix("#html:") || $0.hasPrefix("#columns:") }) {
      return .delimited
    }
    if lines.contains(where: { $0.hasPrefix("ANSWER:") }) { return .aiken }
    if head.contains("{") || head.contains("$CATEGORY") || head.contains("::") { return .gift }
    if lines.first?.contains("\t") == true { return .delimited }
    return .gift
  }

  /// Reads one or more files into one course (`import`); one JSON course is read as it is. Each item
  /// goes into the course as its reader makes it: a file's items are not held besides the course
  /// (30 MB of GIFT had peaked at 1.6 GB).
  package func read(_ paths: [String], id: String? = nil, title: String? = nil) throws(CourseLoadError) -> Result {
    var builder = BankCourseBuilder(messages: messages)
    var problems: [ImportProblem] = []
    var formats: [Format] = []
    var essays: [String] = []
    var descriptions = 0
    // Files with the same name (`bank.gift`, `bank.csv`) get `bank-2`…; a question id already
    // taken by an earlier file gets a suffix the same way, so a course made of several files loads.
    var nodeIDs = Set<String>()
    var questionIDs = Set<String>()
    var byType: [QuestionType: Int] = [:]
    var essayCount = 0
    var noteCount = 0
    func add(_ item: BankItem, file: String) {
      var item = item
      switch item.content {
      case .question(var question):
        question.id = StableID.unique(question.id, taken: &questionIDs)
        byType[question.kind.type, default: 0] += 1
        item.content = .question(question)
      case .note(let text, let isEssay):
        if isEssay {
          essayCount += 1
          let words = text.split(whereSeparator: { $0.isWhitespace }).prefix(8).joined(separator: " ")
          essays.append("\(file):\(item.line): \(words)")
        } else {
          noteCount += 1
        }
      }
      builder.add(item)
    }
    for path in paths {
      let file = try loader.resolve(path)
      let heap = LoadHeap.grow(forFileAt: file)
      defer { heap?.end() }
      let bytes = try loader.read(file)
      let lower = file.lowercased()
      if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") {
        // Markdown braces and colons would read as GIFT questions that nobody wrote.
        problems.append(
          ImportProblem(
            .error, file: file, line: 1, column: 1,
            text: .tr(
              "no questions found: this looks like {what}; practice reads GIFT (.gift), Moodle XML (.xml), Aiken and Anki text (.txt), CSV/TSV and practice courses (.json)",
              ["what": Message.tr("Markdown")])))
        continue
      }
      let format = Self.format(path: file, bytes: bytes)
      formats.append(format)
      if format == .json {
        let (course, courseProblems) = loader.parse(bytes, file: file)
        let mapped = courseProblems.map {
          ImportProblem(.error, file: $0.file, line: $0.line, column: $0.column, text: $0.text)
        }
        if paths.count == 1 {
          var result = Result(
            course: mapped.isEmpty ? course : nil, problems: mapped, formats: formats, counts: [], essays: [])
          if var loaded = result.course {
            if let id { loaded.id = id }
            if let title { loaded.title = title }
            result.course = loaded
            result.counts = Self.counts(loaded.nodes.lazy.flatMap(\.questions), essays: 0, notes: 0)
          }
          return result
        }
        problems += mapped
        if let course {
          // A course among banks: its questions, each under its node's title path.
          builder.beginFile(id: StableID.unique(course.id, taken: &nodeIDs), title: course.title)
          for index in course.nodes.indices {
            var path: [String] = []
            var current: Int? = index
            while let i = current {
              path.insert(course.nodes[i].title, at: 0)
              current = course.nodes[i].parent
            }
            for q in course.nodes[index].questions {
              add(BankItem(category: path, content: .question(q), line: 1, column: 1), file: file)
            }
          }
        }
        continue
      }
      builder.beginFile(
        id: StableID.unique(CourseLoader.defaultID(for: file), taken: &nodeIDs),
        title: CourseLoader.defaultTitle(for: file))
      let (fileProblems, fileDescriptions) = items(format: format, bytes: bytes, file: file) { add($0, file: file) }
      descriptions += fileDescriptions
      problems += skipBroken ? Self.skipped(fileProblems) : fileProblems
    }
    let errors = problems.filter(\.isError)
    var course: Course?
    if errors.isEmpty {
      if byType.isEmpty {
        // Text only (descriptions, essays): not a bank practice can ask from.
        let first = paths.first ?? "?"
        let bytes = (try? loader.read(loader.resolve(first))) ?? []
        let leftOut = problems.filter { $0.severity == .warning }.count
        // A bank whose every question was left out is a bank: its warnings say why, not its look.
        let text: Message =
          leftOut > 0
          ? .trn(
            "no question practice can ask: the warning above says what was left out and why",
            "no question practice can ask: the {count} warnings above say what was left out and why", count: leftOut)
          : .tr(
            "no questions found: this looks like {what}; practice reads GIFT (.gift), Moodle XML (.xml), Aiken and Anki text (.txt), CSV/TSV and practice courses (.json)",
            ["what": Self.lookalike(path: first, bytes: bytes)])
        problems.append(ImportProblem(.error, file: first, line: 1, column: 1, text: text))
      } else {
        let first = paths.first ?? "bank"
        course = builder.course(
          id: id ?? CourseLoader.defaultID(for: first),
          title: title
            ?? (paths.count == 1 ? CourseLoader.defaultTitle(for: first) : messages.tr("Imported questions")),
          source: first)
      }
    }
    if problems.contains(where: \.isError) { course = nil }
    // A description is kept as text on its node when no question follows it, else it is instructions.
    return Result(
      course: course, problems: problems, formats: formats,
      counts: Self.counts(
        byType: byType, essays: essayCount, notes: noteCount, instructions: max(0, descriptions - noteCount)),
      essays: essays)
  }

  /// Each broken question's errors as one warning that says it was left out; errors that do not
  /// belong to one question (an encoding, a malformed file) stay errors.
  static func skipped(_ problems: [ImportProblem]) -> [ImportProblem] {
    var seen = Set<Int>()
    var out: [ImportProblem] = []
    for problem in problems {
      guard problem.isError, let line = problem.questionLine else {
        out.append(problem)
        continue
      }
      guard seen.insert(line).inserted else { continue }
      var warning = problem
      warning.severity = .warning
      warning.text = .tr("question left out: {problem}", ["problem": problem.text])
      out.append(warning)
    }
    return out
  }

  /// What a file without questions looks like, for the message that says it is not a bank.
  static func lookalike(path: String, bytes: [UInt8]) -> Message {
    let text = String(decoding: bytes.prefix(65536), as: UTF8.self)
    let lines = text.split(whereSeparator: \.isNewline)
    let name = PathText.lastComponent(path).lowercased()
    if lines.contains(where: { $0.hasPrefix("+++") }) { return .tr("plain text with '+++' marks") }
    if name.hasSuffix(".md") || name.hasSuffix(".markdown")
      || lines.contains(where: { $0.hasPrefix("# ") || $0.hasPrefix("## ") || $0.hasPrefix("```") })
    {
      return .tr("Markdown")
    }
    let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") { return .tr("JSON that is not a practice course") }
    if trimmed.hasPrefix("<") { return .tr("XML or HTML that is not a Moodle quiz") }
    return .tr("plain text without questions")
  }

  /// Loads a course or bank for practice (`deferringQuestions`: see `CourseLoader`); errors throw, warnings come back.
  package func load(path: String, deferringQuestions: Bool = false) throws(CourseLoadError)
    -> (course: Course, warnings: [ImportProblem])
  {
    let file = try loader.resolve(path)
    let heap = LoadHeap.grow(forFileAt: file)
    defer { heap?.end() }
    let bytes = try loader.read(file)
    if Self.format(path: file, bytes: bytes) == .json {
      // Parsed from the bytes already read: a large course is read once.
      let (course, problems) = loader.parse(bytes, file: file, deferringQuestions: deferringQuestions)
      guard problems.isEmpty, let course else { throw .invalid(problems: problems) }
      return (course, [])
    }
    // Opening a bank to practise takes its good questions, one warning for each broken one.
    var reader = self
    reader.skipBroken = true
    let result = try reader.read([path])
    guard let course = result.course else {
      throw .invalid(
        problems: result.errors.map {
          CourseProblem(file: $0.file, line: $0.line, column: $0.column, text: $0.text)
        })
    }
    return (course, result.warnings)
  }

  /// Reads one file's items, handing each to `add` as it is made; returns the file's problems and
  /// how many descriptions it has (passages of practice's own export are not counted).
  func items(format: Format, bytes: [UInt8], file: String, into add: (BankItem) -> Void) -> (
    [ImportProblem], descriptions: Int
  ) {
    func isDescription(_ question: GiftQuestion) -> Bool {
      if case .description = question.kind { question.extras["passage"] == nil } else { false }
    }
    let (questions, problems): ([GiftQuestion], [ImportProblem])
    switch format {
    case .gift, .json:
      // Each question converted as it is read, and its items checked and handed on: neither the
      // file's lines nor all its parsed questions and items are held at once.
      var conversion = GiftConverter.Conversion()
      var tooDeep = BankBuilder.DepthCheck(file: file)
      var display = DisplayCheck(file: file)
      var unloadable: [ImportProblem] = []
      var descriptions = 0
      func handOn() {
        let (items, found) = checked(conversion.items, file: file)
        conversion.items.removeAll(keepingCapacity: true)
        unloadable += found
        items.forEach(add)
      }
      let problems = GiftParser.parse(bytes: bytes, file: file) { question in
        // Too deep a category is an error; nothing more is built once one is found.
        guard tooDeep.admits(question), tooDeep.problems.isEmpty else { return }
        if isDescription(question) { descriptions += 1 }
        display.add(question)
        GiftConverter.append(question, to: &conversion, messages: messages)
        handOn()
      }
      guard tooDeep.problems.isEmpty else { return (problems + tooDeep.problems, 0) }
      conversion.finish()
      handOn()
      return (problems + unloadable + display.problems, descriptions)
    case .moodleXML: (questions, problems) = MoodleXMLReader.parse(bytes: bytes, file: file, messages: messages)
    case .aiken: (questions, problems) = AikenReader.parse(bytes: bytes, file: file)
    case .delimited: (questions, problems) = DelimitedReader.parse(bytes: bytes, file: file, columns: columns)
    }
    // Too deep a category is an error before anything is built from it.
    var tooDeep = BankBuilder.DepthCheck(file: file)
    for question in questions { _ = tooDeep.admits(question) }
    guard tooDeep.problems.isEmpty else { return (problems + tooDeep.problems, 0) }
    let (items, unloadable) = checked(GiftConverter.items(questions, messages: messages), file: file)
    items.forEach(add)
    return (problems + unloadable + Self.displayProblems(questions, file: file), questions.filter(isDescription).count)
  }

  /// `items` and the problems the course loader would find in them (broken questions left out
  /// under `--skip-broken`).
  func checked(_ items: [BankItem], file: String) -> ([BankItem], [ImportProblem]) {
    var items = items
    let unloadable = Self.unloadable(items, file: file)
    if skipBroken {
      let broken = Set(unloadable.filter(\.isError).compactMap(\.questionLine))
      if !broken.isEmpty { items.removeAll { $0.question != nil && broken.contains($0.line) } }
    }
    return (items, unloadable)
  }

  /// What the terminal shows differently from Moodle: one warning for the file's media (shown as
  /// placeholders), and one for each TeX formula left as written.
  static func displayProblems(_ questions: [GiftQuestion], file: String) -> [ImportProblem] {
    var check = DisplayCheck(file: file)
    for question in questions { check.add(question) }
    return check.problems
  }

  /// Each question as the course loader will read it back: whatever it would refuse (two options
  /// that read alike once HTML became text, say) is an error at the question's place in the bank,
  /// so an import never writes a course that does not load, and `--course` never shows one.
  static func unloadable(_ items: [BankItem], file: String) -> [ImportProblem] {
    var problems: [ImportProblem] = []
    for item in items {
      guard let question = item.question else { continue }
      for problem in Question.decode(question.json).problems {
        var error = ImportProblem(.error, file: file, line: item.line, column: item.column, text: problem.text)
        error.questionLine = item.line
        problems.append(error)
      }
      problems += caseTwins(question.kind.options, item: item, file: file)
    }
    return problems
  }

  /// A warning for options that differ only in letter case (`GB`, `Gb`): both are kept, as Moodle
  /// keeps them, but typing one's text would be ambiguous, so learners answer them by letter.
  static func caseTwins(_ options: [String], item: BankItem, file: String) -> [ImportProblem] {
    var firstByKey: [String: Int] = [:]
    var problems: [ImportProblem] = []
    for (index, option) in options.enumerated() {
      let key = option.lowercased()
      guard let first = firstByKey[key] else {
        firstByKey[key] = index
        continue
      }
      // Options equal as written are repeats, which the loader refuses.
      if options[first] == option { continue }
      problems.append(
        ImportProblem(
          .warning, file: file, line: item.line, column: item.column,
          text: .tr(
            "options \"{first}\" and \"{option}\" differ only in letter case; learners choose them by letter or number",
            ["first": options[first], "option": option])))
    }
    return problems
  }

  static func counts<Questions: Sequence<Question>>(
    _ questions: Questions, essays: Int, notes: Int, instructions: Int = 0
  ) -> [(label: String, count: Int)] {
    // Counted in one pass, not filtered per type: no copy of a large bank's questions.
    var byType: [QuestionType: Int] = [:]
    for question in questions { byType[question.kind.type, default: 0] += 1 }
    return counts(byType: byType, essays: essays, notes: notes, instructions: instructions)
  }

  static func counts(byType: [QuestionType: Int], essays: Int, notes: Int, instructions: Int = 0) -> [(
    label: String, count: Int
  )] {
    var counts: [(label: String, count: Int)] = []
    for type in QuestionType.allCases {
      if let n = byType[type], n > 0 { counts.append((type.label, n)) }
    }
    if essays > 0 { counts.append((trMark("essay (not auto-graded, kept as text)"), essays)) }
    if instructions > 0 { counts.append((trMark("description (shown above the questions after it)"), instructions)) }
    if notes > 0 { counts.append((trMark("description (kept as text)"), notes)) }
    return counts
  }
}
