import CourseImport
import XCTest

/// Anki's text-file headers as Anki's manual defines them: header columns are not fields; the
/// fields are the remaining columns in order.
final class AnkiHeaderTests: XCTestCase {
  func testARealAnkiExportWithNotetypeDeckAndTagsColumns() {
    let text = """
      #separator:tab
      #html:true
      #notetype column:1
      #deck column:2
      #tags column:5
      Basic\tEnglish::Unit 5\t<b>ride</b>\tmontar\tverbs
      Basic\tEnglish::Unit 6\tswim\tnadar\t

      """
    let (questions, problems) = DelimitedReader.parse(bytes: Array(text.utf8), file: "deck.txt")
    XCTAssertEqual(problems.map(\.description), [])
    XCTAssertEqual(questions.map(\.text.text), ["<b>ride</b>", "swim"])
    XCTAssertEqual(questions.map(\.text.format), [.html, .html])
    XCTAssertEqual(questions.map(\.category), [["English", "Unit 5"], ["English", "Unit 6"]])
    guard case .shortAnswer(let answers) = questions[0].kind else { return XCTFail("\(questions[0].kind)") }
    XCTAssertEqual(answers.map(\.text.text), ["montar"])
  }

  func testAClashSaysWhichColumnsWouldWork() {
    let text = "#separator:comma\n#deck column:2\nNa,Chemistry,sodium\n"
    let (_, problems) = DelimitedReader.parse(
      bytes: Array(text.utf8), file: "c.csv", columns: ["front", "back", "deck"])
    XCTAssertEqual(
      problems.map(\.description),
      ["c.csv:2:1: #deck column:2 is also the back column; give --columns front,deck,back"])
    let (questions, fixed) = DelimitedReader.parse(
      bytes: Array(text.utf8), file: "c.csv", columns: ["front", "deck", "back"])
    XCTAssertEqual(fixed.map(\.description), [])
    XCTAssertEqual(questions.map(\.category), [["Chemistry"]])
  }

  func testAColumnNumberBeyondTheRowsIsAnErrorNotAnAllocation() {
    let text = "#separator:comma\n#guid column:9223372036854775807\nNa,sodium\n"
    let (_, problems) = DelimitedReader.parse(bytes: Array(text.utf8), file: "c.csv")
    XCTAssertEqual(
      problems.map(\.description),
      ["c.csv:2:1: #guid column:9223372036854775807 names a column no row has: the widest row has 2 columns"])
  }
}
