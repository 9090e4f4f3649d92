import CourseImport
import CourseOutline
import Foundation
import PracticeJSON
import PracticeTestSupport
import QuizEngine
import TextLayout
import XCTest

/// Issue 29 §4: what a question shows. Descriptions become instructions, text keeps its markup,
/// media are counted.
final class QuestionDisplayTests: XCTestCase {
  func read(_ text: String, name: String = "b.gift") throws -> CourseReader.Result {
    let folder = TemporaryFolder(prefix: "display")
    return try CourseReader().read([try folder.write(name, text)])
  }

  func testADescriptionInstructsTheQuestionsAfterItInItsCategoryOnly() throws {
    let result = try read(
      """
      $CATEGORY: A

      [html]Find the <u>wrong</u> word.

      Q1 {T}

      Q2 {F}

      Second instructions.

      Q3 {T}

      $CATEGORY: B

      Q4 {T}

      Closing note, no question after it.
      """)
    let questions = try XCTUnwrap(result.course).allQuestions
    XCTAssertEqual(
      questions.map { $0.instructions?.text },
      ["Find the <u>wrong</u> word.", "Find the <u>wrong</u> word.", "Second instructions.", nil])
    XCTAssertEqual(questions[0].instructions?.markup, .html)
    XCTAssertEqual(questions[2].instructions?.markup, .plain)
    // A description no question follows stays a note on its node.
    XCTAssertEqual(result.course?.nodes.last?.details?.description, "Closing note, no question after it.")
    XCTAssertNil(result.course?.nodes.first?.details?.description)
  }

  func testMoodleXMLDescriptionsInstructToo() throws {
    let xml = """
      <quiz>
      <question type="description"><name><text>Intro</text></name>
        <questiontext format="html"><text><![CDATA[<p>Read <b>carefully</b>.</p>]]></text></questiontext></question>
      <question type="truefalse"><name><text>T1</text></name><questiontext format="markdown"><text>Is **this** true?</text></questiontext>
        <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>
      </quiz>
      """
    let question = try XCTUnwrap(try read(xml, name: "q.xml").course?.allQuestions.first)
    XCTAssertEqual(question.instructions, MarkedText("<p>Read <b>carefully</b>.</p>", markup: .html))
    XCTAssertEqual(question.prompt, "Is **this** true?")
    XCTAssertEqual(question.format, .markdown)
    XCTAssertEqual(question.shownPrompt, "Is this true?")
  }

