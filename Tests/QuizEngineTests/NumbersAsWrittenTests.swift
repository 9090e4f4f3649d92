import QuizEngine
import XCTest

/// Numbers as Chinese textbooks and IMEs print them, working on one line, and the precision rules.
final class NumbersAsWrittenTests: XCTestCase {
  func value(_ text: String) -> Double? {
    guard case .success(let reading) = NumberReader.readAnswer(text) else { return nil }
    return reading.value
  }

  func testChineseNumeralsWholeAndBeforeAUnit() {
    let cases: [(String, Double)] = [
      ("一百", 100), ("两千五百", 2500), ("两千五", 2500), ("一百零五", 105), ("一百六十五", 165), ("十", 10), ("十五", 15),
      ("十亿", 1e9), ("一万二", 12000), ("三十七点八", 37.8), ("零", 0), ("〇点五", 0.5), ("二〇二六", 2026),
      ("七萬", 70000), ("十億", 1e9), ("两千米", 2000), ("三千五百千克", 3500),
    ]
    for (text, expected) in cases { XCTAssertEqual(value(text), expected, text) }
    guard case .success(let km) = NumberReader.readAnswer("二点五千米") else { return XCTFail("二点五千米") }
    XCTAssertEqual(km.value, 2.5)
    XCTAssertEqual(km.unitText, "千米")
  }

  func testGroupsFractionsSignsAndMultipliers() {
    let cases: [(String, Double)] = [
      ("2 500", 2500), ("1 000 000", 1e6), ("2\u{2009}500", 2500), ("1，000，000", 1e6), ("8/100", 0.08),
      ("1 1/2", 1.5), ("负6", -6), ("负 6", -6), ("零下 6", -6), ("1千", 1000), ("10億", 1e9), ("7萬", 70000),
      ("2.5万", 25000),
    ]
    for (text, expected) in cases { XCTAssertEqual(value(text), expected, text) }
    XCTAssertNil(value("2，500"), "one full-width group could be a decimal comma")
    guard case .success(let km) = NumberReader.readAnswer("1千米") else { return XCTFail("1千米") }
    XCTAssertEqual(km.value, 1)
    XCTAssertEqual(km.unitText, "千米")
  }

  func testWorkingIsReadAtItsLastEqualsSign() {
    for (text, number, unit) in [
      ("ρ=m/V=54g/20cm³=2.7g/cm³", 2.7, "g/cm^3"), ("2.5km=2500m", 2500, "m"), ("5-(-18)=23℃", 23, "°C"),
      ("m=400g", 400, "g"), ("答：仍为38.5℃", 38.5, "°C"), ("最多能装400克", 400, "克"),
    ] {
      guard case .success(let reading) = NumberReader.readAnswer(text) else {
        XCTFail(text)
        continue
      }
      XCTAssertEqual(reading.value, number, text)
      XCTAssertEqual(reading.unitText, unit, text)
    }
    guard case .failure(let invalid) = NumberReader.readAnswer("ρ=") else { return XCTFail("ρ=") }
    XCTAssertEqual(invalid.message, "write the result after the last \"=\"")
  }

  func testTwoNumbersWithoutAnEqualsChainAreNamed() {
    let density = numeric(2.7, "g/cm³", tolerance: 0.01)
    XCTAssertEqual(
      invalid(density, "54g/20cm³"),
      "this answer holds more than one number (54, 20); type only the result, or the working joined by \"=\" (for example \"ρ=54g/20cm³=2.7g/cm³\")"
    )
    // Exponents of units are not numbers of their own.
    assertCorrect(density, ["2.7 g/cm3", "2700 kg/m^3", "2.7克/厘米3"])
  }

  func testAUnitInBracketsAfterTheNumberIsTheUnit() {
    // A Chinese working line puts the unit in brackets: `225×0.85=191.25（克）` was refused as the
    // unknown unit "(克)" (found answering the physics course's calculated questions in tmux).
    let oil = numeric(191.25, "g", tolerance: 1.9)
    assertCorrect(oil, ["191.25(g)", "191.25（克）", "m油=ρ油V=0.85×225=191.25(g)", "191.25 （ g ）", "0.19125(kg)"])
    assertCorrect(oil, ["200(g)"], false)
    XCTAssertEqual(invalid(oil, "191.25(cm)")?.hasPrefix("cm is a unit of length"), true)
    // Not a unit in brackets: two numbers, or brackets that do not hold the whole unit.
    XCTAssertEqual(invalid(oil, "191.25(3)")?.hasPrefix("this answer holds more than one number"), true)
    XCTAssertEqual(invalid(oil, "191.25(g)(g)")?.hasPrefix("unknown unit"), true)
  }

