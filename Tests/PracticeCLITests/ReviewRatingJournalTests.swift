import Foundation
import PracticeTestSupport
import XCTest

/// The rating an answer gives the scheduler, as the journal keeps it (the rules themselves are
/// tested in StudyTests' ReviewRatingTests).
final class ReviewRatingJournalTests: XCTestCase {
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
