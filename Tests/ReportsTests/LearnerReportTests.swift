import CourseOutline
import Foundation
import ProgressStorage
import Reports
import XCTest

final class LearnerReportTests: XCTestCase {
  func report(root: Int? = nil) throws -> LearnerReport {
    LearnerReport.build(
      course: try ReportFixtures.course(), state: ReportFixtures.state(), user: "ann", now: ReportFixtures.now, root: root)
  }

  func testGoldenReportsInEveryFormat() throws {
    let report = try report()
    for format in ReportFormat.allCases {
      Snapshot.assertMatches(report.render(format, style: ReportStyle()), named: "learner.\(format.rawValue)")
    }
    Snapshot.assertMatches(report.render(.text, style: .plain), named: "learner-ascii.text")
    Snapshot.assertMatches(report.render(.text, style: ReportStyle(unicode: true, color: true)), named: "learner-color.text")
    Snapshot.assertMatches(try self.report(root: 0).render(.text, style: ReportStyle()), named: "learner-part1.text")
  }
}
