import CourseOutline
import Foundation
import PracticeTime
import ProgressStorage
import QuizEngine
import Reports
import XCTest

@testable import PracticeCLI

final class ReportRunnerTests: XCTestCase {
  /// A clock the test moves.
  final class ManualClock: PracticeClock, @unchecked Sendable {
    var date = Date(timeIntervalSince1970: 1_800_000_000)
    func now() -> Date { date }
  }

  func testEachReportIsDatedWhenItIsMade() throws {
    let json = #"{"format": "practice-course", "nodes": [{"id": "p", "title": "Part"}]}"#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    let clock = ManualClock()
    let runner = ReportRunner(course: course, user: "ann", clock: clock, style: OutputStyle(unicode: true))
    let first = try runner.learner(state: ProgressState(), address: nil, format: .text)
    // An hour into a REPL session, the next report says so.
    clock.date += 3_600
    let later = try runner.learner(state: ProgressState(), address: nil, format: .text)
    XCTAssertTrue(first.contains("Generated 2027-01-15 08:00 (+00:00)"), first)
    XCTAssertTrue(later.contains("Generated 2027-01-15 09:00 (+00:00)"), later)
  }
}
