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
      "km/h": ["km/h", "KM/H"],
    ]
    for (symbol, names) in spellings {
      for name in names {
        XCTAssertEqual(MeasurementUnit.named(name)?.symbol, symbol, name)
      }
    }
  }

  func testUnknownUnits() {
    for name in ["", "kgs", "furlong", "g/cm", "cm2", "°F"] {
      XCTAssertNil(MeasurementUnit.named(name), name)
    }
  }

  func testEveryListedUnitIsKnownWithItsQuantity() {
    let expected: [Quantity: [String]] = [
      .length: ["mm", "cm", "dm", "m", "km"],
      .mass: ["mg", "g", "kg", "t"],
      .volume: ["mL", "L", "cm³", "dm³", "m³"],
      .density: ["g/cm³", "kg/m³", "g/mL", "kg/L"],
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
  }
}
