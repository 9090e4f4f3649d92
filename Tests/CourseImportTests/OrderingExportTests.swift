import CourseImport
import CourseOutline
import Localization
import QuizEngine
import XCTest

/// An ordering question goes to Moodle XML as qtype_ordering writes it, and is left out of GIFT,
/// which has no ordering question.
final class OrderingExportTests: XCTestCase {
  static let course = ExportSafetyTests.course([
    Question(
      id: "o", prompt: "Order the stages.", explanation: "Egg first.",
      kind: .ordering(items: ["egg", "larva & co", "pupa"], scoring: .absolutePosition)),
    Question(id: "t", prompt: "Ice floats.", explanation: "", kind: .trueFalse(answer: true)),
  ])

  func testGIFTLeavesItOut() {
    XCTAssertFalse(GiftExporter.writes(.ordering))
    let gift = GiftExporter.text(Self.course)
    XCTAssertFalse(gift.contains("Order the stages"), gift)
    XCTAssertTrue(gift.contains("Ice floats."), gift)
  }

  func testMoodleGradingTypesReadBack() {
    for scoring in Ordering.Scoring.allCases {
      XCTAssertEqual(MoodleOrdering.scoring(gradingType: MoodleOrdering.gradingType(scoring)), scoring)
    }
    XCTAssertNil(MoodleOrdering.scoring(gradingType: "LONGEST_ORDERED_SUBSET"))
  }
}

extension ExportSafetyTests {
  /// Well-formed, the items as answers in order (fractions 1, 2, 3), the grading type named.
  func testMoodleXMLWritesAnOrderingQuestionsItemsInOrderWithTheirGradingType() throws {
    let xml = MoodleXMLExporter.text(OrderingExportTests.course)
    XCTAssertEqual(try strictXMLProblems([xml]), [])
    XCTAssertTrue(xml.contains(#"<question type="ordering">"#), xml)
    XCTAssertTrue(xml.contains("<gradingtype>ABSOLUTE_POSITION</gradingtype>"), xml)
    let answers = xml.components(separatedBy: "<answer fraction=").dropFirst().prefix(3).map { $0.prefix(60) }
    XCTAssertEqual(answers.count, 3)
    XCTAssertTrue(answers[0].hasPrefix(#""1" format="moodle_auto_format"><text>egg</text>"#), String(answers[0]))
    XCTAssertTrue(
      answers[1].hasPrefix(#""2" format="moodle_auto_format"><text>larva &amp; co</text>"#), String(answers[1]))
    XCTAssertTrue(answers[2].hasPrefix(#""3" format="moodle_auto_format"><text>pupa</text>"#), String(answers[2]))
  }

  /// Read back from Moodle XML as the same question: items, order and scoring.
  func testAnOrderingQuestionReadsBackFromMoodleXML() throws {
    let back = try reimport(MoodleXMLExporter.text(OrderingExportTests.course), as: "o.xml")
    XCTAssertEqual(back.errors, [])
    let question = try XCTUnwrap(back.course?.allQuestions.first { $0.kind.type == .ordering })
    XCTAssertEqual(question.kind, .ordering(items: ["egg", "larva & co", "pupa"], scoring: .absolutePosition))
    XCTAssertEqual(question.id, "o")
  }

  /// A grading type practice does not grade by is refused at the question, not guessed.
  func testAnOrderingGradingTypePracticeDoesNotUseIsRefused() throws {
    let xml = MoodleXMLExporter.text(OrderingExportTests.course).replacingOccurrences(
      of: "ABSOLUTE_POSITION", with: "LONGEST_ORDERED_SUBSET")
    let back = try reimport(xml, as: "o.xml")
    XCTAssertTrue(
      back.errors.contains {
        $0.text.description.contains("ordering grading type LONGEST_ORDERED_SUBSET is not one practice grades by")
      },
      "\(back.errors)")
  }
}