  func testWordsStartingWithAChineseNumeralBeforeTheNumber() {
    // `答：两者相差23℃。` answers "两者相差多少摄氏度？" in its own words: `两` was read as the number 2
    // and the answer refused as holding two numbers (2, 23) (found answering the physics course in tmux).
    let difference = numeric(23, "℃", tolerance: 0.05)
    assertCorrect(difference, ["答：两者相差23℃。", "两者相差 23 ℃", "两者相差23", "一共相差23℃", "两地温差为23度"])
    assertCorrect(difference, ["两者相差5℃"], false)
    // Chinese numerals that are the answer are read as before, units with an exponent too.
    assertCorrect(difference, ["二十三摄氏度", "二十三"])
    assertCorrect(numeric(2.7, "g/cm³", tolerance: 0.01), ["二点七克/厘米3", "两者中铝的密度是2.7g/cm³"])
    XCTAssertEqual(invalid(difference, "两个数23和15")?.hasPrefix("this answer holds more than one number"), true)
    XCTAssertNotNil(invalid(difference, "两者23和5"))
  }

  func testDigitsAsWritten() {
    func digits(_ text: String) -> NumberReader.Digits? {
      guard case .success(let reading) = NumberReader.read(text) else { return nil }
      return reading.digits
    }
    XCTAssertEqual(digits("3.450")?.lastPlace, -3)
    XCTAssertEqual(digits("3.450")?.significantRange, 4...4)
    XCTAssertEqual(digits("2500")?.significantRange, 2...4)
    XCTAssertEqual(digits("2500")?.lastPlaceRange, 0...2)
    XCTAssertEqual(digits("0.080")?.significantRange, 2...2)
    XCTAssertEqual(digits("2.5×10³")?.lastPlace, 2)
    XCTAssertEqual(digits("两千五百")?.significantRange, 2...4)
    XCTAssertNil(digits("8/100"))
  }

  func testPrecisionIsCountedInTheQuestionsUnit() {
    let pencil = numeric(3.45, "cm", tolerance: 0.01, rules: NumericRules(decimals: 2))
    assertCorrect(pencil, ["3.45", "3.45 cm", "34.5 mm", "0.0345 m", "3.44", "3.46"])
    assertCorrect(pencil, ["3.450", "3.4500 cm", "34.50 mm", "3.5"], false)
    XCTAssertEqual(
      graded(pencil, "3.450")?.detail, "the value is right, but the question asks for 2 decimal places in its unit")
    let figures = numeric(2500, "m", tolerance: 1, rules: NumericRules(significantFigures: 2))
    assertCorrect(figures, ["2500", "2.5 km", "2.5×10³"])
    assertCorrect(figures, ["2500.0", "2.50 km"], false)
    XCTAssertEqual(
      graded(figures, "2.50 km")?.detail, "the value is right, but the question asks for 2 significant figures")
  }

  func testAKelvinOffsetOfTheCourseOrTheQuestion() {
    var melting = numeric(0, "℃", tolerance: 0.1)
    XCTAssertEqual(graded(melting, "273 K")?.isCorrect, false, "273.15 where nothing says otherwise")
    melting.conventions.kelvinOffset = 273
    assertCorrect(melting, ["273 K", "273.15 K", "0"])
    assertCorrect(melting, ["274 K", "272.5 K"], false)
    XCTAssertEqual(graded(melting, "273 K")?.detail, "273 K = 0 ℃")
    let own = numeric(100, "℃", tolerance: 0.1, rules: NumericRules(kelvinOffset: 273))
    assertCorrect(own, ["373 K", "373.15 K"])
    let kelvin = numeric(373, "K", tolerance: 0.1, rules: NumericRules(kelvinOffset: 273))
    assertCorrect(kelvin, ["100 ℃", "373"])
  }
}
