import Foundation
import PracticeJSON
import QuizEngine
import XCTest

func single(_ options: [String], answer: Int, id: String = "s") -> Question {
  Question(id: id, prompt: "Pick one", explanation: "Because.", kind: .single(options: options, answer: answer))
}

func multiple(_ options: [String], answers: [Int], id: String = "m") -> Question {
  Question(id: id, prompt: "Pick all", explanation: "Because.", kind: .multiple(options: options, answers: answers))
}

func numeric(
  _ answer: Double, _ unit: String?, tolerance: Double? = nil, rules: NumericRules = NumericRules(), id: String = "n"
) -> Question {
  let kind = Question.Kind.numeric(
    answer: answer, unit: unit.map { MeasurementUnit.named($0)! }, tolerance: tolerance, rules: rules)
  return Question(id: id, prompt: "How much?", explanation: "Because.", kind: kind)
}

/// The feedback of a graded answer, failing the test when the answer was not graded.
func graded(
  _ question: Question, _ input: String, order: [Int]? = nil, file: StaticString = #filePath, line: UInt = #line
) -> Feedback? {
  let outcome = PresentedQuestion(question, optionOrder: order).grade(input)
  guard case .graded(let feedback) = outcome else {
    XCTFail("\"\(input)\" was not graded: \(outcome)", file: file, line: line)
    return nil
  }
  return feedback
}

/// The message of an invalid answer, failing the test when the answer was graded.
func invalid(
  _ question: Question, _ input: String, order: [Int]? = nil, file: StaticString = #filePath, line: UInt = #line
) -> String? {
  let outcome = PresentedQuestion(question, optionOrder: order).grade(input)
  guard case .invalid(let message) = outcome else {
    XCTFail("\"\(input)\" was graded, expected invalid: \(outcome)", file: file, line: line)
    return nil
  }
  return message
}

func assertCorrect(
  _ question: Question, _ inputs: [String], _ expected: Bool = true, order: [Int]? = nil,
  file: StaticString = #filePath, line: UInt = #line
) {
  for input in inputs {
    let feedback = graded(question, input, order: order, file: file, line: line)
    XCTAssertEqual(feedback?.isCorrect, expected, "input \"\(input)\"", file: file, line: line)
  }
}
