import QuizEngine
import XCTest

final class NumericGradingTests: XCTestCase {
  let density = numeric(2.7, "g/cm³")

  func testSameValueInAnyUnitOfTheQuantity() {
    assertCorrect(
      density,
      [
        "2.7 g/cm³", "2.7g/cm3", "2700 kg/m³", "2700kg/m3", "2.7 g/mL", "2.7 kg/L", "2.7e3 kg/m³", "2.7E3 kg/m3",
        "27e-1 g/cm3",
      ])
    assertCorrect(density, ["2.5 g/cm³", "2500 kg/m³", "2.7 kg/m³"], false)
  }

  func testFullWidthAndSuperscriptInput() {
    assertCorrect(density, ["２.７ ｇ/ｃｍ３", "２．７ g/cm³", "2.7 ｇ／ｃｍ３"])
    let length = numeric(3, "m")
    assertCorrect(length, ["3 ｍ", "300 cm", "3000 mm", "0.003 km", "30 dm"])
  }

  func testTemperatureIsAffine() {
    let freezing = numeric(0, "°C", tolerance: 0.5)
    assertCorrect(freezing, ["0 °C", "0℃", "273.15 K", "273 K", "0.5 °C", "-0.5 °C", "-0.5°C", "−0.5 ℃"])
    assertCorrect(freezing, ["0 K", "274 K", "0.6 °C"], false)
    let kelvin = numeric(263.15, "K", tolerance: 0.1)
    assertCorrect(kelvin, ["-10 °C", "-10 ℃", "263.15 K", "- 10 °C"])
  }

  func testVolumes() {
    let q = numeric(250, "mL")
    assertCorrect(
      q, ["250 mL", "250 ml", "250 毫升", "250 cm³", "250 cm3", "0.25 L", "0.25 升", "0.25 dm³", "0.00025 m³"])
  }

  func testExplicitToleranceBoundariesAreInclusive() {
    let q = numeric(100, "s", tolerance: 0.5)
    assertCorrect(q, ["100 s", "100.5 s", "99.5 s"])
    assertCorrect(q, ["100.51 s", "99.49 s"], false)
    // 0.5 s of tolerance is the same in minutes.
    assertCorrect(q, ["1.675 min"])
    let exact = numeric(10, "m/s", tolerance: 0)
    assertCorrect(exact, ["10 m/s", "36 km/h"])
    assertCorrect(exact, ["10.001 m/s"], false)
  }

  func testDefaultToleranceIsHalfAPercent() {
    let q = numeric(200, "kg")
    assertCorrect(q, ["201 kg", "199 kg", "201000 g"])
    assertCorrect(q, ["201.1 kg", "198.9 kg"], false)
    let zero = numeric(0, nil)
    assertCorrect(zero, ["0", "-0", "0.0000000001"])
    assertCorrect(zero, ["0.001"], false)
  }

  func testBareNumberWhenTheQuestionHasNoUnit() {
    let q = numeric(42, nil)
    assertCorrect(q, ["42", "４２", "42.0", "4.2e1", "+42"])
    XCTAssertEqual(
      invalid(q, "42 kg"), "this answer is a plain number without a unit; type just the number, for example \"42\"")
  }

  func testBareNumberIsReadInTheQuestionsUnit() {
    assertCorrect(density, ["2.7", "２.７", "约2.7"])
    assertCorrect(density, ["2700"], false)
    XCTAssertEqual(graded(density, "2.7")?.given, "2.7 g/cm³")
  }

  func testUnitRequiredAsksAgainForABareNumber() {
    let q = numeric(2.7, "g/cm³", rules: NumericRules(unitRequired: true))
    XCTAssertEqual(invalid(q, "2.7"), "write the unit too, for example \"2.7 g/cm³\"")
    assertCorrect(q, ["2.7 g/cm³", "2700 kg/m³"])
  }

  func testAnswerUnitAsksAgainForAnotherUnitOfTheQuantity() {
    let q = numeric(2500, "m", rules: NumericRules(answerUnit: MeasurementUnit.named("m")))
    XCTAssertEqual(invalid(q, "2.5 km"), "give the answer in m")
    XCTAssertEqual(invalid(q, "250000 cm"), "give the answer in m")
    assertCorrect(q, ["2500", "2500 m", "2500米", "2,500 m", "2.5×10^3 m", "2.5e3"])
    assertCorrect(q, ["25000", "250 m"], false)
    XCTAssertEqual(invalid(q, "2500 kg"), "kg is a unit of mass; this answer needs a length, for example \"12.5 m\"")
    let kelvin = numeric(373.15, "K", tolerance: 0.5, rules: NumericRules(answerUnit: MeasurementUnit.named("K")))
    XCTAssertEqual(invalid(kelvin, "100 °C"), "give the answer in K")
    assertCorrect(kelvin, ["373.15 K", "373 K", "373", "373.15开"])
  }

  func testTemperatureDifference() {
    let q = numeric(23, "°C", tolerance: 0.5, rules: NumericRules(quantity: .temperatureDifference))
    assertCorrect(q, ["23 K", "23 °C", "23℃", "23", "23度", "23 C"])
    assertCorrect(q, ["296.15 K", "-250.15 °C"], false)
    XCTAssertEqual(graded(q, "23 K")?.detail, "23 K = 23 °C")
    XCTAssertEqual(
      invalid(q, "23 m"), "m is a unit of length; this answer needs a temperature difference, for example \"12.5 °C\"")
  }

