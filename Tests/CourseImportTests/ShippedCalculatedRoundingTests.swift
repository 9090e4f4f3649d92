import Calculation
import CourseOutline
import Foundation
import PracticeTestSupport
import QuizEngine
import XCTest

/// The physics course's calculated prompts say how to round, as a grade-8 textbook does, and a
/// student who rounds as told is marked right for every value set the ranges draw (found in use:
/// ch2.3-c04 with m = 41 wanted 15.2 within ±0.152, and a student's 15 was wrong, the prompt silent).
final class ShippedCalculatedRoundingTests: XCTestCase {
  static let draws: UInt64 = 1000
  static let places: [(words: String, decimals: Int)] = [
    ("结果取整数", 0), ("结果保留一位小数", 1), ("结果保留两位小数", 2), ("结果保留三位小数", 3),
  ]

  /// `value` rounded half away from zero to `decimals` places as a student does it on paper (on the
  /// decimal value: 170.85 is 170.9 though the double holds 170.8499…).
  static func rounded(_ value: Double, _ decimals: Int) -> String {
    let scale = pow(10, Double(decimals))
    let nudged = value * scale * (1 + 1e-12)
    return String(format: "%.\(decimals)f", nudged.rounded(.toNearestOrAwayFromZero) / scale)
  }

  func testEveryCalculatedPromptSaysHowToRoundAndRoundingSoIsRight() throws {
    let course = try CourseLoader().load(path: Repository.path("Data/courses/physics-grade8"))
    var checked = 0
    for question in course.allQuestions {
      guard case .calculated(let calculated) = question.kind, calculated.definition.choices == nil else { continue }
      let definition = calculated.definition
      let said = Self.places.filter { question.prompt.contains($0.words) }
      XCTAssertLessThanOrEqual(said.count, 1, question.id)
      if let said = said.first {
        XCTAssertEqual(definition.answer.format.style, .decimals, question.id)
        XCTAssertEqual(said.decimals, definition.answer.format.length, "\(question.id): prompt and decimals differ")
      }
      for seed in 1...Self.draws {
        let shown = question.drawingValues(seed: seed)
        guard case .calculated(let drawn) = shown.kind, let values = drawn.values else {
          return XCTFail("\(question.id): no values drawn")
        }
        let answer = try definition.answer.formula.evaluate(values.mapValues(\.value))
        let decimals = said.first?.decimals ?? 0
        let response = Self.rounded(answer, decimals)
        if said.isEmpty {
          // A prompt that says nothing asks for the answer itself: it must be a whole number.
          XCTAssertEqual(
            abs(answer - answer.rounded()), 0, accuracy: 1e-9,
            "\(question.id) seed \(seed): \(answer) is not whole; the prompt must say how to round")
        }
        let presented = PresentedQuestion(shown)
        for typed in [response, response + " " + (definition.unit ?? "")] {
          XCTAssertEqual(
            presented.grade(typed).feedback?.isCorrect, true,
            "\(question.id) seed \(seed): \(typed) for \(answer) (\(shown.prompt))")
        }
        checked += 1
      }
    }
    XCTAssertEqual(checked, 13 * Int(Self.draws))
  }
}
