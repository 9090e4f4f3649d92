import CourseImport
import CourseOutline
import Foundation
import PracticeJSON
import PracticeTestSupport
import QuizEngine
import XCTest

/// Back to Moodle without loss: every bank in Tests/ and Data/ (GIFT and Moodle XML), imported and
/// exported again in both formats, gives Moodle the fields it had: each question's type, name,
/// text and format, answers with their fractions, formats and feedback, general feedback, category
/// and idnumber, as Moodle's importer reads them (``MoodleGiftFormatTests/moodleFields(_:)``).
///
/// Where practice gives Moodle something else on purpose, ``exceptions`` says so (the README's
/// "Back to Moodle" lists the same).
final class MoodleRoundTripTests: XCTestCase {
  /// What practice's export gives Moodle that the bank did not have, on purpose:
  /// - `idnumber`: practice writes each question's id (so that importing the export again keeps
  ///   learners' progress); compared only where the bank gave one.
  /// - `name`: Moodle XML needs one; a question the bank did not name is named by its text's start,
  ///   as Moodle names it; a name that only repeats the text's start is left to Moodle to make again.
  ///   Compared where the bank gave another.
  /// - `category`: questions outside any category go into one named after the bank.
  /// - `shortanswer`, `numerical`: the full-credit answers come first, then the others in the
  ///   bank's order.
  /// - passages: practice's own export writes a Cloze text once as a description marked with a
  ///   comment; not compared (Moodle sees a description).
  /// - no text: a question with no text is asked by its name, and written back so.
  /// - empty feedback: feedback that shows nothing (`<br><p><br></p>`) is left out.
  /// - description idnumber: a description becomes the instructions of the questions after it,
  ///   which do not keep its idnumber.
  /// - settings in GIFT: GIFT has no `<penalty>`, `<defaultgrade>`, `<shuffleanswers>`,
  ///   `<answernumbering>` or essay options; a Moodle XML bank's go back only in Moodle XML.
  /// - Cloze in GIFT: GIFT cannot hold a Cloze question; as Moodle's own GIFT export does, the
  ///   export leaves it out with a comment (`// question: ID  name: NAME`), and says so. (In Moodle
  ///   XML a Cloze question goes back as one, compared blank by blank, "answer order" applying.)
  /// - not kept: `<hidden>`, combined feedback (`<correctfeedback>` …) but a calculated question's,
  ///   `<showstandardinstruction>`, a numerical question's unit grading; Moodle's defaults go back,
  ///   and they are not compared.
  static let exceptions = [
    "idnumber", "name", "category", "answer order", "passage", "no text", "empty feedback", "description idnumber",
    "settings in GIFT", "Cloze in GIFT", "not kept",
  ]

  /// `q` as practice gives it back, where it does so on purpose (each named in `exceptions`).
  static func expected(_ q: GiftQuestion) -> GiftQuestion {
    var q = q
    // "no text": a question with no text is asked by its name, and written back so.
    if q.text.text.isEmpty, let title = q.title { q.text.text = title }
    // "empty feedback": feedback that shows nothing (`<br><p><br></p>`) is left out.
    func shown(_ text: GiftQuestion.Text?) -> GiftQuestion.Text? {
      text.flatMap { GiftConverter.plain($0).isEmpty ? nil : $0 }
    }
    switch q.kind {
    case .multipleChoice(let single, var answers):
      for i in answers.indices { answers[i].feedback = shown(answers[i].feedback) }
      q.kind = .multipleChoice(single: single, answers: answers)
    case .shortAnswer(var answers):
      for i in answers.indices { answers[i].feedback = shown(answers[i].feedback) }
      q.kind = .shortAnswer(answers)
    // "description idnumber": a description becomes the instructions of the questions after it.
    case .description: q.id = nil
    // "answer order" inside a Cloze question's short and numerical blanks too.
    case .cloze(let parts, let blanks):
      q.kind = .cloze(parts: parts, blanks: blanks.map(Self.ordered))
    default: break
    }
    return q
  }

