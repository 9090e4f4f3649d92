import Foundation
import PracticeTestSupport
import XCTest

/// The choice form of calculated questions (Moodle's calculatedmulti) through the commands a teacher
/// runs: validate's messages for its choices (golden, English and Chinese) and the exports.
extension CalculatedCommandTests {
  /// A formula that does not read and a choice index out of range at their characters; a choice
  /// failing for some values with the values; two choices showing alike, a warning.
  func testValidateChecksEveryChoiceAndWarnsOfChoicesShowingAlike() throws {
    let files = ["calculated-choices-broken.json", "calculated-choices-draws.json", "calculated-choices.json"].map {
      Self.fixtures + $0
    }
    let english = try run(["validate"] + files + ["--lang", "en"])
    assertSnapshot(english.transcript, named: "validate-calculated-choices")
    XCTAssertEqual(english.status, 1)
    XCTAssertTrue(
      english.stdout.contains(
        "calculated-choices-draws.json:4:21: question \"zero\": choices m / (V - 20) fails for 325 of 1000 drawn value sets, such as m = 64, V = 20: division by zero: 64 ÷ 0"
      ), english.stdout)
    XCTAssertTrue(
      english.stdout.contains(
        "calculated-choices-draws.json:7:32: question \"alike\": warning: choices \"{=m/V} g/cm³\" and \"{=V/m} g/cm³\" both show \"1.00 g/cm³\""
      ), english.stdout)
    XCTAssertTrue(english.stdout.contains("calculated-choices.json: ok (nodes: 1, questions: 3)"), english.stdout)
    let chinese = try run(["validate"] + files, extra: ["LC_MESSAGES": "zh_CN.UTF-8"])
    assertSnapshot(chinese.transcript, named: "validate-calculated-choices-zh")
    XCTAssertEqual(chinese.status, 1)
  }

  /// GIFT cannot write it (as a typed calculated question): a bank of nothing else is refused, nothing
  /// written; Moodle XML writes calculatedmulti.
  func testExportsWriteItAsMoodlesCalculatedMulti() throws {
    let course = Self.fixtures + "calculated-choices.json"
    let gift = try run(["export", "--format", "gift", course, "--lang", "en"])
    XCTAssertEqual(gift.status, 1)
    XCTAssertTrue(
      gift.stderr.contains(
        "none of its 3 questions can be written in GIFT (they are calculated, ordering or Cloze); nothing was written: use --format moodle-xml"
      ), gift.stderr)
    XCTAssertFalse(gift.stdout.contains("{=m/V}"), gift.stdout)
    let xml = try run(["export", "--format", "moodle-xml", course])
    XCTAssertEqual(xml.status, 0)
    XCTAssertEqual(xml.stdout.components(separatedBy: "<question type=\"calculatedmulti\">").count - 1, 3)
    XCTAssertTrue(xml.stdout.contains("<text>{={m}/{V}} g/cm³</text>"), xml.stdout)
  }
}
