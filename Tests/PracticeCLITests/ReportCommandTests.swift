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
    let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    try XCTSkipIf(browser == nil, "chromium could not be installed here (`make test` tries apt-get install chromium)")
    let path = folder.path + "/report.html"
    XCTAssertEqual(try run(["report", "--user", "ann", "--format", "html", "--output", path]).status, 0)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: browser!)
    process.arguments = [
      "--headless=new", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
      "--user-data-dir=\(folder.path)/chromium", "--dump-dom", "file://\(path)",
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    nonisolated(unsafe) var log = Data()
    let reader = Thread { log = errors.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    while !reader.isFinished { usleep(10_000) }
    XCTAssertEqual(process.terminationStatus, 0)
    XCTAssertTrue(dom.contains("<svg"), "no chart in the rendered page")
    XCTAssertTrue(dom.contains("Answers per day"), dom.prefix(500).description)
    let consoleErrors = String(decoding: log, as: UTF8.self).split(separator: "\n").filter {
      $0.contains("CONSOLE") || $0.contains("Uncaught")
    }
    XCTAssertEqual(consoleErrors, [])
  }
}
