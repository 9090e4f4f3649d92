import Foundation
import XCTest

/// A course, a learner name or a typed line written by an attacker: no escape sequence, bidi
/// override or spreadsheet formula reaches a terminal or a file as itself.
final class HostileContentTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  /// A course with an escape sequence or a bidi override in every text field.
  func hostileCourse() throws -> String {
    let osc = "\\u001b]52;c;cHduZWQ=\\u0007"
    let clear = "\\u001b[2J\\u009b31m"
    return try folder.write(
      "hostile.json",
      """
      {"format": "practice-course", "version": 1, "id": "hostile", "title": "Evil\(osc) course",
       "nodes": [
        {"id": "a", "title": "=HYPERLINK(\\"x\\")\(clear)", "description": "desc\(osc)", "children": [
          {"id": "b", "title": "Bidi \\u202egnp.exe\\u200b", "questions": [
            {"id": "q1", "type": "single", "prompt": "Pick\(clear)", "options": ["x\(osc)", "y"], "answer": 0,
             "explanation": "because\(osc)"}]}]}]}
      """)
  }

  func run(_ arguments: [String], stdin: String = "", extra: [String: String] = [:]) throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      arguments + ["--data-dir", folder.path + "/progress"], stdin: stdin,
      environment: PracticeBinary.environment(dataDirectory: folder.path, extra: extra))
  }

  static let unsafe: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}", "\u{200B}"]

  func assertClean(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
    for scalar in Self.unsafe {
      XCTAssertFalse(
        text.unicodeScalars.contains(scalar), "\(message) holds U+\(String(scalar.value, radix: 16))",
        file: file, line: line)
    }
  }

  func testCourseTextIsShownVisiblyInTheREPL() throws {
    let course = try hostileCourse()
    let result = try run(
      [
        "--course", course, "--seed", "1", "-c",
        "ls; expand all; info 1; info 1.1; find Bidi; start 1.1; 1; nope\u{1B}[2J",
      ])
    assertClean(result.stdout, "stdout")
    assertClean(result.stderr, "stderr")
    XCTAssertTrue(
      result.stdout.contains("Evil\\u{1B}]52;c;cHduZWQ=\\u{7} course") || result.stdout.contains("\\u{1B}[2J"),
      result.stdout)
    XCTAssertTrue(result.stdout.contains("Bidi <U+202E>gnp.exe<U+200B>"), result.stdout)
    XCTAssertTrue(result.stderr.contains("nope\\u{1B}[2J"), result.stderr)
  }

  func testEveryReportFormatIsClean() throws {
    let course = try hostileCourse()
    _ = try run(["--course", course, "--seed", "1", "-c", "start 1.1; 1"])
    for format in ["text", "md", "csv", "html", "json"] {
      let result = try run(["--course", course, "report", "--format", format])
      XCTAssertEqual(result.status, 0, result.stderr)
      assertClean(result.stdout, format)
      let output = folder.path + "/report.\(format)"
      XCTAssertEqual(try run(["--course", course, "report", "--format", format, "--output", output]).status, 0)
      assertClean(try String(contentsOfFile: output, encoding: .utf8), "\(format) file")
      let classReport = try run(["--course", course, "report", "--class", "--format", format])
      assertClean(classReport.stdout, "class \(format)")
    }
    // JSON keeps the text exactly, escaped.
    let json = try run(["--course", course, "report", "--format", "json"]).stdout
    XCTAssertTrue(json.contains("Bidi \\u202egnp.exe\\u200b"), json)
  }

  func testCSVCellsThatLookLikeFormulasAreNeutralised() throws {
    let course = try hostileCourse()
    let csv = try run(["--course", course, "report", "--format", "csv"]).stdout
    XCTAssertTrue(csv.contains("'=HYPERLINK"), csv)
    XCTAssertFalse(csv.contains(",=HYPERLINK") || csv.contains("\"=HYPERLINK"), csv)
    let classCSV = try run(["--course", course, "--user", "@evil", "-c", "ls"])
    XCTAssertEqual(classCSV.status, 0)
    let report = try run(["--course", course, "report", "--class", "--format", "csv"]).stdout
    XCTAssertTrue(report.contains("'@evil"), report)
  }

  func testLearnerNamesAreShownVisiblyInTheClassReport() throws {
    let course = try hostileCourse()
    _ = try run(["--course", course, "--user", "mallory\u{1B}]0;owned\u{07}", "-c", "ls"])
    for format in ["text", "md", "csv"] {
      let report = try run(["--course", course, "report", "--class", "--format", format]).stdout
      assertClean(report, format)
      XCTAssertTrue(report.contains("mallory"), report)
    }
  }

  func testValidateWarnsAboutControlAndInvisibleCharacters() throws {
    let course = try hostileCourse()
    let result = try run(["validate", course])
    assertClean(result.stdout, "validate")
    XCTAssertTrue(result.stdout.contains("warning: text holds \\u{1B}"), result.stdout)
    XCTAssertTrue(result.stdout.contains("warning: text holds <U+202E>"), result.stdout)
    XCTAssertTrue(result.stdout.contains(": ok (nodes: "), result.stdout)
    XCTAssertEqual(result.status, 0)
  }
}
