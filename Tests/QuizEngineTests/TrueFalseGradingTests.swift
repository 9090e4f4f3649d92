import QuizEngine
import XCTest

final class TrueFalseGradingTests: XCTestCase {
  let yes = Question(id: "tf", prompt: "Ice floats.", explanation: "Less dense.", kind: .trueFalse(answer: true))
  let no = Question(id: "tf", prompt: "Ice sinks.", explanation: "Less dense.", kind: .trueFalse(answer: false))
  let trueSpellings = [
    "t", "T", "true", "TRUE", "True", "y", "Y", "yes", "Yes", "对", "是", "√", "✓", "正确", "Ｔ", "ｙｅｓ", " true ",
  ]
  let falseSpellings = ["f", "F", "false", "FALSE", "n", "N", "no", "NO", "错", "否", "×", "✗", "错误", "Ｆ", "ｎｏ"]

  func testEverySpellingOfTrue() {
    assertCorrect(yes, trueSpellings)
    assertCorrect(no, trueSpellings, false)
  }

  func testEverySpellingOfFalse() {
    assertCorrect(no, falseSpellings)
    assertCorrect(yes, falseSpellings, false)
  }

  func testFeedbackSaysHowTheAnswerWasRead() {
    let feedback = graded(yes, "错")
    XCTAssertEqual(feedback?.given, "false")
    XCTAssertEqual(feedback?.expected, "true")
    XCTAssertEqual(feedback?.explanation, "Less dense.")
  }

  func testOtherWordsAndBlankAreInvalid() {
    for input in ["maybe", "tr", "1", "", "  ", "yes no"] {
      XCTAssertEqual(invalid(yes, input), "answer true or false: t/f, yes/no or √/×", input)
    }
  }
}
