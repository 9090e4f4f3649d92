import Foundation
import PracticeTestSupport
import XCTest

/// A calculated question's values end to end (issue 33): the numbers a session shows are the ones its
/// journal records with each answer and skip, `export --events` carries them, `report --format json`
/// lists the wrong answer with them, and a resumed session shows them again.
final class CalculatedValuesExportTests: XCTestCase {
  let course = "Tests/PracticeCLITests/Fixtures/physics-calculated.json"

  func testTheValuesShownAreTheValuesRecordedExportedAndReported() throws {
    let folder = TemporaryFolder()
    let progress = folder.path + "/progress"
    func run(_ arguments: [String], stdin: String = "") throws -> PracticeBinary.Result {
      try PracticeBinary.run(
        ["--course", course, "--data-dir", progress, "--user", "ann"] + arguments, stdin: stdin,
        environment: PracticeBinary.environment(dataDirectory: folder.path))
    }
    // The first question answered right, the second wrong; then a session left at its first question and resumed.
    let session = try run(["--seed", "5", "--now", "2026-12-01T08:00:00Z", "--lang", "en"], stdin: "start 1\n20\n30\n")
    XCTAssertEqual(session.status, 0, session.stderr)
    XCTAssertTrue(session.stdout.contains("冰箱冷藏室的温度是 7 ℃，冷冻室的温度是零下 13 ℃"), session.stdout)
    XCTAssertTrue(session.stdout.contains("冬季某日早晨的气温是 -12 ℃，中午升到 3 ℃"), session.stdout)
    let left = try run(
      ["--seed", "9", "--now", "2026-12-01T09:00:00Z", "--lang", "en"], stdin: "start 2.3\nskip\nquit\n")
    XCTAssertEqual(left.status, 0, left.stderr)

    let export = try PracticeBinary.run(
      ["export", "--events", "--course", course, "--data-dir", progress],
      environment: PracticeBinary.environment(dataDirectory: folder.path))
    XCTAssertEqual(export.status, 0, export.stderr)
    var answers: [String] = []
    var skipped: [String] = []
    for line in export.stdout.split(separator: "\n") {
      // The values as recorded: an object in the question's order, each value the text shown.
      guard let start = line.range(of: #""values":"#) else { continue }
      let values = String(line[start.upperBound...].prefix { $0 != "}" }) + "}"
      if line.contains(#""type":"answer""#) { answers.append(values) } else { skipped.append(values) }
    }
    XCTAssertEqual(answers, [#"{"t1":"7","d":"13"}"#, #"{"t1":"-12","t2":"3"}"#])
    XCTAssertEqual(skipped.count, 1)

    // Resumed, the skipped question is behind it and the next one shows what the first run would have.
    let resumed = try run(["--seed", "9", "--now", "2026-12-01T10:00:00Z", "--lang", "en"], stdin: "resume\nquit\n")
    XCTAssertEqual(resumed.status, 0, resumed.stderr)
    let shown = try XCTUnwrap(left.stdout.components(separatedBy: "Question 2 of").dropFirst().first)
    let prompt = try XCTUnwrap(shown.split(separator: "\n").dropFirst().first)
    XCTAssertTrue(
      resumed.stdout.contains("Question 2 of" + shown.prefix { $0 != "\n" } + "\n" + prompt), resumed.stdout)

    let report = try run(["report", "--format", "json"])
    XCTAssertEqual(report.status, 0, report.stderr)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    let mistakes = try XCTUnwrap(json["calculatedMistakes"] as? [[String: Any]])
    XCTAssertEqual(mistakes.count, 1)
    XCTAssertEqual(mistakes.first?["given"] as? String, "30")
    XCTAssertEqual(mistakes.first?["answer"] as? String, "15 ℃")
    XCTAssertEqual(mistakes.first?["values"] as? [String: String], ["t1": "-12", "t2": "3"])
  }
}