  /// A Cloze blank's answers in the order practice keeps them: the full-credit answers first (the
  /// best number), then the others in the bank's order.
  static func ordered(_ blank: GiftQuestion.ClozeBlank) -> GiftQuestion.ClozeBlank {
    switch blank {
    case .choice: return blank
    case .short(let answers, let caseSensitive):
      let top = answers.filter { $0.text.text != "*" }.map(\.weight).max() ?? 1
      let full = answers.filter { $0.text.text != "*" && $0.weight == top }
      return .short(full + answers.filter { $0.text.text == "*" || $0.weight != top }, caseSensitive: caseSensitive)
    case .numerical(let answers):
      let real = answers.indices.filter { answers[$0].value != nil }
      guard let best = real.max(by: { answers[$0].weight < answers[$1].weight }) else { return blank }
      return .numerical([answers[best]] + answers.indices.filter { $0 != best }.map { answers[$0] })
    }
  }

  /// The banks: GIFT and Moodle XML files that import without errors.
  static func banks() throws -> [URL] {
    var urls: [URL] = []
    for sub in ["moodle-giftformat", "peg-conformance", "mtommasi-examples", "malformed"] {
      urls += try Conformance.files(sub, ext: "gift")
    }
    let tests = Conformance.folder.deletingLastPathComponent().deletingLastPathComponent()
    for (folder, ext) in [
      ("PracticeCLITests/Fixtures", "gift"), ("Fuzz/Corpus/gift", "gift"), ("Fuzz/Corpus/xml", "xml"),
    ] {
      let dir = tests.appendingPathComponent(folder)
      urls += try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix("." + ext) }.sorted()
        .map { dir.appendingPathComponent($0) }
    }
    urls += ["Data/courses/bank.gift", "Data/courses/bank-moodle.xml"].map {
      URL(fileURLWithPath: Repository.path($0))
    }
    return urls
  }

  /// The questions of a GIFT or Moodle XML text as Moodle reads them.
  static func moodleQuestions(_ bytes: [UInt8], xml: Bool, file: String) -> (
    questions: [GiftQuestion], problems: [ImportProblem]
  ) {
    xml ? MoodleXMLReader.parse(bytes: bytes, file: file) : GiftParser.parse(bytes: bytes, file: file)
  }

  /// One question's fields, with the exceptions applied: `bankTitle` is the category of questions
  /// that had none; with its Moodle XML settings (``settings(_:)``) where `settings`.
  static func fields(_ q: GiftQuestion, source: GiftQuestion?, bankTitle: String, settings: Bool) -> String {
    var lines = MoodleGiftFormatTests.moodleFields(q)
    if settings { lines += Self.settings(q) }
    if source != nil && source?.id == nil { lines.removeAll { $0.hasPrefix("idnumber: ") } }
    // A name that only repeats the text's start is the one Moodle gives a question without one.
    let named = source ?? q
    if named.title.map({ MoodleRoundTripTests.repeatsStart(of: named.text, $0) }) ?? true {
      lines.removeAll { $0.hasPrefix("name: ") }
    }
    var category = q.category
    if let source, source.category.isEmpty, category == [bankTitle] { category = [] }
    lines.append("category: \(category.joined(separator: "/"))")
    // Moodle keeps fractions to 7 decimals (`decimal(12,7)`).
    lines = lines.map { line in
      guard let range = line.range(of: #"\| fraction -?[0-9.e-]+ "#, options: .regularExpression) else { return line }
      let number = Double(line[range].dropFirst(11).dropLast()) ?? .nan
      return line.replacingCharacters(
        in: range, with: "| fraction \(JSONWriter.format((number * 1e7).rounded() / 1e7)) ")
    }
    switch q.kind {
    case .shortAnswer, .numerical:
      // Full-credit answers first (see `exceptions`); the order within each group is kept.
      let answers = lines.filter { $0.hasPrefix("answer: ") }
      let full = answers.filter { $0.contains("| fraction 1 |") }
      lines.removeAll { $0.hasPrefix("answer: ") }
      lines += full + answers.filter { !full.contains($0) }
    default: break
    }
    if case .cloze(let parts, let blanks) = q.kind {
      lines.append("cloze: \(parts.joined(separator: "_____"))")
      lines.append("tokens: \(q.clozeHeads.joined(separator: " "))")
      lines += blanks.map { "blank: \($0)" }
    }
    return lines.joined(separator: "\n")
  }

  /// `q`'s Moodle XML settings as Moodle reads them: from Moodle XML, its elements (Moodle's XML
  /// defaults for those absent); from GIFT, Moodle's GIFT defaults, which an export writes.
  static func settings(_ q: GiftQuestion) -> [String] {
    MoodleXMLSettings.settings(of: MoodleXMLSettings.type(of: q.kind)).flatMap { setting -> [String] in
      let value = q.settings.map { $0[setting.name] ?? setting.absent } ?? setting.exported ?? setting.absent
      let reading = MoodleXMLSettings.reading(value, of: setting.name)
      // A text's format matters only with a text; without one Moodle reads the question text's.
      let questionFormat = ["html": "html", "plain": "plain_text", "markdown": "markdown"][q.text.format.rawValue]
      let given = q.settings?[setting.name + ".format"] ?? questionFormat ?? "moodle_auto_format"
      let format = setting.isText && !value.isEmpty ? [given] : []
      return ["\(setting.name): \(reading)"] + format.map { "\(setting.name) format: \($0)" }
    }
  }

  /// Whether `title` is the name Moodle gives a question without one, as ``GiftConverter`` reads
  /// it, on the text Moodle would show.
  static func repeatsStart(of text: GiftQuestion.Text, _ title: String) -> Bool {
    GiftConverter.repeatsStart(of: GiftConverter.plain(text), title)
  }

  /// A Moodle XML hint goes back in its markup, as the bank wrote it.
  func testAHintGoesBackToMoodleXMLInItsMarkup() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <quiz><question type="truefalse"><name><text>Ice</text></name>
      <questiontext format="html"><text>Ice floats.</text></questiontext>
      <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
      <hint format="html"><text>Think of &lt;b&gt;density&lt;/b&gt;.</text></hint></question></quiz>
      """
    let folder = TemporaryFolder(prefix: "hint")
    let course = try XCTUnwrap(CourseReader().read([try folder.write("h.xml", xml)]).course)
    XCTAssertTrue(
      MoodleXMLExporter.text(course).contains(
        #"<hint format="html"><text>Think of &lt;b&gt;density&lt;/b&gt;.</text></hint>"#),
      MoodleXMLExporter.text(course))
  }

  /// Moodle XML settings practice does not use go back as the bank wrote them, through the course
  /// file too; a question with Moodle's defaults keeps none.
  func testMoodleXMLSettingsGoBackAsWritten() throws {
    let bank = Conformance.folder.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Corpus/xml/moodle-settings.xml")
    let imported = try XCTUnwrap(CourseReader().read([bank.path]).course)
    // Through the course file, as `import` writes it.
    let (loaded, problems) = CourseLoader().parse(Array(NativeCourseWriter.text(imported).utf8), file: "c.json")
    XCTAssertEqual(problems, [])
    let course = try XCTUnwrap(loaded)
    let questions = Dictionary(uniqueKeysWithValues: course.allQuestions.map { ($0.id, $0) })
    XCTAssertEqual(questions["set-defaults"]?.asWritten.settings, [:])
    XCTAssertEqual(questions["set-essay-defaults"]?.asWritten.settings, [:])
    // A penalty within 0.005 of a third is Moodle's third; ABCD is kept, and an absent
    // <shuffleanswers> is Moodle's "false" for a choice.
    XCTAssertEqual(questions["set-upper"]?.asWritten.settings, ["answernumbering": "ABCD", "shuffleanswers": "false"])
    let xml = MoodleXMLExporter.text(course)
    func exported(_ id: String) throws -> String {
      let start = try XCTUnwrap(xml.range(of: "<idnumber>\(id)</idnumber>"), id)
      return xml[start.upperBound...].components(separatedBy: "</question>")[0]
    }
    let wanted: [(String, [String])] = [
      (
        "set-penalty",
        [
          "<defaultgrade>2.0000000</defaultgrade>", "<penalty>0.1000000</penalty>",
          "<shuffleanswers>0</shuffleanswers>",
          "<answernumbering>none</answernumbering>",
        ]
      ),
      ("set-defaults", ["<shuffleanswers>true</shuffleanswers>", "<answernumbering>abc</answernumbering>"]),
      ("set-upper", ["<shuffleanswers>false</shuffleanswers>", "<answernumbering>ABCD</answernumbering>"]),
      ("set-tf", ["<penalty>1</penalty>"]),
      ("set-short", ["<defaultgrade>3</defaultgrade>"]),
      ("set-number", ["<penalty>0.5</penalty>"]),
      ("set-match", ["<shuffleanswers>false</shuffleanswers>"]),
      (
        "set-essay",
        [
          "<defaultgrade>5</defaultgrade>", "<responseformat>plain</responseformat>",
          "<responserequired>0</responserequired>", "<responsefieldlines>5</responsefieldlines>",
          "<minwordlimit>20</minwordlimit>", "<maxwordlimit>200</maxwordlimit>", "<attachments>1</attachments>",
          "<attachmentsrequired>1</attachmentsrequired>", "<maxbytes>1048576</maxbytes>",
          "<filetypeslist>.pdf,.png</filetypeslist>",
          "<graderinfo format=\"html\"><text>&lt;p&gt;Full marks for all &lt;b&gt;three&lt;/b&gt; stages.&lt;/p&gt;</text></graderinfo>",
          "<responsetemplate format=\"plain_text\"><text>First, …</text></responsetemplate>",
        ]
      ),
      (
        "set-essay-defaults",
        [
          "<responseformat>editor</responseformat>", "<responsefieldlines>15</responsefieldlines>",
          "<graderinfo format=\"html\"><text></text></graderinfo>",
        ]
      ),
    ]
    for (id, elements) in wanted {
      let question = try exported(id)
      for element in elements { XCTAssertTrue(question.contains(element), "\(id): \(element) in\n\(question)") }
    }
    XCTAssertFalse(try exported("set-defaults").contains("<penalty>"), "Moodle's default penalty is not written")
    // GIFT has none of them.
    let gift = GiftExporter.text(course)
    XCTAssertFalse(gift.contains("0.1000000") || gift.contains("1048576"), gift)
  }

  func testEveryBankGoesBackToMoodleWithItsFields() throws {
    var checked = 0
    for url in try Self.banks() {
      let name = url.lastPathComponent
      let xml = url.pathExtension == "xml"
      let bytes = Array(try Data(contentsOf: url))
      let (sourceQuestions, sourceProblems) = Self.moodleQuestions(bytes, xml: xml, file: name)
      let result = try CourseReader().read([url.path])
      guard sourceProblems.allSatisfy({ !$0.isError }), result.errors.isEmpty, let course = result.course else {
        continue
      }
      for (format, text) in [("gift", GiftExporter.text(course)), ("xml", MoodleXMLExporter.text(course))] {
        let (back, problems) = Self.moodleQuestions(Array(text.utf8), xml: format == "xml", file: name)
        XCTAssertEqual(problems.filter(\.isError).map(\.description), [], "\(name) as \(format)")
        let exported = back.filter { !($0.kind == .description && $0.extras["passage"] != nil) }
        // "Cloze in GIFT": left out; so are calculated questions (GIFT cannot write them, as Moodle's cannot).
        let sources = sourceQuestions.filter { question in
          if format == "xml" { return true }
          if case .calculated = question.kind { return false }
          return !question.isCloze
        }.map(Self.expected)
        // "settings in GIFT": compared in Moodle XML only.
        let settings = format == "xml"
        let expected = sources.map { Self.fields($0, source: nil, bankTitle: course.title, settings: settings) }
        let got = zip(exported, sources.map(Optional.some) + Array(repeating: sources.last, count: 100)).map {
          Self.fields($0, source: $1, bankTitle: course.title, settings: settings)
        }
        XCTAssertEqual(got.count, expected.count, "\(name) as \(format): number of questions")
        for (g, e) in zip(got, expected) where g != e {
          XCTFail("\(name) as \(format):\n--- bank\n\(e)\n--- export\n\(g)")
        }
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 100)
  }

  /// A Moodle Cloze question goes back to Moodle XML as one Cloze question, each blank's token as
  /// the bank wrote it (marks, type, weights, feedback), and importing the export gives the same
  /// questions with the same ids; GIFT leaves it out as Moodle's GIFT export does.
  func testAClozeQuestionGoesBackAsOneClozeQuestion() throws {
    let bank = Conformance.folder.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Corpus/xml/moodle-cloze.xml")
    let course = try XCTUnwrap(CourseReader().read([bank.path]).course)
    XCTAssertEqual(course.allQuestions.count, 11)
    let xml = MoodleXMLExporter.text(course)
    XCTAssertEqual(xml.components(separatedBy: "<question type=\"cloze\">").count, 4, xml)
    for token in [
      "{1:MULTICHOICE:=liquid#Yes, at room temperature~gas#Not below 100 ℃~solid}",
      "{2:NUMERICAL:=100:1#Right~%50%212:1#That is in °F}", "{1:SHORTANSWER:=0#Good~%50%zero#Write the number}",
      "{1:SHORTANSWER_C:=H2O}", "{1:MULTICHOICE_V:heavier~=lighter#It floats}", "{1:MCH:=a gas~a liquid}",
      "{2:MULTIRESPONSE:%50%ice~%50%steam~%-100%salt#No}",
      // `_____` and `(1)` written in the text before a blank stay text.
      "Fill in _____ and the blank: light is {1:SA:=fast~%25%quick#Nearly} in vacuum.",
      "Step (1): ice {1:SA:=melts} at 0 ℃.\nStep (2): water {1:SA:=boils} at 100 ℃; {:MCS:%-50%never~=sometimes~always}.",
      "<idnumber>cloze-water</idnumber>\n    <penalty>0.2500000</penalty>",
    ] {
      XCTAssertTrue(xml.contains(token), "\(token) in\n\(xml)")
    }
    // A Cloze question without an idnumber keeps the id made when its line breaks were read as spaces.
    let stepID = StableID.make(
      category: ["Cloze"], text: "Step (1): ice _____ at 0 ℃. Step (2): water _____ at 100 ℃; _____.")
    XCTAssertEqual(course.allQuestions.suffix(3).map(\.id), ["1", "2", "3"].map { stepID + "-" + $0 })
    let folder = TemporaryFolder(prefix: "cloze")
    let again = try XCTUnwrap(CourseReader().read([try folder.write("again.xml", xml)]).course)
    XCTAssertEqual(again.allQuestions.map(\.id), course.allQuestions.map(\.id))
    XCTAssertEqual(again.allQuestions, course.allQuestions)
    // The same export again (but for the header, which names the file).
    XCTAssertEqual(
      MoodleXMLExporter.text(again).split(separator: "\n").dropFirst(2), xml.split(separator: "\n").dropFirst(2))

    // A blank taken out of the course: its question's other blanks go out one by one.
    var changed = course
    let node = try XCTUnwrap(changed.nodes.firstIndex { $0.questions.count == 11 })
    changed.nodes[node].questions.remove(at: 1)
    XCTAssertEqual(MoodleXMLExporter.text(changed).components(separatedBy: "<question type=\"cloze\">").count, 3)

    let gift = GiftExporter.export(course)
    XCTAssertEqual(gift.clozeLeftOut, 3)
    XCTAssertEqual(gift.blanksLeftOut, 11)
    XCTAssertTrue(gift.text.contains("// question: cloze-one  name: One blank\n"), gift.text)
  }
}
