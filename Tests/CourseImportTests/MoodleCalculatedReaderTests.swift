import Calculation
import CourseImport
import Foundation
import Localization
import XCTest

/// Moodle's calculated types read as `import_calculated` reads them, from the three banks in
/// Calculated/ (one per type, written in Moodle's export format) and from broken variants of them.
final class MoodleCalculatedReaderTests: XCTestCase {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Calculated")

  struct Read {
    var questions: [MoodleCalculatedQuestion] = []
    var errors: [String] = []
    var warnings: [String] = []
  }

  /// Every calculated question of `xml`, with the problems found as `line:column: message`.
  func read(_ xml: String) throws -> Read {
    let root = try XMLElement.parse(Array(xml.utf8))
    var result = Read()
    for element in root.children("question") {
      guard let kind = MoodleCalculatedQuestion.Kind(rawValue: element.attributes["type"] ?? "") else { continue }
      let question = MoodleCalculatedReader.read(
        element, kind: kind, messages: .english,
        warn: { result.warnings.append("\($0.line):\($0.column): \($1)") },
        fail: { result.errors.append("\($0.line):\($0.column): \($1)") })
      if let question { result.questions.append(question) }
    }
    return result
  }

  func bank(_ name: String) throws -> String {
    try String(contentsOf: Self.folder.appendingPathComponent(name + ".xml"), encoding: .utf8)
  }

  func testCalculatedBankReadsAnswersUnitsAndDatasets() throws {
    let read = try read(bank("calculated"))
    XCTAssertEqual(read.errors, [])
    XCTAssertEqual(read.questions.count, 2)
    let density = read.questions[0]
    XCTAssertEqual(density.kind, .calculated)
    XCTAssertEqual(density.answers.map(\.text), ["{m}/{V}", "{V}/{m}"])
    XCTAssertEqual(density.answers.map(\.fraction), [1, 0])
    XCTAssertEqual(density.answers[0].tolerance, AnswerTolerance(.relative, 0.01))
    XCTAssertEqual(density.answers[0].format, CorrectAnswerFormat(.decimals, 2))
    XCTAssertEqual(density.answers[1].feedback?.text, "That is V/m: density is mass divided by volume.")
    XCTAssertEqual(density.units, [.init(name: "g/cm³", multiplier: 1), .init(name: "kg/m³", multiplier: 1000)])
    XCTAssertEqual(density.baseUnit?.name, "g/cm³")
    XCTAssertEqual(density.showUnits, 0)
    XCTAssertEqual(density.synchronize, 0)
    XCTAssertEqual(density.datasets.map(\.name), ["m", "V"])
    XCTAssertEqual(density.datasets[0].range, try ValueRange(minimum: 20, maximum: 80, decimals: 1))
    XCTAssertEqual(density.datasets[0].items.map(\.value.text), ["54.0", "27.5", "71.2", "40.8", "63.4"])
    XCTAssertEqual(density.datasets[0].items.map(\.number), [1, 2, 3, 4, 5])
    XCTAssertFalse(density.datasets[0].isShared)
    XCTAssertEqual(density.storedSetCount, 5)

    let oil = read.questions[1]
    XCTAssertEqual(oil.synchronize, 1)
    XCTAssertEqual(oil.datasets.map(\.isShared), [true, false])
    XCTAssertEqual(oil.answers[0].tolerance, AnswerTolerance(.nominal, 0.5))
    XCTAssertEqual(oil.answers[0].format, CorrectAnswerFormat(.decimals, 1))
    XCTAssertEqual(oil.storedSetCount, 3)
  }

  /// The first stored set of the density question gives Moodle's answer: 54.0 g ÷ 20 cm³ shown as 2.70.
  func testStoredSetsEvaluateToTheAnswerMoodleShows() throws {
    let density = try read(bank("calculated")).questions[0]
    let answer = CalculatedAnswer(
      formula: try Formula(density.answers[0].text), tolerance: density.answers[0].tolerance,
      format: density.answers[0].format)
    var shown: [String] = []
    for set in 0..<density.storedSetCount {
      let values = Dictionary(uniqueKeysWithValues: density.datasets.map { ($0.name, $0.items[set].value.value) })
      let result = try answer.evaluate(values)
      XCTAssertTrue(result.shownIsAccepted)
      shown.append(result.shown)
    }
    XCTAssertEqual(shown, ["2.70", "2.50", "1.87", "1.70", "3.73"])
  }

  func testSimpleBankReadsNegativeStoredValuesAndQuestionsWithoutUnits() throws {
    let read = try read(bank("calculatedsimple"))
    XCTAssertEqual(read.errors, [])
    XCTAssertEqual(read.questions.map(\.kind), [.simple, .simple])
    XCTAssertEqual(read.questions[0].answers[0].format, CorrectAnswerFormat(.decimals, 0))
    let difference = read.questions[1]
    XCTAssertEqual(difference.units, [])
    XCTAssertEqual(difference.showUnits, 3)
    XCTAssertEqual(difference.datasets[0].items.map(\.value.value), [-6, 3, -12])
    XCTAssertEqual(try Formula(difference.answers[0].text).evaluate(["t1": -6, "t2": 14]), 20)
  }

