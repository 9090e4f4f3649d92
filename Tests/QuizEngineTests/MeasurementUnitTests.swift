import QuizEngine
import XCTest

final class MeasurementUnitTests: XCTestCase {
  func testSpellingsFindTheSameUnit() {
    let spellings: [String: [String]] = [
      "g/cm³": ["g/cm³", "g/cm3", "G/CM3", "ｇ/ｃｍ３", "g / cm³", "g/cm^3"],
      "kg/m³": ["kg/m³", "kg/m3"],
      "mL": ["mL", "ml", "ML", "毫升"],
      "L": ["L", "l", "升"],
      "cm³": ["cm³", "cm3", "ｃｍ３"],
      "m³": ["m³", "m3"],
      "°C": ["°C", "℃", "°c"],
      "K": ["K", "k"],
      "m": ["m", "ｍ", "M"],
      "km/h": ["km/h", "KM/H", "千米每小时", "千米/时", "公里/小时", "km/小时"],
      "m/s": ["m/s", "米每秒", "米/秒", "m/秒"],
      "nm": ["nm", "纳米", "NM"],
      "μm": ["μm", "µm", "um", "微米"],
      "t/m³": ["t/m³", "t/m3", "吨/立方米", "吨每立方米"],
      "kg/dm³": ["kg/dm³", "kg/dm3", "千克/立方分米"],
      "min": ["min", "分", "分钟"],
      "h": ["h", "小时", "时"],
    ]
    let density = [
      "g/cm³": ["g/cc", "克每立方厘米", "克/立方厘米", "g/立方厘米", "克/cm3", "克/厘米3", "g/cm^3"],
      "kg/m³": ["千克/米3", "千克每立方米", "千克/立方米", "kg/立方米", "公斤/立方米"],
      "cm³": ["立方厘米", "cc", "厘米3"],
      "m³": ["立方米", "米3", "米³"],
    ]
    for (symbol, names) in density {
      for name in names {
        XCTAssertEqual(MeasurementUnit.named(name)?.canonicalSymbol, symbol, name)
      }
    }
    for (symbol, names) in spellings {
      for name in names {
        XCTAssertEqual(MeasurementUnit.named(name)?.canonicalSymbol, symbol, name)
      }
    }
  }

  /// `named` finds a unit written as listed without the table; the table must agree.
  func testEveryListedSpellingNamesItsUnitThroughTheTableToo() {
    for unit in MeasurementUnit.all {
      for spelling in [unit.symbol] + unit.aliases {
        XCTAssertEqual(MeasurementUnit.named(spelling)?.symbol, unit.symbol, spelling)
        XCTAssertEqual(MeasurementUnit.named(spelling, measuring: nil)?.symbol, unit.symbol, "the table's \(spelling)")
      }
    }
  }

  func testUnknownUnits() {
    for name in ["", "kgs", "furlong", "g/cm", "cm2", "°F", "度", "C", "立方", "米立方"] {
      XCTAssertNil(MeasurementUnit.named(name), name)
    }
  }

  func testCelsiusSpellingsOnlyOnTemperatures() {
    for name in ["度", "C", "c", "°", "℃", "摄氏度"] {
      XCTAssertEqual(MeasurementUnit.named(name, measuring: .temperature)?.canonicalSymbol, "°C", name)
      XCTAssertEqual(MeasurementUnit.named(name, measuring: .temperatureDifference), MeasurementUnit.named("°C"), name)
    }
    // `℃` is shown as written, the one character Chinese textbooks print; the other spellings as `°C`.
    XCTAssertEqual(MeasurementUnit.named(" ℃")?.symbol, "℃")
    XCTAssertEqual(MeasurementUnit.named("℃", measuring: .temperature)?.symbol, "℃")
    XCTAssertEqual(MeasurementUnit.named("摄氏度")?.symbol, "°C")
    XCTAssertNil(MeasurementUnit.named("度", measuring: .length))
    XCTAssertNil(MeasurementUnit.named("C", measuring: nil))
    XCTAssertEqual(MeasurementUnit.named("K", measuring: .temperature)?.symbol, "K")
  }

