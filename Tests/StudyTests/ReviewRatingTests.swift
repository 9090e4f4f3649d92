import Foundation
import QuizEngine
import Scheduling
import Study
import XCTest

/// The rating an answer gives the scheduler: wrong is Again, partly right (a fraction between 0
/// and 1) is Hard, right is Good (Hard after a hint, Easy when quick and right before).
final class ReviewRatingTests: XCTestCase {
  func rating(correct: Bool, fraction: Double = 0, helped: Bool = false, previousRight: Bool = false) -> Rating {
    ReviewRating.rating(
      correct: correct, helped: helped, previousRight: previousRight, seconds: 5, type: .multiple, fraction: fraction)
  }

  func testPartialCreditIsRatedHard() {
    XCTAssertEqual(rating(correct: false), .again)
    XCTAssertEqual(rating(correct: false, fraction: 0.5), .hard)
    XCTAssertEqual(rating(correct: false, fraction: 0.01), .hard)
    XCTAssertEqual(rating(correct: true), .good)
    XCTAssertEqual(rating(correct: true, helped: true), .hard)
    XCTAssertEqual(rating(correct: true, previousRight: true), .easy)
    // A partly right answer after a right one is still Hard, never Easy.
    XCTAssertEqual(rating(correct: false, fraction: 0.8, previousRight: true), .hard)
  }

  /// Easy needs the previous answer right too and an answer within the type's quick time, which
  /// grows with the work a type asks (a card at sight, a number worked out).
  func testEasyIsRightTwiceRunningWithinTheTypesQuickTime() {
    let times: [(QuestionType, TimeInterval)] = [
      (.card, 10), (.single, 15), (.trueFalse, 15), (.multiple, 25), (.fill, 30), (.matching, 45), (.numeric, 60),
    ]
    for (type, quick) in times {
      XCTAssertEqual(ReviewRating.quickTime(for: type), quick, "\(type)")
      for (seconds, previousRight, expected) in [
        (quick, true, Rating.easy), (quick + 1, true, .good), (1, false, .good),
      ] {
        XCTAssertEqual(
          ReviewRating.rating(correct: true, helped: false, previousRight: previousRight, seconds: seconds, type: type),
          expected, "\(type) in \(seconds) s, previous right \(previousRight)")
      }
    }
  }

  /// A graded answer is rated from its grading; a flashcard the learner rates (`--rate`) is
  /// answered with the rating itself, which stands.
  func testAFlashcardRatedByTheLearnerKeepsThatRating() {
    func feedback(_ given: String, right: Bool) -> Feedback {
      Feedback(questionID: "q", isCorrect: right, given: given, expected: "", explanation: "")
    }
    func rating(_ feedback: Feedback, _ type: QuestionType, learnerRates: Bool) -> Rating {
      ReviewRating.rating(
        of: feedback, type: type, helped: false, previousRight: true, seconds: 3, learnerRates: learnerRates)
    }
    XCTAssertEqual(rating(feedback("2", right: true), .card, learnerRates: true), .hard)
    XCTAssertEqual(rating(feedback("1", right: false), .card, learnerRates: true), .again)
    XCTAssertEqual(rating(feedback("2", right: true), .card, learnerRates: false), .easy)
    XCTAssertEqual(rating(feedback("y", right: true), .card, learnerRates: true), .easy)
    // Only flashcards are answered with a rating: a numeric answer 2 is an answer.
    XCTAssertEqual(rating(feedback("2", right: true), .numeric, learnerRates: true), .easy)
    XCTAssertEqual(rating(feedback("2", right: false), .numeric, learnerRates: true), .again)
  }

  func testTypedRatingsAreNumbersOrNames() {
    XCTAssertEqual(ReviewRating.parse("1"), .again)
    XCTAssertEqual(ReviewRating.parse("4"), .easy)
    XCTAssertEqual(ReviewRating.parse("Good"), .good)
    XCTAssertEqual(ReviewRating.parse("ha"), .hard)
    XCTAssertNil(ReviewRating.parse("5"))
    XCTAssertNil(ReviewRating.parse(""))
  }
}