  func testMultiBankReadsChoicesWithEmbeddedFormulas() throws {
    let read = try read(bank("calculatedmulti"))
    XCTAssertEqual(read.errors, [])
    let bottle = try XCTUnwrap(read.questions.first)
    XCTAssertEqual(bottle.kind, .multi)
    XCTAssertTrue(bottle.single)
    XCTAssertTrue(bottle.shuffleAnswers)
    XCTAssertEqual(bottle.answers.map(\.fraction), [1, 0, 0])
    let values = ["mw": DrawnValue(value: 500, text: "500"), "rho": DrawnValue(value: 0.8, text: "0.80")]
    XCTAssertEqual(
      try bottle.answers.map { try CalculatedText.render($0.text, values: values, format: $0.format) },
      ["400 g", "625 g", "500 g"])
  }

  /// The bank with the first `old` made `new`.
  func bankReplacing(_ name: String, _ old: String, _ new: String) throws -> String {
    var text = try bank(name)
    let range = try XCTUnwrap(text.range(of: old), "\(old) is not in \(name).xml")
    text.replaceSubrange(range, with: new)
    return text
  }

  func testABrokenFormulaIsRefusedAtItsCharacter() throws {
    let read = try read(bankReplacing("calculated", "<text>{m}/{V}</text>", "<text>{m}/sqr({V})</text>"))
    // Line 43 holds `    <text>{m}/sqr({V})</text>`: `sqr` is at column 5 + 6 + 4.
    XCTAssertEqual(
      read.errors,
      ["43:15: answer 1: the formula {m}/sqr({V}) cannot be read: sqr() is not one of Moodle's formula functions"])
    XCTAssertEqual(read.questions.count, 1)
  }

  func testAMultiChoiceFormulaIsCheckedInsideItsText() throws {
    let read = try read(bankReplacing("calculatedmulti", "{={mw}/{rho}} g", "{={mw}/} g"))
    XCTAssertEqual(read.errors.count, 1)
    XCTAssertTrue(
      read.errors[0].hasSuffix(
        "answer 2: the formula {mw}/ cannot be read: the formula ends where a number, a variable or '(' should follow"),
      read.errors[0])
  }

  func testAVariableWithoutADatasetIsRefused() throws {
    let read = try read(bankReplacing("calculated", "<text>{V}/{m}</text>", "<text>{V}/{mass}</text>"))
    XCTAssertEqual(read.errors.count, 1)
    XCTAssertTrue(read.errors[0].hasSuffix("answer 2 uses {mass}, which has no <dataset_definition>"), read.errors[0])
  }

  func testUnreadableSettingsAreRefusedWithWhatIsAllowed() throws {
    let cases: [(String, String, String)] = [
      (
        "<tolerancetype>1</tolerancetype>", "<tolerancetype>7</tolerancetype>",
        "answer 1: <tolerancetype> must be 1 (relative), 2 (nominal) or 3 (geometric), found '7'"
      ),
      (
        "<correctanswerformat>1</correctanswerformat>", "<correctanswerformat>3</correctanswerformat>",
        "answer 1: <correctanswerformat> must be 1 (decimals) or 2 (significant figures), found '3'"
      ),
      ("<tolerance>0.01</tolerance>", "<tolerance>1%</tolerance>", "answer 1: <tolerance> '1%' is not a number"),
      (
        "<distribution><text>uniform</text>", "<distribution><text>normal</text>",
        "dataset m: distribution 'normal' is neither uniform nor loguniform"
      ),
      ("<value>54.0</value>", "<value>fifty</value>", "dataset m: the stored value 'fifty' is not a number"),
      (
        "<decimals><text>1</text>", "<decimals><text>20</text>",
        "dataset m: decimals must be a whole number from 0 to 15, found 20"
      ),
    ]
    for (old, new, expected) in cases {
      let read = try read(bankReplacing("calculated", old, new))
      XCTAssertEqual(read.errors.count, 1, new)
      XCTAssertTrue(read.errors.first?.hasSuffix(expected) == true, "\(new): \(read.errors)")
      XCTAssertEqual(read.questions.count, 1, new)
    }
  }

  /// Moodle's database defaults stand in for what an older bank leaves out.
  func testMissingSettingsTakeMoodlesDefaults() throws {
    let xml = """
      <quiz><question type="calculated"><name><text>q</text></name>
      <questiontext><text>{a} + 1?</text></questiontext>
      <answer fraction="100"><text>{a} + 1</text></answer>
      <dataset_definitions><dataset_definition><name><text>a</text></name>
      <minimum><text>1</text></minimum><maximum><text>10</text></maximum></dataset_definition></dataset_definitions>
      </question></quiz>
      """
    let read = try read(xml)
    XCTAssertEqual(read.errors, [])
    let question = try XCTUnwrap(read.questions.first)
    XCTAssertEqual(question.answers[0].tolerance, AnswerTolerance(.relative, 0))
    XCTAssertEqual(question.answers[0].format, CorrectAnswerFormat(.significantFigures, 2))
    XCTAssertEqual(question.datasets[0].range, try ValueRange(minimum: 1, maximum: 10, decimals: 0))
    XCTAssertEqual(question.storedSetCount, 0)
    XCTAssertEqual(question.showUnits, 3)
  }
}
