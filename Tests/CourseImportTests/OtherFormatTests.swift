import CourseImport
import Localization
import QuizEngine
import TextLayout
import XCTest

/// Moodle XML, Aiken and Anki/CSV, from fixtures written after each format's documentation.
final class MoodleXMLTests: XCTestCase {
  func items(_ xml: String) -> (items: [BankItem], problems: [String]) {
    let (questions, problems) = MoodleXMLReader.parse(bytes: Array(xml.utf8), file: "q.xml")
    return (GiftConverter.items(questions), problems.map(\.description))
  }

  /// An image is named in the importing teacher's language: the label becomes part of the course.
  func testImagesAreNamedInTheTeachersLanguage() {
    let chinese = Localizer(language: .chinese)
    XCTAssertEqual(HTMLText.plain("<img src='x/b.png'>", messages: chinese), "[图片：b.png]")
    let xml = """
      <quiz><question type="truefalse">
        <questiontext format="html"><text><![CDATA[看图 <img src="@@PLUGINFILE@@/a.png">]]></text>
          <file name="b.png" encoding="base64">AA==</file></questiontext>
        <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
      </question></quiz>
      """
    let (questions, problems) = MoodleXMLReader.parse(bytes: Array(xml.utf8), file: "q.xml", messages: chinese)
    XCTAssertEqual(problems.map(\.description), [])
    let items = GiftConverter.items(questions, messages: chinese)
    // Kept as written; shown with a numbered placeholder (a file name may give the answer away).
    XCTAssertEqual(items.first?.question?.prompt, "看图 <img src=\"@@PLUGINFILE@@/a.png\"> [图片：b.png]")
    let shown = MarkupRenderer.render(items.first!.question!.markedPrompt, labels: .localized(chinese))
    XCTAssertEqual(shown.plain, "看图 [图片 1] [图片：b.png]")
  }

