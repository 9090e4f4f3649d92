import CourseImport
import CourseOutline
import Foundation
import PracticeTestSupport
import QuizEngine
import XCTest

/// Issue 31 item 12: a Cloze question's blanks share its text instead of each copying it (20 KB of
/// GIFT had become a 26 MB course; 8,000 blanks took 17 s and 485 MB).
final class ClozeSharingTests: XCTestCase {
  /// One Cloze question of `blanks` short-answer blanks, about 30 bytes of GIFT each.
  static func cloze(_ blanks: Int) -> String {
    "::Long cloze:: " + (0..<blanks).map { "word\($0) {1:SHORTANSWER:=a\($0)}" }.joined(separator: " ") + "\n"
  }

  /// The address of a string's UTF-8 storage: equal for two strings sharing one buffer.
  static func storage(_ text: String) -> UnsafeRawPointer? {
    var copy = text
    return copy.withUTF8 { UnsafeRawPointer($0.baseAddress) }
  }

  func testTheBlanksShareOneCopyOfTheTextInMemoryAndInTheCourseFile() throws {
    let gift = Self.cloze(2000)
    let folder = TemporaryFolder(prefix: "cloze")
    let result = try CourseReader().read([try folder.write("c.gift", gift)])
    let course = try XCTUnwrap(result.course, "\(result.problems)")
    let questions = course.allQuestions
    XCTAssertEqual(questions.count, 2000)
    let passage = try XCTUnwrap(questions[0].passage)
    XCTAssertTrue(passage.text.hasPrefix("word0 (1) word1 (2)"), passage.text.prefix(40) + "")
    XCTAssertEqual(questions[1999].prompt, "[blank 2000 of 2000]")
    // One buffer for all (a copy per blank had made 2000 × 60 KB).
    let first = Self.storage(passage.text)
    XCTAssertEqual(Set(questions.map { Self.storage($0.passage?.text ?? "") }), [first])

    // The course file holds the text once: it grows with the text and the blanks, not their product
    // (each blank's own question, about 250 bytes of JSON, against 30 of GIFT; a copy each was 2000×).
    let written = NativeCourseWriter.text(course)
    XCTAssertLessThan(written.utf8.count, 12 * gift.utf8.count, "a course of \(written.utf8.count) bytes")
    XCTAssertEqual(written.components(separatedBy: "word1999 (2000)").count, 2, "the text is written once")

    // Read back: the same questions, the passage shared again.
    let (loaded, problems) = CourseLoader().parse(Array(written.utf8), file: "c.json")
    XCTAssertEqual(problems, [])
    let again = try XCTUnwrap(loaded).allQuestions
    XCTAssertEqual(again.map(\.passage), questions.map(\.passage))
    XCTAssertEqual(again.map(\.prompt), questions.map(\.prompt))
    XCTAssertEqual(Set(again.map { Self.storage($0.passage?.text ?? "") }).count, 1)
  }

  /// The Moodle XML export writes the blanks back as one Cloze question each, the text once with
  /// the tokens in it, and reads it back as the same blanks sharing the text; GIFT cannot hold a
  /// Cloze question and leaves it out, as Moodle's own GIFT export does.
  func testExportsWriteTheTextOnceAndReadItBack() throws {
    let folder = TemporaryFolder(prefix: "cloze")
    let source =
      "::Verbs:: I {1:MC:~with~=about} it, {1:SA:=twice} and {2:NM:=3:0.5}.\n\nWater boils at {1:NM:=100} ℃.\n"
    let course = try XCTUnwrap(CourseReader().read([try folder.write("c.gift", source)]).course)
    XCTAssertEqual(course.allQuestions.compactMap(\.passage).count, 3)
    let xml = MoodleXMLExporter.text(course)
    XCTAssertEqual(
      xml.components(separatedBy: "I {1:MC:with~=about} it, {1:SA:=twice} and {2:NM:=3:0.5}.</text>").count, 2, xml)
    XCTAssertTrue(xml.contains("Water boils at {1:NM:=100} ℃.</text>"), xml)
    let again = try CourseReader().read([try folder.write("e.xml", xml)])
    XCTAssertEqual(try XCTUnwrap(again.course).allQuestions, course.allQuestions)

    let gift = GiftExporter.export(course)
    XCTAssertEqual(gift.clozeLeftOut, 2)
    XCTAssertEqual(gift.blanksLeftOut, 4)
    XCTAssertFalse(gift.text.contains("{"), gift.text)
    XCTAssertTrue(gift.text.contains("// question: "), gift.text)
  }

  func testAClozeOfManyBlanksReadsInLinearTime() {
    GrowthCheck.assertLinear("a Cloze question's blanks", base: 250) { n in
      let (questions, _) = GiftParser.parse(Self.cloze(n), file: "c.gift")
      XCTAssertEqual(GiftConverter.items(questions).count, n)
    }
  }

  func testOneBlankKeepsItsTextInThePromptAndAMissingPassageIsAnError() throws {
    let (questions, _) = GiftParser.parse("Water boils at {1:NUMERICAL:=100} ℃.", file: "c.gift")
    let items = GiftConverter.items(questions).compactMap(\.question)
    XCTAssertEqual(items.map(\.prompt), ["Water boils at _____ ℃."])
    XCTAssertNil(items[0].passage)

    let text = """
      {"format": "practice-course", "version": 1, "id": "c", "title": "C", "nodes": [{"id": "n", "title": "N",
        "passages": {"p": "Ice (1) at 0 ℃.", "bad": 3},
        "questions": [
          {"id": "q1", "type": "fill", "prompt": "[blank 1 of 1]", "explanation": "", "answers": ["melts"], "passage": "p"},
          {"id": "q2", "type": "fill", "prompt": "?", "explanation": "", "answers": ["x"], "passage": "gone"}]}]}
      """
    let (_, problems) = CourseLoader().parse(Array(text.utf8), file: "c.json")
    XCTAssertEqual(
      problems.map(\.description),
      [
        "c.json:2:47: passage \"bad\" must be a string, found a number",
        "c.json:5:97: question \"q2\" names the passage \"gone\", which its node's \"passages\" does not have",
      ])
  }
}
