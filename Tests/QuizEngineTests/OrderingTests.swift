import CourseOutline
import Foundation
import PracticeJSON
import QuizEngine
import XCTest

/// `ordering` (Moodle's qtype_ordering): letters typed in order, graded by the question's scoring.
final class OrderingTests: XCTestCase {
  /// Right order: egg, larva, pupa, adult; shown as A larva, B adult, C egg, D pupa.
  static let shown = [1, 3, 0, 2]
  static func stages(_ scoring: Ordering.Scoring = .relativeNext) -> Question {
    Question(
      id: "o", prompt: "Order the stages.", explanation: "Egg first.",
      kind: .ordering(items: ["egg", "larva", "pupa", "adult"], scoring: scoring))
  }

  func testTheRightOrderIsReadInEverySpelling() {
    for input in ["c a d b", "c, a, d, b", "cadb", "CADB", "c > a > d > b", "ｃａｄｂ"] {
      let feedback = graded(Self.stages(), input, order: Self.shown)
      XCTAssertEqual(feedback?.isCorrect, true, input)
      XCTAssertEqual(feedback?.expected, "c a d b", input)
    }
  }

  func testAnOrderThatDoesNotNameEachItemOnceIsAskedAgain() {
    for input in ["c a d", "c a d b b", "c a a b", "c a d e", "1 2 3 4"] {
      XCTAssertEqual(
        invalid(Self.stages(), input, order: Self.shown),
        "name every item once, in order: 4 letters from A to D, e.g. \"c a b\"", input)
    }
    XCTAssertEqual(
      invalid(Self.stages(), " ", order: Self.shown), "put the items in order by their letters, e.g. \"c a b\"")
  }

  /// Moodle's RELATIVE_NEXT_EXCLUDE_LAST: pairs followed by the right next item, over n − 1.
  func testRelativeNextCountsItemsFollowedByTheirRightNext() {
    // egg larva adult pupa: egg→larva right, larva→adult and adult→pupa wrong.
    let feedback = graded(Self.stages(), "c a b d", order: Self.shown)
    XCTAssertEqual(feedback?.isCorrect, false)
    XCTAssertEqual(feedback?.fraction, 0.3333333)
    XCTAssertEqual(feedback?.detail, "credit: 33.33 %")
    XCTAssertEqual(feedback?.given, "c a b d")
    // One item moved to the front keeps the pairs behind it: adult egg larva pupa, 2 of 3.
    XCTAssertEqual(graded(Self.stages(), "b c a d", order: Self.shown)?.fraction ?? 0, 2.0 / 3, accuracy: 1e-7)
    XCTAssertEqual(graded(Self.stages(), "b d a c", order: Self.shown)?.fraction, 0)
  }

  func testAbsolutePositionCountsItemsInTheirPlace() {
    // adult egg larva pupa: every item one place off, none in its place.
    XCTAssertEqual(graded(Self.stages(.absolutePosition), "b c a d", order: Self.shown)?.fraction, 0)
    // egg larva adult pupa: 2 of 4 in place.
    XCTAssertEqual(graded(Self.stages(.absolutePosition), "c a b d", order: Self.shown)?.fraction, 0.5)
  }

  func testAllOrNothingGivesNoPartialCredit() {
    let feedback = graded(Self.stages(.allOrNothing), "b c a d", order: Self.shown)
    XCTAssertEqual(feedback?.fraction, 0)
    XCTAssertNil(feedback?.detail)
    XCTAssertEqual(Self.stages(.allOrNothing).kind.model.randomGuessScore ?? 0, 1.0 / 24, accuracy: 1e-12)
    XCTAssertNil(Self.stages().kind.model.randomGuessScore)
  }

  /// Property: for every scoring and every permutation of 4 items, the credit is 1 exactly for the
  /// right order, between 0 and 1 otherwise, and all or nothing never gives part.
  func testCreditIsFullExactlyForTheRightOrder() {
    func permutations(_ items: [Int]) -> [[Int]] {
      items.count <= 1
        ? [items] : items.flatMap { first in permutations(items.filter { $0 != first }).map { [first] + $0 } }
    }
    let letters = ["a", "b", "c", "d"]
    for scoring in Ordering.Scoring.allCases {
      for order in permutations([0, 1, 2, 3]) {
        let input = order.map { letters[$0] }.joined(separator: " ")
        guard let feedback = graded(Self.stages(scoring), input, order: Self.shown) else { continue }
        let right = order.map { Self.shown[$0] } == [0, 1, 2, 3]
        XCTAssertEqual(feedback.isCorrect, right, "\(scoring) \(input)")
        XCTAssertEqual(feedback.fraction == 1, right, "\(scoring) \(input)")
        XCTAssertTrue((0...1).contains(feedback.fraction), "\(scoring) \(input)")
        if scoring == .allOrNothing { XCTAssertTrue(feedback.fraction == 0 || right) }
      }
    }
  }

  /// An item analysis reads an order in the course's letters, whatever the shuffle.
  func testResponsesAreReadInTheCoursesLetters() {
    let response = QuestionResponse.read("c a b d", question: PresentedQuestion(Self.stages(), optionOrder: Self.shown))
    XCTAssertEqual(response, .text("a b d c", right: false, fraction: 0.3333333))
  }

  func testTheNativeFormatReadsAndWritesIt() throws {
    let question = Self.stages(.allOrNothing)
    let written = JSONWriter.compact(question.json)
    XCTAssertEqual(
      written,
      #"{"id":"o","type":"ordering","prompt":"Order the stages.","items":["egg","larva","pupa","adult"],"scoring":"allOrNothing","explanation":"Egg first."}"#
    )
    XCTAssertEqual(Question.decode(try JSONParser.parse(written)).question, question)
    // The default scoring is not written.
    XCTAssertFalse(JSONWriter.compact(Self.stages().json).contains("scoring"))
  }

  func testTheNativeFormatReportsBadItemsAndScoring() throws {
    func problems(_ fields: String) throws -> [String] {
      let text = #"{"id": "o", "type": "ordering", "prompt": "?", "explanation": "", "# + fields + "}"
      return Question.decode(try JSONParser.parse(text)).problems.map(\.message)
    }
    XCTAssertEqual(
      try problems(#""items": ["one"]"#),
      [#"question "o": "items" must be an array of at least 2 non-empty strings, in the right order"#])
    XCTAssertEqual(
      try problems(#""items": ["a", "b", "a"]"#), [#"question "o": item 2 repeats item 0 ("a")"#])
    XCTAssertEqual(
      try problems(#""items": ["a", "b"], "scoring": "longest""#),
      [#"question "o": unknown scoring "longest"; use allOrNothing, absolutePosition or relativeNext"#])
  }

  /// Its items are shuffled even in a session that keeps the course's order: that order is the answer.
  func testASessionInCourseOrderStillShufflesTheItems() {
    let session = PracticeSession(questions: [Self.stages()], seed: nil, startedAt: Date(timeIntervalSince1970: 0))
    XCTAssertNotEqual(session.presented[0].optionOrder, [0, 1, 2, 3])
    XCTAssertEqual(session.presented[0].optionOrder.sorted(), [0, 1, 2, 3])
  }
}
