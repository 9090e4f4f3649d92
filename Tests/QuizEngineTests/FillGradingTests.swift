import QuizEngine
import XCTest

final class FillGradingTests: XCTestCase {
  let density = Question(
    id: "f", prompt: "MeasurementUnit of density?", explanation: "Mass per volume.",
    kind: .fill(answers: ["g/cm3", "克每立方厘米"]))

  func testAnyAcceptedAnswerMatches() {
    assertCorrect(density, ["g/cm3", "克每立方厘米"])
    assertCorrect(density, ["kg", "g/cm"], false)
  }

  func testFullWidthAndSuperscriptsMatchUnderNFKC() {
    assertCorrect(density, ["ｇ/ｃｍ３", "g/cm³", "ｇ／ｃｍ３"])
    let point = Question(id: "p", prompt: "?", explanation: "", kind: .fill(answers: ["0.9"]))
    assertCorrect(point, ["０.９", "０．９", "0.9"])
  }

  func testCaseFoldingTrimmingAndWhitespaceRuns() {
    let q = Question(id: "w", prompt: "?", explanation: "", kind: .fill(answers: ["Boiling Point"]))
    assertCorrect(q, ["boiling point", "BOILING POINT", "  boiling   point  ", "boiling\tpoint", "Ｂｏｉｌｉｎｇ　Ｐｏｉｎｔ"])
    assertCorrect(q, ["boilingpoint", "boiling points"], false)
    let german = Question(id: "g", prompt: "?", explanation: "", kind: .fill(answers: ["Straße"]))
    assertCorrect(german, ["STRASSE", "strasse"])
  }

  func testAcceptedAnswersInStoredSpellingAlsoNormalized() {
    let q = Question(id: "a", prompt: "?", explanation: "", kind: .fill(answers: ["  ＡＢＣ "]))
    assertCorrect(q, ["abc"])
  }

  func testFeedbackListsAcceptedAnswers() {
    let feedback = graded(density, "  kg  per  m3 ")
    XCTAssertEqual(feedback?.given, "kg per m3")
    XCTAssertEqual(feedback?.expected, "g/cm3 or 克每立方厘米")
    XCTAssertEqual(feedback?.explanation, "Mass per volume.")
  }

  func testBlankIsInvalid() {
    XCTAssertEqual(invalid(density, " \u{3000} "), "type your answer")
  }
}
