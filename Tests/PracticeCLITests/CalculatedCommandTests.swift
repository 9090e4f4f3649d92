import Foundation
import PracticeTestSupport
import XCTest

/// Calculated questions through the commands a teacher runs: validate's messages for broken formulas
/// and failing draws (golden, English and Chinese), and the exports.
final class CalculatedCommandTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  func run(_ arguments: [String], extra: [String: String] = [:]) throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      arguments + ["--data-dir", folder.path + "/progress"], stdin: "",
      environment: PracticeBinary.environment(dataDirectory: folder.path, extra: extra))
  }

  static let fixtures = "Tests/PracticeCLITests/Fixtures/"

  func testValidateNamesBrokenFormulasAndTheValuesAFormulaFailsFor() throws {
    let files = ["calculated-broken.json", "calculated-draws.json", "physics-calculated.json"].map {
      Self.fixtures + $0
    }
    let english = try run(["validate"] + files + ["--lang", "en"])
    assertSnapshot(english.transcript, named: "validate-calculated")
    XCTAssertEqual(english.status, 1)
    XCTAssertTrue(
      english.stdout.contains(
        "calculated-draws.json:4:92: question \"zero\": answer m / (V - 20) fails for 325 of 1000 drawn value sets, such as m = 64, V = 20: division by zero: 64 ÷ 0"
      ), english.stdout)
    XCTAssertTrue(english.stdout.contains("physics-calculated.json: ok (nodes: 6, questions: 13)"), english.stdout)
    let chinese = try run(["validate"] + files, extra: ["LC_MESSAGES": "zh_CN.UTF-8"])
    assertSnapshot(chinese.transcript, named: "validate-calculated-zh")
    XCTAssertEqual(chinese.status, 1)
  }

  func testGiftExportLeavesCalculatedQuestionsOutWithAWarning() throws {
    let course = Self.fixtures + "physics-calculated.json"
    var text = try String(contentsOfFile: Repository.path(course), encoding: .utf8)
    let first = try XCTUnwrap(text.range(of: #""questions": ["#))
    text.replaceSubrange(
      first,
      with:
        #""questions": [{"id": "tf", "type": "truefalse", "prompt": "Ice floats.", "answer": true, "explanation": ""}, "#
    )
    let mixed = try folder.write("mixed.json", text)
    let gift = try run(["export", "--format", "gift", mixed, "--lang", "en"])
    XCTAssertEqual(gift.status, 0)
    XCTAssertTrue(gift.stdout.contains("Ice floats.{"), gift.stdout)
    XCTAssertFalse(gift.stdout.contains("{m}"), gift.stdout)
    XCTAssertTrue(
      gift.stderr.contains(
        "Warning: 13 questions are calculated, which GIFT cannot write: ch1.1-c01, ch1.1-c02, ch2.1-c01, ch2.1-c02, ch2.2-c01, ch2.2-c02, ch2.3-c01, ch2.3-c02, ch2.3-c03, ch2.3-c04, ch2.3-c05, ch2.3-c06, ch2.3-c07; they are left out (export --format moodle-xml keeps them)"
      ), gift.stderr)
    let xml = try run(["export", "--format", "moodle-xml", course])
    XCTAssertEqual(xml.status, 0)
    XCTAssertEqual(xml.stdout.components(separatedBy: "<question type=\"calculated\">").count - 1, 13)
    XCTAssertTrue(xml.stdout.contains("<text>{m} / {V}</text>"), xml.stdout)
    XCTAssertEqual(xml.stdout.components(separatedBy: "<number_of_items>20</number_of_items>").count - 1, 20)
  }

  /// A bank whose every question is calculated or ordering exported to GIFT was an empty file and
  /// "Exported 0 questions" (exit 0): a teacher would import nothing into Moodle. It is an error now,
  /// one line, and nothing is written (an existing file is left as it was).
  func testGiftExportOfABankGIFTCannotWriteAnyOfIsAnError() throws {
    let calculated = Self.fixtures + "physics-calculated.json"
    let target = folder.path + "/bank.gift"
    let refused = try run(["export", "--format", "gift", calculated, "--output", target, "--lang", "en"])
    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(refused.stdout, "")
    XCTAssertEqual(
      refused.stderr,
      "practice: export --format gift \(calculated): none of its 13 questions can be written in GIFT (they are calculated, ordering or Cloze); nothing was written: use --format moodle-xml\n"
    )
    XCTAssertFalse(FileManager.default.fileExists(atPath: target))
    // To standard output: nothing either; an existing file keeps its text.
    XCTAssertEqual(try run(["export", "--format", "gift", calculated, "--lang", "en"]).stdout, "")
    try "kept".write(toFile: target, atomically: true, encoding: .utf8)
    let mixed = try folder.write(
      "mixed.json",
      #"""
      {"format": "practice-course", "title": "Mixed", "nodes": [{"id": "n", "title": "N", "questions": [
       {"id": "rho", "type": "calculated", "prompt": "m = {m} g, V = {V} cm³. ρ = ?", "explanation": "",
        "variables": {"m": {"min": 20, "max": 80}, "V": {"min": 10, "max": 40}}, "answer": "m / V", "unit": "g/cm³"},
       {"id": "stages", "type": "ordering", "prompt": "Put the stages in order.", "items": ["egg", "pupa"],
        "explanation": ""}]}]}
      """#)
    let both = try run(["export", "--format", "gift", mixed, "--output", target, "--lang", "en"])
    XCTAssertEqual(both.status, 1)
    XCTAssertEqual(both.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count, 1, both.stderr)
    XCTAssertTrue(both.stderr.contains("none of its 2 questions can be written in GIFT"), both.stderr)
    XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "kept")
    // In Chinese.
    let chinese = try run(
      ["export", "--format", "gift", calculated, "--output", target], extra: ["LC_MESSAGES": "zh_CN.UTF-8"])
    XCTAssertEqual(chinese.status, 1)
    XCTAssertTrue(chinese.stderr.contains("moodle-xml"), chinese.stderr)
    XCTAssertFalse(chinese.stderr.contains("none of its"), chinese.stderr)
  }
}
