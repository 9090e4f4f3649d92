import XCTest

@testable import QuizEngine

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

  func testCaseSensitiveFillInsCompareCapitals() {
    let symbol = Question(
      id: "na", prompt: "Symbol of sodium?", explanation: "",
      kind: .fill(answers: ["Na", "Natrium"], caseSensitive: true))
    // Everything but case is normalised as usual: width, edge punctuation, spaces.
    assertCorrect(symbol, ["Na", "Ｎａ", " Na。", "Natrium", "Na!"])
    assertCorrect(symbol, ["na", "NA", "nA", "natrium", "Nb"], false)
    // A wrong answer that is right but for its capitals says so; another names the other spellings.
    XCTAssertEqual(graded(symbol, "na")?.detail, "capital and small letters count here")
    XCTAssertEqual(graded(symbol, "Nb")?.detail, "also accepted: Natrium")
    XCTAssertNil(graded(symbol, "Na")?.detail)
    XCTAssertTrue(PresentedQuestion(symbol).isCaseSensitive)
    XCTAssertFalse(PresentedQuestion(density).isCaseSensitive)
    // Outside the ASCII table's reach (Foundation's path) case is kept too.
    let greek = Question(id: "g", prompt: "?", explanation: "", kind: .fill(answers: ["Δx"], caseSensitive: true))
    assertCorrect(greek, ["Δx"])
    assertCorrect(greek, ["δx", "ΔX"], false)
    // The same spellings in different case are distinct accepted answers when case counts.
    XCTAssertEqual(FillGrading.alsoAccepted(["NaCl", "nacl"], caseSensitive: true), "also accepted: nacl")
    XCTAssertNil(FillGrading.alsoAccepted(["NaCl", "nacl"]))
  }

  func testAcceptedAnswersInStoredSpellingAlsoNormalized() {
    let q = Question(id: "a", prompt: "?", explanation: "", kind: .fill(answers: ["  ＡＢＣ "]))
    assertCorrect(q, ["abc"])
  }

  func testFeedbackShowsTheFirstAnswerAndNamesTheOthers() {
    let feedback = graded(density, "  kg  per  m3 ")
    XCTAssertEqual(feedback?.given, "kg per m3")
    XCTAssertEqual(feedback?.expected, "g/cm3")
    XCTAssertEqual(feedback?.detail, "also accepted: 克每立方厘米")
    XCTAssertEqual(feedback?.explanation, "Mass per volume.")
    XCTAssertNil(graded(density, "克每立方厘米")?.detail, "a right answer needs no list")
  }

  func testAlternativesDifferingOnlyInSpacesAreLeftOutAndTheRestCounted() {
    let q = Question(
      id: "t", prompt: "?", explanation: "",
      kind: .fill(answers: ["零下5摄氏度", "负5摄氏度", "零下 5 摄氏度", "零下五摄氏度", "负五摄氏度", "负 5 摄氏度", "-5℃"]))
    XCTAssertEqual(graded(q, "五度")?.expected, "零下5摄氏度")
    XCTAssertEqual(graded(q, "五度")?.detail, "also accepted: 负5摄氏度, 零下五摄氏度, 负五摄氏度 and 1 more")
    let one = Question(id: "o", prompt: "?", explanation: "", kind: .fill(answers: ["凝固", " 凝 固 "]))
    XCTAssertNil(graded(one, "熔化")?.detail)
  }

  func testBlankIsInvalid() {
    XCTAssertEqual(invalid(density, " \u{3000} "), "type your answer")
  }
}

final class FillLeniencyTests: XCTestCase {
  let below = Question(id: "b", prompt: "“-5 ℃”应读作______。", explanation: "", kind: .fill(answers: ["零下5摄氏度"]))

  func testEdgePunctuationIsIgnored() {
    assertCorrect(below, ["零下5摄氏度。", "零下5摄氏度.", "零下5摄氏度！", "零下5摄氏度?", "、零下5摄氏度，", "零下5摄氏度；"])
    assertCorrect(below, ["零下5摄氏度度"], false)
  }

  func testSpacesAmongHanDigitsAndUnitsAreIgnored() {
    assertCorrect(below, ["零下5 摄氏度", "零下 5 摄氏度", "零 下 5 摄 氏 度", "零下５　摄氏度"])
    let unit = Question(id: "u", prompt: "?", explanation: "", kind: .fill(answers: ["2.5 kg"]))
    assertCorrect(unit, ["2.5kg", "2.5 kg", "2.5 kg。"])
  }

  func testLatinWordsKeepOneSpace() {
    let q = Question(id: "w", prompt: "?", explanation: "", kind: .fill(answers: ["boiling point"]))
    assertCorrect(q, ["boiling point.", "Boiling  Point!"])
    assertCorrect(q, ["boilingpoint"], false)
  }
}