  func testFormatAndInstructionsSurviveTheNativeFormatAndOldCoursesLoadUnchanged() throws {
    let question = Question(
      id: "q1", prompt: "<u>x</u>", explanation: "", kind: .trueFalse(answer: true), format: .html,
      instructions: MarkedText("**Read**", markup: .markdown))
    let json = JSONWriter.compact(question.json)
    XCTAssertTrue(json.contains(#""format":"html""#), json)
    XCTAssertTrue(json.contains(#""instructionsFormat":"markdown""#), json)
    XCTAssertEqual(Question.decode(question.json).question, question)
    // Without the new fields (every course written before them) a question is plain text.
    let old = try JSONParser.parse(#"{"id":"q","type":"truefalse","prompt":"<b>","explanation":"","answer":true}"#)
    let decoded = try XCTUnwrap(Question.decode(old).question)
    XCTAssertEqual(decoded.format, .plain)
    XCTAssertNil(decoded.instructions)
    XCTAssertFalse(JSONWriter.compact(decoded.json).contains("format"))
    let unknown = try JSONParser.parse(
      #"{"id":"q","type":"truefalse","prompt":"x","explanation":"","answer":true,"format":"rtf"}"#)
    XCTAssertEqual(
      Question.decode(unknown).problems.map(\.message),
      [#"question "q": unknown text format "rtf"; use plain, html, moodle or markdown"#])
  }

  func testMediaAreCountedInOneWarningPerFileAndUnrenderableFormulasWarned() throws {
    let result = try read(
      """
      [html]<img src\\="@@PLUGINFILE@@/a.png" alt\\="a map"> Where? {=here ~there}

      [html]Listen <a href\\="@@PLUGINFILE@@/bonjour.mp3">bonjour.mp3</a> and <img src\\="b.png">{=hello ~bye}

      Front [sound:hola.mp3] {=hola ~adios}

      [html]$$\\\\begin\\{matrix\\}a\\\\end\\{matrix\\}$$ {T}
      """)
    XCTAssertEqual(result.errors, [])
    guard !result.warnings.isEmpty else { return XCTFail("no warnings") }
    XCTAssertEqual(
      result.warnings.map(\.description).filter { $0.contains("placeholder") },
      [
        "\(result.warnings[0].file):1:1: warning: media shown as placeholders such as [image 1] (a terminal cannot show them): 2 images, 2 sounds"
      ])
    XCTAssertEqual(
      result.warnings.map(\.message).filter { $0.contains("formula") },
      [#"the formula $$\begin{matrix}a\end{matrix}$$ is shown as written: practice cannot render it as text"#])
    // The question keeps the reference as written, for the export.
    let first = try XCTUnwrap(result.course?.allQuestions.first)
    XCTAssertTrue(first.prompt.contains("@@PLUGINFILE@@/a.png"), first.prompt)
    XCTAssertTrue(GiftExporter.text(result.course!).contains("[html]<img src\\=\"@@PLUGINFILE@@/a.png\""))
  }

  /// `validate` warns of a formula left as written in a native course that says its text's format.
  func testANativeCourseSaysWhichFormulasStayAsWritten() throws {
    let folder = TemporaryFolder(prefix: "display")
    let path = try folder.write(
      "c.json",
      #"{"format": "practice-course", "version": 1, "id": "n", "title": "N", "nodes": [{"id": "a", "title": "A", "questions": [{"id": "q1", "type": "truefalse", "prompt": "$$\\begin{matrix}a\\end{matrix}$$ and $$x^2$$", "format": "html", "explanation": "", "answer": true}, {"id": "q2", "type": "truefalse", "prompt": "$$\\begin{matrix}a\\end{matrix}$$ as plain text", "explanation": "", "answer": true}]}]}"#
    )
    XCTAssertEqual(
      CourseLoader().textWarnings(path: path).map(\.message),
      [#"warning: the formula $$\begin{matrix}a\end{matrix}$$ is shown as written: practice cannot render it as text"#])
  }

  /// A Cloze text keeps its markup: shown formatted above each blank, and written back as it came.
  func testAClozePassageKeepsItsFormatThroughTheExport() throws {
    let result = try read("[html]The <u>cat</u> {1:SHORTANSWER:=sat} on the {1:SHORTANSWER:=mat}.\n")
    let course = try XCTUnwrap(result.course)
    let blanks = course.allQuestions
    XCTAssertEqual(blanks.map(\.format), [.html, .html])
    XCTAssertEqual(blanks.first?.passage?.text, "The <u>cat</u> (1) on the (2).")
    XCTAssertEqual(blanks.first?.promptInContext, "[blank 1 of 2] The cat (1) on the (2).")
    XCTAssertEqual(
      MarkupRenderer.render(MarkedText(blanks[0].passage!.text, markup: .html)).marked, "The _cat_ (1) on the (2).")
    // Moodle XML takes it back as one Cloze question in HTML (GIFT cannot hold a Cloze question).
    let folder = TemporaryFolder(prefix: "display")
    let xml = MoodleXMLExporter.text(course)
    XCTAssertTrue(
      xml.contains(
        #"<questiontext format="html"><text>The &lt;u&gt;cat&lt;/u&gt; {1:SHORTANSWER:=sat} on the {1:SHORTANSWER:=mat}.</text>"#
      ), xml)
    let again = try XCTUnwrap(CourseReader().read([try folder.write("again.xml", xml)]).course).allQuestions
    XCTAssertEqual(again.map(\.passage), blanks.map(\.passage))
    XCTAssertEqual(again.map(\.format), blanks.map(\.format))
  }
}
