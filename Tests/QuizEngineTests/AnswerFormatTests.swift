import XCTest

@testable import QuizEngine

/// How a number is shown in feedback (the right answer, a conversion, a tolerance).
final class AnswerFormatTests: XCTestCase {
  /// Very large and very small numbers are shown as a textbook prints them; the rest as written.
  func testAnswersShownAsATextbookPrintsThem() {
    let shown: [(Double, String)] = [
      (1e9, "10⁹"), (-1e9, "-10⁹"), (2.5e7, "2.5×10⁷"), (1.6e-5, "1.6×10⁻⁵"), (1e-4, "10⁻⁴"), (999_999.5, "999999.5"),
      (123_456.789, "123456.789"), (1e6, "10⁶"), (70_000, "70000"), (0.001, "0.001"), (0.16, "0.16"),
      (-6, "-6"), (0, "0"), (3.0e8, "3×10⁸"), (9.9999999999999e8, "10⁹"),
    ]
    for (value, text) in shown { XCTAssertEqual(AnswerText.format(value), text, "\(value)") }
  }
}
