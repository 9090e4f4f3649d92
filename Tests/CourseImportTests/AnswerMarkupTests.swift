import CourseImport
import CourseOutline
import Foundation
import PracticeJSON
import PracticeTestSupport
import QuizEngine
import TextLayout
import XCTest

/// Options, per-answer feedback, the general feedback and hints keep their markup through import
/// (``AsWritten``) and are shown through the one renderer, as the prompt is; grading reads their text.
final class AnswerMarkupTests: XCTestCase {
  func questions(_ text: String, name: String = "b.gift") throws -> [Question] {
    let folder = TemporaryFolder(prefix: "answer-markup")
    return try XCTUnwrap(try CourseReader().read([try folder.write(name, text)]).course).allQuestions
  }

  func shown(_ text: MarkedText) -> String { MarkupRenderer.render(text).marked }

  func testOptionsAndFeedbackAreShownAsWrittenAndGradedOnTheirText() throws {
    let question = try XCTUnwrap(
      questions(
        #"""
        [html]Which are <b>gases</b>?{~%50%<b>CO<sub>2</sub></b>#Yes: <i>carbon dioxide</i>. ~%-100%Ice#<u>No</u>. ~%50%Steam####<p>One.</p><p>Two.</p>}
        """#
      ).first)
    XCTAssertEqual(question.kind.options, ["CO₂", "Ice", "Steam"])
    XCTAssertEqual(question.markedOptions.map(shown), ["*CO₂*", "Ice", "Steam"])
    XCTAssertEqual(MarkupRenderer.render(question.markedExplanation).plain, "One.\n\nTwo.")
    // Graded on the options' text; each chosen option's feedback shown as written, its label plain.
    let feedback = try XCTUnwrap(PresentedQuestion(question).grade("co₂ ice").feedback)
    XCTAssertEqual(feedback.fraction, 0)
    XCTAssertEqual(
      question.markedFeedback(feedback.answerFeedback ?? "").map(shown),
      ["A. CO₂: Yes: /carbon dioxide/.", "B. Ice: _No_."])
    // A plain course, and a text changed since the import, show as plain text.
    var changed = question
    changed.kind = .multiple(options: ["CO₂ gas", "Ice", "Steam"], answers: [0, 2])
    XCTAssertEqual(changed.markedOptions[0], MarkedText("CO₂ gas"))
    let plain = Question(id: "p", prompt: "?", explanation: "Because.", kind: .single(options: ["a", "b"], answer: 0))
    XCTAssertEqual(plain.markedOptions, [MarkedText("a"), MarkedText("b")])
    XCTAssertEqual(plain.markedFeedback("B. b: no"), [MarkedText("B. b: no")])
  }

  func testAMoodleXMLHintKeepsItsMarkup() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <quiz><question type="shortanswer"><name><text>Capital</text></name>
        <questiontext format="html"><text><![CDATA[The capital of <b>France</b>?]]></text></questiontext>
        <answer fraction="100" format="html"><text>Paris</text><feedback format="html"><text><![CDATA[<b>Yes</b>]]></text></feedback></answer>
        <hint format="html"><text><![CDATA[Think of the <u>Eiffel Tower</u>.]]></text></hint>
      </question></quiz>
      """
    let question = try XCTUnwrap(questions(xml, name: "b.xml").first)
    XCTAssertEqual(question.hint, "Think of the Eiffel Tower.")
    XCTAssertEqual(question.markedHint.map(shown), "Think of the _Eiffel Tower_.")
    XCTAssertEqual(question.markedFeedback("Yes").map(shown), ["*Yes*"])
  }
}
