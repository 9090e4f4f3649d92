import Foundation
import PracticeCLI
import PracticeTestSupport
import QuizEngine
import Scheduling
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

  /// End to end: a partly right answer is saved with its fraction and rated Hard, a right one Good.
  func testTheJournalKeepsTheFractionAndTheRating() throws {
    let folder = TemporaryFolder()
    let result = try PracticeBinary.run(
      [
        "--course", "Tests/PracticeCLITests/Fixtures/partial-credit.gift", "--seed", "5", "--now",
        "2026-12-01T08:00:00Z", "--data-dir", folder.path + "/progress", "--user", "learner",
      ],
      stdin: "start 1\nf\na b c e\nquit\n", environment: PracticeBinary.environment(dataDirectory: folder.path))
    XCTAssertEqual(result.status, 0, result.stderr)
    let journal = try String(
      contentsOfFile: folder.path + "/progress/learner/partial-credit/journal.jsonl", encoding: .utf8)
    let answers = journal.split(separator: "\n").filter { $0.contains(#""type":"answer""#) }
    XCTAssertEqual(answers.count, 2, journal)
    XCTAssertTrue(answers[0].hasSuffix(#""given":"f","correct":true,"rating":3}"#), String(answers[0]))
    XCTAssertTrue(
      answers[1].hasSuffix(#""given":"a b c e","correct":false,"fraction":0.6,"rating":2}"#), String(answers[1]))
  }
}
