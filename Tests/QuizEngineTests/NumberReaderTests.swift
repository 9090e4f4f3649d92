import QuizEngine
import XCTest

final class NumberReaderTests: XCTestCase {
  func read(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> NumberReader.Reading? {
    switch NumberReader.read(text) {
    case .success(let reading): return reading
    case .failure(let invalid):
      XCTFail("\"\(text)\" did not read: \(invalid.message)", file: file, line: line)
      return nil
    }
  }

  func testEveryScientificFormIsExactlyTheSameNumber() {
    let forms = [
      "1×10^9", "1.0×10⁹", "1 × 10^9", "10^9", "10⁹", "1e9", "1E+9", "1.0*10^9", "1x10^9", "1X10^9", "1·10^9",
      "10亿", "1000000000", "1,000,000,000", "10 ^ 9", "10^(9)", "10的9次方", "1.0 x 10^9", "１０⁹", "10^+9",
    ]
    for form in forms {
      XCTAssertEqual(read(form)?.value, 1e9, form)
      XCTAssertEqual(read(form)?.unitText, "", form)
    }
  }

  func testSuperscriptsAreExponentsNotDigits() {
    XCTAssertEqual(read("10⁹")?.value, 1e9)
    XCTAssertEqual(read("109")?.value, 109)
    XCTAssertEqual(read("1.0×10³ kg/m³")?.value, 1000)
    XCTAssertEqual(read("1.0×10³ kg/m³")?.unitText, "kg/m^3")
    XCTAssertEqual(read("7×10⁴")?.value, 70000)
    XCTAssertEqual(read("1.0×10⁻³ m³")?.value, 0.001)
    XCTAssertEqual(read("10⁻⁹ m")?.value, 1e-9)
  }

  func testSignsAndFullWidthDigits() {
    for (text, value) in [
      ("-5", -5.0), ("−5", -5), ("－5", -5), ("+5", 5), ("- 5", -5), ("零下5", -5), ("－５．５", -5.5), ("-.5", -0.5),
    ] {
      XCTAssertEqual(read(text)?.value, value, text)
    }
  }

  func testMultipliersAndApproximateMarks() {
    XCTAssertEqual(read("3万")?.value, 30000)
    XCTAssertEqual(read("1.5亿 km")?.value, 1.5e8)
    XCTAssertEqual(read("1.5亿 km")?.unitText, "km")
    XCTAssertEqual(read("约78℃")?.value, 78)
    XCTAssertEqual(read("约78℃")?.unitText, "°C")
    XCTAssertEqual(read("≈ 3.14")?.value, 3.14)
    XCTAssertEqual(read("about 340 m/s")?.value, 340)
    XCTAssertEqual(read("大约 0.5")?.value, 0.5)
  }

  func testUnitTextAndTrailingPunctuation() {
    XCTAssertEqual(read("2500米。")?.unitText, "米")
    XCTAssertEqual(read("2.7e3kg/m3")?.unitText, "kg/m3")
    XCTAssertEqual(read("10 m")?.value, 10)
    XCTAssertEqual(read("10 m")?.unitText, "m")
    XCTAssertEqual(read("5 x")?.unitText, "x")
    XCTAssertEqual(read("2 × 3")?.unitText, "× 3")
  }

  func testWhatIsNotANumber() {
    for text in ["", "abc", "e9", ".", "-", "约", "x10^9", "^9"] {
      guard case .failure(let invalid) = NumberReader.read(text) else {
        XCTFail("\"\(text)\" read as a number")
        continue
      }
      XCTAssertEqual(invalid.message, "", text)
    }
    for text in ["2,7", "27,00", "0,500", "2，7"] {
      guard case .failure(let invalid) = NumberReader.read(text) else {
        XCTFail("\"\(text)\" read as a number")
        continue
      }
      XCTAssertFalse(invalid.message.isEmpty, text)
    }
  }
}
