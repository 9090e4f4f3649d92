import CourseOutline
import PracticeJSON
import QuizEngine
import XCTest

/// A calculated temperature difference (`"quantity": "temperature difference"`, as `numeric` has it):
/// 27 K of change is 27 ℃; without the quantity, 27 K is the absolute temperature −246 ℃.
final class CalculatedTemperatureDifferenceTests: XCTestCase {
  func question(quantity: String?) throws -> Question {
    let member = quantity.map { #", "quantity": "\#($0)""# } ?? ""
    let json = """
      {"id": "dt", "type": "calculated", "prompt": "早晨 {t1} ℃，中午 {t2} ℃。升高了多少？", "explanation": "{=t2 - t1} ℃",
       "variables": {"t1": {"values": [-15]}, "t2": {"values": [12]}},
       "answer": "t2 - t1", "decimals": 0, "unit": "℃"\(member)}
      """
    let (decoded, problems) = Question.decode(try JSONParser.parse(json))
    XCTAssertEqual(problems.map(\.message), [])
    return try XCTUnwrap(decoded).drawingValues(seed: 1)
  }

  func testAChangeTypedInKelvinIsTheSameChangeInCelsius() throws {
    let shown = PresentedQuestion(try question(quantity: "temperature difference"))
    XCTAssertEqual(shown.grade("27").feedback?.isCorrect, true)
    XCTAssertEqual(shown.grade("27 ℃").feedback?.isCorrect, true)
    XCTAssertEqual(shown.grade("27 K").feedback?.isCorrect, true)
    XCTAssertEqual(shown.grade("300 K").feedback?.isCorrect, false)
  }

  func testWithoutTheQuantityKelvinIsAnAbsoluteTemperature() throws {
    let shown = PresentedQuestion(try question(quantity: nil))
    XCTAssertEqual(shown.grade("27 ℃").feedback?.isCorrect, true)
    XCTAssertEqual(shown.grade("27 K").feedback?.isCorrect, false)
    XCTAssertEqual(shown.grade("300 K").feedback?.isCorrect, true)
  }

  func testTheQuantityIsWrittenBackAndChecked() throws {
    let question = try question(quantity: "temperature difference")
    guard case .calculated(let calculated) = question.kind else { return XCTFail("not calculated") }
    XCTAssertEqual(calculated.definition.quantity, .temperatureDifference)
    XCTAssertTrue(JSONWriter.compact(question.json).contains(#""quantity":"temperature difference""#))
    for (quantity, unit, expected) in [
      ("temperature difference", "g", "is not measured in"), ("warmth", "℃", "unknown quantity"),
    ] {
      let json = """
        {"id": "x", "type": "calculated", "prompt": "{a}", "explanation": "e", "variables": {"a": {"values": [1]}},
         "answer": "a", "unit": "\(unit)", "quantity": "\(quantity)"}
        """
      let (decoded, problems) = Question.decode(try JSONParser.parse(json))
      XCTAssertNil(decoded)
      XCTAssertTrue(problems.contains { $0.message.contains(expected) }, "\(problems.map(\.message))")
    }
  }
}
