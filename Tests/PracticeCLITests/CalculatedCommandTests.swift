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
}
