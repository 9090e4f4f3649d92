import CourseImport
import Foundation
import PracticeTestSupport
import XCTest

/// `validate` sweeps a Moodle bank's calculated formulas as it sweeps a native course's: a formula
/// that fails for a stored set, or for values its ranges can draw, is an error at the question.
final class MoodleCalculatedSweepTests: XCTestCase {
  func bank(_ name: String) -> String {
    MoodleCalculatedReaderTests.folder.appendingPathComponent(name + ".xml").path
  }

  /// A teacher's bank whose answer divides by zero for one of its stored sets passed `validate` as
  /// "ok" (found validating a teacher's bank: only native courses were swept); learners were shown the
  /// other sets, so nobody would have known.
  func testAFormulaFailingForAStoredSetIsAnErrorAtItsQuestion() throws {
    let folder = TemporaryFolder(prefix: "sweep")
    let text = try String(contentsOfFile: bank("calculated"), encoding: .utf8)
    let stored = try XCTUnwrap(text.range(of: "<value>")).upperBound
    let value = text[stored...].prefix { $0 != "<" }
    // The formula's divisor is zero for the first stored set of its first variable.
    let question = try XCTUnwrap(text.range(of: "<question type=\"calculated\">"))
    let answer = try XCTUnwrap(text.range(of: "<answer fraction=\"100\">", range: question.upperBound..<text.endIndex))
    let formula = try XCTUnwrap(text.range(of: "<text>", range: answer.upperBound..<text.endIndex))
    let close = try XCTUnwrap(text.range(of: "</text>", range: formula.upperBound..<text.endIndex))
    let variable = try XCTUnwrap(
      text.range(of: "<name><text>", range: question.upperBound..<text.endIndex).map { range in
        text[range.upperBound...].prefix { $0 != "<" }
      })
    var broken = text
    broken.replaceSubrange(formula.upperBound..<close.lowerBound, with: "1/({\(variable)}-\(value))")
    let path = try folder.write("broken.xml", broken)
    let problems = CourseReader().calculatedProblems(path: path)
    XCTAssertEqual(problems.count, 1, problems.map(\.description).joined(separator: "\n"))
    let line = broken[..<question.lowerBound].filter { $0 == "\n" }.count + 1
    XCTAssertTrue(problems.first?.description.hasPrefix("\(path):\(line):") == true, problems.first?.description ?? "")
    XCTAssertTrue(problems.first?.description.contains("\(variable) = \(value)") == true)
    XCTAssertTrue(problems.first?.description.contains("division by zero") == true)
    XCTAssertEqual(problems.first?.isError, true)
  }

  /// Without stored sets, the values the ranges can draw.
  func testAFormulaFailingForDrawnValuesIsAnErrorToo() throws {
    let folder = TemporaryFolder(prefix: "sweep")
    func dataset(_ name: String) -> String {
      """
      <dataset_definition><status><text>private</text></status><name><text>\(name)</text></name>
      <type>calculatedsimple</type><distribution><text>uniform</text></distribution>
      <minimum><text>10</text></minimum><maximum><text>20</text></maximum><decimals><text>0</text></decimals>
      <itemcount>0</itemcount><number_of_items>0</number_of_items></dataset_definition>
      """
    }
    let path = try folder.write(
      "ranges.xml",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <quiz>
        <question type="calculatedsimple">
          <name><text>r</text></name>
          <questiontext format="html"><text>m = {m}, V = {V}</text></questiontext>
          <answer fraction="100"><text>{m}/({V}-15)</text><tolerance>0.01</tolerance><tolerancetype>1</tolerancetype>
            <correctanswerformat>1</correctanswerformat><correctanswerlength>2</correctanswerlength></answer>
          <dataset_definitions>\(dataset("m"))\(dataset("V"))</dataset_definitions>
        </question>
      </quiz>
      """)
    let problems = CourseReader().calculatedProblems(path: path)
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(problems.first?.description.hasPrefix("\(path):3:3: ") == true, problems.first?.description ?? "")
    XCTAssertTrue(problems.first?.description.contains("V = 15") == true, problems.first?.description ?? "")
  }

  func testTheShippedBanksHaveNone() {
    for name in ["calculated", "calculatedsimple", "calculatedmulti"] {
      XCTAssertEqual(CourseReader().calculatedProblems(path: bank(name)).map(\.description), [], name)
    }
  }
}
