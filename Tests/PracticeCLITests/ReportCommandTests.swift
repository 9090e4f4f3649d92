import Foundation
import PracticeTestSupport
import XCTest

/// `practice report` end to end: a scripted history, then each format read back.
final class ReportCommandTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = TemporaryFolder()
    // Two learners with a fixed history on the sampler course.
    for (user, answers) in [("ann", "B\n"), ("bob", "A\n")] {
      let result = try run(["--user", user, "--seed", "3"], stdin: "start 1.1.1\n\(answers)quit\n")
      XCTAssertEqual(result.status, 0, result.stderr)
    }
  }

  func run(_ arguments: [String], stdin: String = "") throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      ["--course", "Data/courses/sampler", "--data-dir", folder.path + "/progress", "--now", "2026-12-01T08:00:00Z"]
        + arguments, stdin: stdin, environment: PracticeBinary.environment(dataDirectory: folder.path))
  }

  func testJSONReportCarriesTheFiguresOfTheHistory() throws {
    let result = try run(["report", "--user", "ann", "--format", "json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(report["format"] as? String, "practice-report")
    let total = try XCTUnwrap(report["total"] as? [String: Any])
    XCTAssertEqual(total["answers"] as? Int, 1)
    XCTAssertEqual(total["correct"] as? Int, 1)
    XCTAssertEqual(total["sessions"] as? Int, 1)
  }

  func testTextToAPipeIsLaidOutInFullWhateverColumnsSays() throws {
    let result = try PracticeBinary.run(
      ["report", "--user", "ann", "--course", "Data/courses/sampler", "--data-dir", folder.path + "/progress"],
      environment: PracticeBinary.environment(dataDirectory: folder.path, extra: ["COLUMNS": "40"]))
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("Last studied"), result.stdout)
  }

  func testReportOfASubtreeAndAnUnknownAddress() throws {
    let result = try run(["report", "1.1", "--user", "ann", "--format", "csv"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let rows = result.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    XCTAssertTrue(rows[1].hasPrefix("1.1,"), rows.joined(separator: "\n"))
    let missing = try run(["report", "7.7", "--user", "ann"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertEqual(missing.stderr, "practice: report: no node 7.7: the course has 2 top-level nodes (1-2)\n")
  }

  func testClassReportNamesWhoHasNotRead() throws {
    let result = try run(["report", "--class", "--format", "json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let users = try XCTUnwrap(report["users"] as? [[String: Any]]).compactMap { $0["name"] as? String }
    XCTAssertEqual(users.sorted(), ["ann", "bob"])
  }

  func testOutputFileIsWrittenWhole() throws {
    let path = folder.path + "/report.md"
    let result = try run(["report", "--user", "ann", "--format", "md", "--output", path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(text.contains("| "), text)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp") }, [])
  }

  func testHTMLReportRendersInAHeadlessBrowser() throws {
    try XCTSkipIf(
      HeadlessBrowser.path == nil, "chromium could not be installed here (`make test` tries apt-get install chromium)")
    let path = folder.path + "/report.html"
    XCTAssertEqual(try run(["report", "--user", "ann", "--format", "html", "--output", path]).status, 0)
    let page = try HeadlessBrowser.render(path, folder: folder.path)
    XCTAssertEqual(page.status, 0)
    XCTAssertTrue(page.dom.contains("<svg"), "no chart in the rendered page")
    XCTAssertTrue(page.dom.contains("Answers per day"), page.dom.prefix(500).description)
    XCTAssertEqual(page.consoleErrors, [])
    // The Chinese report: every character drawn with a glyph (make installs fonts-noto-cjk), not a blank box.
    let chinese = folder.path + "/report-zh.html"
    XCTAssertEqual(
      try run(["report", "--user", "ann", "--format", "html", "--lang", "zh", "--output", chinese]).status, 0)
    let glyphs = try HeadlessBrowser.glyphCheck(chinese, folder: folder.path)
    XCTAssertGreaterThan(glyphs.checked, 20, "no Chinese text was measured")
    XCTAssertEqual(
      glyphs.missing, [], "Chinese text renders without glyphs: install a CJK font (make deps installs fonts-noto-cjk)")
  }

  /// The item analysis page: one dot per question in the scatter plot, the flagged ones marked, every address
  /// on hover, and its Chinese drawn with glyphs.
  func testItemAnalysisPlotRendersInAHeadlessBrowser() throws {
    try XCTSkipIf(
      HeadlessBrowser.path == nil, "chromium could not be installed here (`make test` tries apt-get install chromium)")
    // 1.1.1 in order: a fill-in (metre), a numeric question (2500) and a single choice (A). The fill-in is
    // answered right by the learners who get the rest wrong: a negative discrimination.
    let answers = [
      "foot\n2500\na", "foot\n2500\na", "foot\n2500\nb", "metre\n3000\na", "metre\n3000\nb",
      "metre\nskip\nb", "foot\n2500\na",
    ]
    for (n, typed) in answers.enumerated() {
      let result = try run(
        ["--user", "pupil\(n)", "--seed", "5"], stdin: "start --in-order 1.1.1\n\(typed)\nquit\n")
      XCTAssertEqual(result.status, 0, result.stderr)
    }
    let path = folder.path + "/items.html"
    let made = try run(
      ["report", "--class", "--items", "1.1.1", "--format", "html", "--lang", "zh", "--output", path])
    XCTAssertEqual(made.status, 0, made.stderr)
    let glyphs = try HeadlessBrowser.glyphCheck(path, folder: folder.path)
    let dom = glyphs.page.dom
    XCTAssertEqual(glyphs.page.status, 0)
    XCTAssertEqual(glyphs.page.consoleErrors, [])
    // As many dots as questions with a facility and a discrimination, as many marked as flagged, per the JSON.
    let json = try run(["report", "--class", "--items", "1.1.1", "--format", "json"])
    let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let items = try XCTUnwrap(report["items"] as? [[String: Any]])
    let plotted = items.filter { $0["facility"] is Double && $0["discriminationIndex"] is Double }
    let flagged = plotted.filter { !(($0["flags"] as? [String]) ?? []).isEmpty }
    XCTAssertEqual(items.count, 3)
    XCTAssertGreaterThan(plotted.count, 1)
    XCTAssertGreaterThan(flagged.count, 0, "the fill-in discriminates negatively")
    XCTAssertEqual(dom.components(separatedBy: "<circle").count - 1, plotted.count, "one dot per question")
    XCTAssertEqual(dom.components(separatedBy: "class=\"flagged-dot\"").count - 1, flagged.count)
    for item in plotted {
      let address = "\(item["address"] as? String ?? "") Q\(item["number"] as? Int ?? 0)"
      XCTAssertTrue(dom.contains("<title>\(address) ("), "no hover title for \(address)")
    }
    XCTAssertGreaterThan(glyphs.checked, 20, "no Chinese text was measured")
    XCTAssertEqual(
      glyphs.missing, [], "Chinese text renders without glyphs: install a CJK font (make deps installs fonts-noto-cjk)")
  }
}
