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
}