  func testCelsiusSpellingsOnATemperature() {
    let boiling = numeric(78, "°C", tolerance: 1)
    assertCorrect(boiling, ["78度", "78 C", "78 c", "78°", "约78℃", "78 摄氏度", "78℃。"])
    XCTAssertEqual(invalid(numeric(5, "m"), "5度"), "unknown unit \"度\"; use one of nm, μm, mm, cm, dm, m, km")
  }

  func testACourseWritingCelsiusAsOneCharacterIsShownItsOwnSign() throws {
    // The shipped course writes `℃` (U+2103); the learner sees that sign, never `°C`, and may type either.
    let melting = numeric(48, "℃", tolerance: 0.5)
    XCTAssertEqual(PresentedQuestion(melting).unit?.symbol, "℃")
    XCTAssertEqual(MeasurementUnit.named("℃"), MeasurementUnit.named("°C"))
    assertCorrect(melting, ["48 ℃", "48℃", "48 °C", "48°C", "48度", "48", "321.15 K"])
    XCTAssertEqual(graded(melting, "30 °C")?.expected, "48 ℃")
    XCTAssertEqual(graded(melting, "48 °C")?.given, "48 ℃")
    XCTAssertEqual(graded(melting, "321.15 K")?.detail, "321.15 K = 48 ℃")
    XCTAssertEqual(invalid(melting, "48 lb"), "unknown unit \"lb\"; use one of ℃, K")
    XCTAssertEqual(invalid(melting, "abc"), "type a number, for example \"12.5\" or \"12.5 ℃\"")
    // A course that writes `°C` keeps `°C`.
    XCTAssertEqual(graded(numeric(48, "°C"), "48 ℃")?.expected, "48 °C")
  }

  func testUnknownUnitIsInvalidAndListsTheRightOnes() {
    let choices = "g/cm³, kg/m³, g/mL, kg/L, kg/dm³, t/m³"
    XCTAssertEqual(invalid(density, "2.7 g/cm2"), "unknown unit \"g/cm2\"; use one of \(choices)")
    XCTAssertEqual(invalid(density, "2.7 lb/ft3"), "unknown unit \"lb/ft3\"; use one of \(choices)")
  }

  func testWrongKindOfUnitIsAskedAgain() {
    XCTAssertEqual(
      invalid(density, "2.7 kg"), "kg is a unit of mass; this answer needs a density, for example \"12.5 g/cm³\"")
    XCTAssertEqual(
      invalid(numeric(3, "h"), "3 m"), "m is a unit of length; this answer needs a time, for example \"12.5 h\"")
  }

  func testNotANumberIsInvalid() {
    for input in ["abc", "g/cm³", "e3", ".", "-", ""] {
      XCTAssertEqual(invalid(density, input), "type a number, for example \"12.5\" or \"12.5 g/cm³\"", input)
    }
    XCTAssertEqual(invalid(numeric(1, nil), "one"), "type a number, for example \"12.5\"")
  }

  func testThousandsSeparatorsAreASCIICommasInGroupsOfThree() {
    assertCorrect(numeric(2700, "kg/m³"), ["2,700 kg/m³", "2,700"])
    assertCorrect(numeric(1_000_000, nil), ["1,000,000", "1000000", "100万"])
    let groups =
      "write thousands as \"1,000,000\" (groups of three) or without commas, and decimals with a point, for example \"2.7\""
    XCTAssertEqual(invalid(numeric(2.7, "g/cm³"), "2,7 g/cm³"), groups)
    XCTAssertEqual(invalid(numeric(2700, nil), "27,00"), groups)
    XCTAssertEqual(
      invalid(numeric(2.7, "g/cm³"), "2，7 g/cm³"),
      "use a point for decimals (\"2.7\"); a full-width comma \"，\" is not read inside a number")
  }

  func testRelativeTolerance() {
    let q = numeric(1000, "kg/m³", tolerance: 0, rules: NumericRules(relativeTolerance: 0.02))
    assertCorrect(q, ["1020", "980 kg/m³", "1.02 g/cm³"])
    assertCorrect(q, ["1021", "979"], false)
  }

  /// A tolerance of many digits (1 % of a drawn 1.87368421053) is shown to 3 significant figures,
  /// and still graded exactly.
  func testLongToleranceIsShownShort() {
    let q = numeric(1.87368421053, "g/cm³", tolerance: 0.0187368421053)
    XCTAssertEqual(graded(q, "100")?.detail, "answers within ±0.0187 g/cm³ count as right")
    assertCorrect(q, ["1.8924"])
    assertCorrect(q, ["1.8925"], false)
  }

  func testFeedbackShowsConversionAndAllowedRange() {
    let right = graded(density, "2700 kg/m³")
    XCTAssertEqual(right?.isCorrect, true)
    XCTAssertEqual(right?.given, "2700 kg/m³")
    XCTAssertEqual(right?.expected, "2.7 g/cm³")
    XCTAssertEqual(right?.detail, "2700 kg/m³ = 2.7 g/cm³")

    let wrong = graded(density, "2500 kg/m3")
    XCTAssertEqual(wrong?.isCorrect, false)
    XCTAssertEqual(wrong?.detail, "2500 kg/m³ = 2.5 g/cm³; answers within ±0.0135 g/cm³ count as right")

    XCTAssertNil(graded(density, "2.7 g/cm3")?.detail)
  }

  func testAnExactAnswerNamesNoTolerance() {
    let exact = numeric(1e9, "nm", tolerance: 0)
    XCTAssertNil(graded(exact, "1")?.detail)
    XCTAssertEqual(graded(exact, "1 m")?.detail, "1 m = 10⁹ nm")
    XCTAssertEqual(graded(exact, "1000")?.expected, "10⁹ nm")
  }
}