  func testEveryListedUnitIsKnownWithItsQuantity() {
    let expected: [Quantity: [String]] = [
      .length: ["nm", "μm", "mm", "cm", "dm", "m", "km"],
      .mass: ["mg", "g", "kg", "t"],
      .volume: ["mL", "L", "cm³", "dm³", "m³"],
      .density: ["g/cm³", "kg/m³", "g/mL", "kg/L", "kg/dm³", "t/m³"],
      .temperature: ["°C", "K"],
      .time: ["s", "min", "h"],
      .speed: ["m/s", "km/h"],
    ]
    for (quantity, symbols) in expected {
      XCTAssertEqual(MeasurementUnit.units(of: quantity).map(\.symbol), symbols)
      for symbol in symbols {
        XCTAssertEqual(MeasurementUnit.named(symbol)?.quantity, quantity, symbol)
      }
    }
  }

  func testConversions() {
    func convert(_ value: Double, _ from: String, _ to: String) -> Double? {
      MeasurementUnit.named(from)!.convert(value, to: MeasurementUnit.named(to)!)
    }
    XCTAssertEqual(convert(2.7, "g/cm³", "kg/m³")!, 2700, accuracy: 1e-9)
    XCTAssertEqual(convert(1, "g/mL", "kg/L")!, 1, accuracy: 1e-12)
    XCTAssertEqual(convert(1000, "kg/m³", "g/mL")!, 1, accuracy: 1e-12)
    XCTAssertEqual(convert(250, "mL", "cm³")!, 250, accuracy: 1e-9)
    XCTAssertEqual(convert(1.5, "L", "mL")!, 1500, accuracy: 1e-9)
    XCTAssertEqual(convert(1, "m³", "dm³")!, 1000, accuracy: 1e-9)
    XCTAssertEqual(convert(0, "°C", "K")!, 273.15, accuracy: 1e-9)
    XCTAssertEqual(convert(373.15, "K", "°C")!, 100, accuracy: 1e-9)
    XCTAssertEqual(convert(-40, "°C", "K")!, 233.15, accuracy: 1e-9)
    XCTAssertEqual(convert(36, "km/h", "m/s")!, 10, accuracy: 1e-9)
    XCTAssertEqual(convert(1.5, "h", "min")!, 90, accuracy: 1e-9)
    XCTAssertEqual(convert(2, "t", "kg")!, 2000, accuracy: 1e-9)
    XCTAssertEqual(convert(500, "mg", "g")!, 0.5, accuracy: 1e-12)
    XCTAssertEqual(convert(3, "km", "mm")!, 3_000_000, accuracy: 1e-6)
    XCTAssertNil(convert(1, "kg", "g/cm³"))
    XCTAssertNil(convert(1, "K", "s"))
    XCTAssertEqual(convert(1, "m", "nm")!, 1e9, accuracy: 1e-3)
    XCTAssertEqual(convert(1, "t/m³", "kg/m³")!, 1000, accuracy: 1e-9)
    XCTAssertEqual(convert(1, "kg/dm³", "g/cm³")!, 1, accuracy: 1e-12)
  }

  func testDifferencesIgnoreTheCelsiusOffset() {
    let kelvin = MeasurementUnit.named("K")!
    let celsius = MeasurementUnit.named("°C")!
    XCTAssertEqual(kelvin.convertDifference(23, to: celsius), 23)
    XCTAssertEqual(celsius.convertDifference(-5, to: kelvin), -5)
    XCTAssertEqual(kelvin.convert(23, to: celsius)!, -250.15, accuracy: 1e-9)
    XCTAssertNil(kelvin.convertDifference(1, to: MeasurementUnit.named("s")!))
  }
}