  func testEveryTypeFormatAndCategory() {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <quiz>
        <question type="category"><category><text>$course$/top/Unit 1/Part A</text></category></question>
        <question type="multichoice">
          <name><text>Q1</text></name>
          <questiontext format="html"><text><![CDATA[<p>Pick <b>two</b> &amp; only two</p>]]></text>
            <file name="pic.png" encoding="base64">AA==</file></questiontext>
          <generalfeedback format="html"><text>General.</text></generalfeedback>
          <idnumber>mc-2</idnumber>
          <single>false</single>
          <answer fraction="50" format="html"><text>a</text><feedback><text>yes</text></feedback></answer>
          <answer fraction="50" format="html"><text>b</text></answer>
          <answer fraction="-33.33333" format="html"><text>c</text></answer>
          <hint format="html"><text>First hint</text></hint><hint format="html"><text>Second</text></hint>
        </question>
        <question type="truefalse">
          <questiontext format="moodle_auto_format"><text>The sky is green.</text></questiontext>
          <answer fraction="0"><text>true</text><feedback><text>No, blue.</text></feedback></answer>
          <answer fraction="100"><text>false</text><feedback><text>Right.</text></feedback></answer>
        </question>
        <question type="shortanswer">
          <questiontext format="markdown"><text>Say **Hi**</text></questiontext>
          <usecase>1</usecase>
          <answer fraction="100"><text>Hi</text></answer>
          <answer fraction="50"><text>hi there</text><feedback><text>Almost</text></feedback></answer>
        </question>
        <question type="numerical">
          <questiontext format="plain_text"><text>Trail length?</text></questiontext>
          <answer fraction="100"><text>2500</text><tolerance>5</tolerance></answer>
          <answer fraction="0"><text>*</text><feedback><text>Think in metres.</text></feedback></answer>
          <units><unit><multiplier>1</multiplier><unit_name>m</unit_name></unit>
                 <unit><multiplier>0.001</multiplier><unit_name>km</unit_name></unit></units>
        </question>
        <question type="matching">
          <questiontext><text>Match</text></questiontext>
          <subquestion><text>Canada</text><answer><text>Ottawa</text></answer></subquestion>
          <subquestion><text>Italy</text><answer><text>Rome</text></answer></subquestion>
          <subquestion><text></text><answer><text>Paris</text></answer></subquestion>
        </question>
        <question type="category"><category><text>Old/Style</text></category></question>
        <question type="essay"><questiontext><text>Why?</text></questiontext></question>
        <question type="cloze"><questiontext format="html"><text>I {1:MC:~with~=about} it.</text></questiontext></question>
        <question type="ddwtos"><questiontext><text>drag</text></questiontext></question>
      </quiz>
      """
    let (items, problems) = self.items(xml)
    XCTAssertEqual(
      problems,
      [
        "cloze:1:9: warning: Moodle Cloze token in GIFT: imported as 1 question, one per blank (Moodle's GIFT importer would mangle it)",
        "q.xml:43:3: warning: question type 'ddwtos' skipped: practice cannot ask it",
      ].filter { !$0.hasPrefix("cloze") })
    XCTAssertEqual(
      items.map(\.category),
      [
        ["Unit 1", "Part A"], ["Unit 1", "Part A"], ["Unit 1", "Part A"], ["Unit 1", "Part A"], ["Unit 1", "Part A"],
        ["Old", "Style"], ["Old", "Style"],
      ])
    let q = items.compactMap(\.question)
    XCTAssertEqual(q[0].id, "mc-2")
    XCTAssertEqual(q[0].shownPrompt, "Pick two & only two\n\n[image: pic.png]")
    XCTAssertEqual(q[0].kind, .multiple(options: ["a", "b", "c"], answers: [0, 1]))
    // The general feedback is the explanation; each answer's fraction and feedback are kept on it.
    XCTAssertEqual(q[0].explanation, "General.")
    XCTAssertEqual(q[0].credit, AnswerCredit(fractions: [0.5, 0.5, -33.33333 / 100], feedback: ["yes", "", ""]))
    XCTAssertEqual(q[0].hint, "First hint / Second")
    XCTAssertEqual(q[1].kind, .trueFalse(answer: false))
    XCTAssertEqual(q[1].explanation, "")
    XCTAssertEqual(q[1].credit.feedback, ["No, blue.", "Right."])
    XCTAssertEqual(q[2].prompt, "Say **Hi**")
    XCTAssertEqual(q[2].shownPrompt, "Say Hi")
    XCTAssertEqual(q[2].kind, .fill(answers: ["Hi"], caseSensitive: true))
    XCTAssertEqual(q[2].explanation, "")
    XCTAssertEqual(
      q[2].credit,
      AnswerCredit(otherAnswers: [AnswerCredit.OtherAnswer(text: "hi there", fraction: 0.5, feedback: "Almost")]))
    XCTAssertEqual(
      q[3].kind, .numeric(answer: 2500, unit: MeasurementUnit.named("m"), tolerance: 5, rules: NumericRules()))
    XCTAssertEqual(q[3].explanation, "")
    XCTAssertEqual(
      q[3].credit,
      AnswerCredit(otherAnswers: [AnswerCredit.OtherAnswer(text: "*", fraction: 0, feedback: "Think in metres.")]))
    XCTAssertEqual(
      q[4].kind, .matching(items: ["Canada", "Italy"], choices: ["Ottawa", "Rome", "Paris"], answers: [0, 1]))
    XCTAssertEqual(q[5].kind, .essay)
    XCTAssertEqual(q[5].prompt, "Why?")
    XCTAssertEqual(q[6].kind, .single(options: ["with", "about"], answer: 1))
    XCTAssertEqual(q.count, 7)
  }

  func testUsecaseIsReadAsMoodleReadsIt() {
    // Moodle takes <usecase> as PHP truth: empty and "0" ignore case, any other text compares with it.
    func kind(_ usecase: String?) -> Question.Kind? {
      let element = usecase.map { "<usecase>\($0)</usecase>" } ?? ""
      let xml = """
        <quiz><question type="shortanswer"><questiontext><text>Salt?</text></questiontext>\(element)
        <answer fraction="100"><text>NaCl</text></answer><answer fraction="0"><text>*</text></answer></question></quiz>
        """
      let (items, problems) = self.items(xml)
      XCTAssertEqual(problems, [], usecase ?? "none")
      return items.first?.question?.kind
    }
    for sensitive in ["1", " 1 ", "true", "2"] {
      XCTAssertEqual(kind(sensitive), .fill(answers: ["NaCl"], caseSensitive: true), sensitive)
    }
    for insensitive in [nil, "", "0"] {
      XCTAssertEqual(kind(insensitive), .fill(answers: ["NaCl"], caseSensitive: false), insensitive ?? "none")
    }
    // Imported, it grades as Moodle would: only the right capitals pass.
    let question = Question(id: "q", prompt: "Salt?", explanation: "", kind: try! XCTUnwrap(kind("1")))
    XCTAssertEqual(PresentedQuestion(question).grade("NaCl").feedback?.isCorrect, true)
    XCTAssertEqual(PresentedQuestion(question).grade("nacl").feedback?.isCorrect, false)
  }

  func testDialectsAndMalformedXML() {
    let dialect = items(
      """
      <quiz><question type="category"><name><text>Generated/Set 1</text></name></question>
      <question type="truefalse"><questiontext><text>T?</text></questiontext>
      <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>
      """)
    XCTAssertEqual(
      dialect.problems,
      [
        "q.xml:1:7: warning: a category given in <name> instead of <category> (a dialect some tools write); read as the category"
      ])
    XCTAssertEqual(dialect.items.first?.category, ["Generated", "Set 1"])
    XCTAssertEqual(
      items("<quiz>\n  <question type=\"truefalse\">\n</quiz>").problems,
      ["q.xml:3:1: </quiz> closes <question> opened at 2:3"])
    XCTAssertEqual(
      items("<questions/>").problems, ["q.xml:1:1: not Moodle XML: the root element is <questions>, expected <quiz>"])
    XCTAssertEqual(
      items(
        "<quiz><question type=\"multichoice\"><questiontext><text>Q</text></questiontext><answer fraction=\"0\"><text>a</text></answer><answer fraction=\"0\"><text>b</text></answer></question></quiz>"
      ).problems,
      ["q.xml:1:7: no <answer> has a fraction above 0: nobody could answer it right"])
    XCTAssertEqual(
      items(
        "<quiz><question type=\"numerical\"><questiontext><text>Q</text></questiontext><answer fraction=\"100\"><text>ten</text></answer></question></quiz>"
      ).problems,
      ["q.xml:1:77: numerical answer 'ten' is not a number"])
  }
}

final class AikenTests: XCTestCase {
  func testQuestionsWithBothLetterStyles() {
    let (questions, problems) = AikenReader.parse(
      lines: ["Is it?", "A. yes", "B) no", "ANSWER: B", "", "Two", "lines?", "A. x", "B. y", "C. z", "ANSWER: a"],
      file: "a.txt")
    XCTAssertEqual(problems, [])
    let items = GiftConverter.items(questions).compactMap(\.question)
    XCTAssertEqual(
      items.map(\.kind), [.single(options: ["yes", "no"], answer: 1), .single(options: ["x", "y", "z"], answer: 0)])
    XCTAssertEqual(items[1].prompt, "Two\nlines?")
  }

  func testEveryProblemIsLocated() {
    let (_, problems) = AikenReader.parse(
      lines: [
        "Q1", "A. x", "B. y", "ANSWER: D", "", "Q2", "A. x", "C. y", "ANSWER: A", "", "Q3", "A. x", "B. y", "", "Q4",
      ],
      file: "a.txt")
    XCTAssertEqual(
      problems.map(\.description),
      [
        "a.txt:4:9: 'ANSWER: D' names no option; use one of A, B",
        "a.txt:8:1: option C where B was expected; letter options A, B, C… in order",
        "a.txt:14:1: question at line 11 has options but no 'ANSWER: X' line",
        "a.txt:15:1: the question at line 15 has no 'ANSWER: X' line",
      ])
  }
}

final class DelimitedTests: XCTestCase {
  func cards(_ text: String, file: String = "c.csv", columns: [String]? = nil) -> (
    items: [BankItem], problems: [String]
  ) {
    let (questions, problems) = DelimitedReader.parse(bytes: Array(text.utf8), file: file, columns: columns)
    return (GiftConverter.items(questions), problems.map(\.description))
  }

  func testAnkiHeadersDecksGuidsAndHTML() {
    let text = """
      #separator:Pipe
      #html:true
      #name:My deck
      #columns:Front|Back|Deck|Tags|GUID
      hola|hello<br>hi|Spanish::Greetings|t1|abc123
      "a|b"|"say ""hi""
      twice"|Spanish|t2|def456
      """
    let (items, problems) = cards(text, file: "deck.txt")
    XCTAssertEqual(problems, [])
    XCTAssertEqual(items.map(\.category), [["Spanish", "Greetings"], ["Spanish"]])
    XCTAssertEqual(items.compactMap(\.question?.id), ["abc123", "def456"])
    XCTAssertEqual(items[0].question?.kind, .card(back: "hello\nhi"))
    XCTAssertEqual(items[1].question?.prompt, "a|b")
    // html:true: a line break inside a field is HTML whitespace, as Anki shows it.
    XCTAssertEqual(items[1].question?.kind, .card(back: "say \"hi\" twice"))
    XCTAssertEqual(items[0].line, 5)
    XCTAssertEqual(items[1].line, 6)
  }

  func testColumnNumbersFromHeaders() {
    let text = "#separator:tab\n#deck column:1\n#guid column:4\nGeo::Europe\tParis?\tFrance\tg1\n"
    let (items, problems) = cards(text, file: "x.txt", columns: ["deck", "front", "back"])
    XCTAssertEqual(problems, [])
    XCTAssertEqual(items.first?.category, ["Geo", "Europe"])
    XCTAssertEqual(items.first?.question?.prompt, "Paris?")
    XCTAssertEqual(items.first?.question?.id, "g1")
  }

  func testCSVHeaderRowTSVAndFirstTwoColumns() {
    let header = cards("Question,Answer,Explanation\n2+2,4,Arithmetic.\n")
    XCTAssertEqual(header.items.first?.question?.kind, .card(back: "4"))
    XCTAssertEqual(header.items.first?.question?.explanation, "Arithmetic.")
    let bare = cards("Na;sodium\nK;potassium\n")
    XCTAssertEqual(bare.items.compactMap(\.question?.prompt), ["Na", "K"])
    let tsv = cards("Na\tsodium, a metal\n", file: "c.tsv")
    XCTAssertEqual(tsv.items.first?.question?.kind, .card(back: "sodium, a metal"))
    let named = cards("sodium,Na\n", columns: ["back", "front"])
    XCTAssertEqual(named.items.first?.question?.prompt, "Na")
  }

  func testProblemsAreLocated() {
    XCTAssertEqual(
      cards("a,b\nc,\"open\nd,e\n").problems,
      ["c.csv:2:1: a quoted field opened on this line is never closed (a '\"' inside a field is written '\"\"')"])
    XCTAssertEqual(cards("a,b\n,x\n").problems, ["c.csv:2:1: warning: row without a front; skipped"])
    XCTAssertEqual(
      cards("#separator:Hash\na#b\n").problems,
      ["c.csv:1:1: #separator:Hash is not one Anki names; use Comma, Semicolon, Tab, Space, Pipe or Colon"])
    XCTAssertEqual(
      cards("x,y\n", columns: ["front", "tags"]).problems,
      ["c.csv:1:1: the columns must name a front (or question) and a back (or answer), found front, tags"])
  }
}
