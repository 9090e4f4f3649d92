import CourseOutline
import Foundation
import Localization
import Scheduling
import TextLayout
import XCTest

@testable import Reports

/// `practice schedule` in text: laid out in full for files, fitted to a terminal like the report.
final class ScheduleReportTests: XCTestCase {
  func report() throws -> ScheduleReport {
    let course = try ReportFixtures.course()
    let reviewed = CardMemory(
      phase: .review, step: nil, stability: 12.345, difficulty: 5.5, due: ReportFixtures.at(28, 9),
      lastReview: ReportFixtures.at(16, 9), reps: 4, lapses: 1)
    return ScheduleReport.build(
      course: course, memories: ["q1": reviewed, "q3": reviewed], now: ReportFixtures.now, root: nil)
  }

  func testNarrowTerminalsGetTheLeastNeededColumnsLeftOutInBothLanguages() throws {
    let report = try report()
    for messages in [Localizer.english, Localizer(language: .chinese)] {
      let full = report.render(.text, messages: messages, style: ReportStyle())
      let fullWidth = full.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max()!
      XCTAssertGreaterThan(fullWidth, 100, full)
      XCTAssertEqual(
        report.render(.text, messages: messages, style: ReportStyle(width: fullWidth)), full,
        "a table that fits is untouched")
      let due = messages.tr("due")
      let id = messages.tr("id")
      for width in [100, 80, 64] {
        let text = report.render(.text, messages: messages, style: ReportStyle(width: width))
        let lines = text.split(separator: "\n").map(String.init)
        for line in lines {
          XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "\(messages.language) at \(width): \(line)")
        }
        // What is due and when stays; the columns go in `droppableColumns` order.
        let header = lines[1]
        XCTAssertTrue(header.hasPrefix(id) && header.contains(due), header)
        XCTAssertTrue(text.contains(messages.dateTime(ReportFixtures.at(28, 9))), text)
        let shown = ScheduleReport.droppableColumns.map { header.contains(messages.tr($0)) }
        if let first = shown.firstIndex(of: true) {
          XCTAssertTrue(shown[first...].allSatisfy { $0 }, "\(width): \(header)")
        }
        XCTAssertFalse(header.contains(messages.tr("last review")), header)
      }
    }
  }

  /// At 40 columns the table ran past the edge with every id cut to `ch1.1-q…` (all alike): a
  /// terminal too narrow for it lists each question, its id whole, with every column under it.
  func testATerminalTooNarrowForTheTableListsEachQuestionWhole() throws {
    let report = try report()
    ReportFixtures.assertEveryLineFits(widths: 20...63, titles: report.rows.map(\.questionID)) {
      report.render(.text, messages: Localizer(language: $0), style: ReportStyle(width: $1))
    }
    let lines = report.render(.text, style: ReportStyle(width: 34)).split(separator: "\n").map(String.init)
    let q1 = try XCTUnwrap(lines.firstIndex(of: "q1"), lines.joined(separator: "\n"))
    XCTAssertEqual(lines[q1 + 1], "    node 1.1 · state review", lines.joined(separator: "\n"))
    // Every column of the table is under the id, none dropped for the width (issue 27).
    let q2 = try XCTUnwrap(lines.firstIndex(of: "q2"), lines.joined(separator: "\n"))
    let block = lines[q1 + 1..<q2].joined(separator: " · ")
    for figure in [
      "stability 12.35", "difficulty 5.50", "due 2026-03-28 09:00 (+00:00)", "2026-03-16 09:00", "reps 4", "lapses 1",
      "recall now 89%",
    ] {
      XCTAssertTrue(block.contains(figure), "\(figure) in \(block)")
    }
    XCTAssertEqual(lines[q2 + 2], "    stability - · difficulty -", lines.joined(separator: "\n"))
  }
}
