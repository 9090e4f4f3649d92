import Foundation
import PracticeTestSupport
import XCTest

/// The item analysis marks partly right responses with their credit, as Moodle's response analysis
/// has a partial credit column: a weighted option, a weighted short answer, a matching answer.
final class ItemAnalysisPartialCreditTests: XCTestCase {
  let folder = TemporaryFolder()

  func run(_ arguments: [String], stdin: String = "") throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      [
        "--course", "Tests/PracticeCLITests/Fixtures/partial-credit.gift", "--data-dir", folder.path + "/progress",
        "--now", "2026-12-01T08:00:00Z",
      ] + arguments, stdin: stdin, environment: PracticeBinary.environment(dataDirectory: folder.path))
  }

  func testPartlyRightResponsesAreMarkedWithTheirCredit() throws {
    // In order: Mammals (multiple), Five (multiple), Tomb (fill-in), Capital (single), Fish (true/false).
    let answers = [
      "a b\na b c d e\nGrant\nc\nf", "a\na b c d\nUlysses Grant\nb\nf", "a c\nf\nUlysses Grant\nb\nt",
      "b\na b c\nLincoln\na\nf",
    ]
    for (n, typed) in answers.enumerated() {
      let result = try run(["--user", "pupil\(n)", "--seed", "5"], stdin: "start --in-order 1\n\(typed)\nquit\n")
      XCTAssertEqual(result.status, 0, result.stderr)
    }
    var transcript = ""
    for format in ["text", "md", "json"] {
      let result = try run(["report", "--class", "--items", "1", "--format", format])
      XCTAssertEqual(result.status, 0, result.stderr)
      transcript += "$ report --class --items 1 --format \(format)\n" + result.stdout
    }
    // The report's date is the run's, not the test's.
    assertSnapshot(
      transcript.replacingOccurrences(
        of: #""generated": "[^"]*""#, with: "\"generated\": \"…\"", options: .regularExpression),
      named: "item-analysis-partial-credit")
    XCTAssertTrue(transcript.contains("◐ 50%"), transcript)
  }
}
