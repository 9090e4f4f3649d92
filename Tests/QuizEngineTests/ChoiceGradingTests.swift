import QuizEngine
import XCTest

final class SingleChoiceGradingTests: XCTestCase {
  let question = single(["0 ℃", "100 ℃", "37 ℃", "-10 ℃"], answer: 0)

  func testLettersAndNumbersInAnyCaseAndWidth() {
    assertCorrect(question, ["a", "A", " a ", "1", "Ａ", "１", "a.", "(A)"])
    assertCorrect(question, ["b", "B", "2", "d", "4"], false)
  }

  func testFeedbackShowsLetterWithOptionText() {
    let feedback = graded(question, "b")
    XCTAssertEqual(feedback?.given, "B. 100 ℃")
    XCTAssertEqual(feedback?.expected, "A. 0 ℃")
    XCTAssertEqual(feedback?.explanation, "Because.")
    XCTAssertNil(feedback?.detail)
  }

  func testLettersReferToPresentedOrder() {
    // Presented: C0="37 ℃", C1="0 ℃", … so the right answer is now B.
    let order = [2, 0, 3, 1]
    assertCorrect(question, ["b", "2"], order: order)
    assertCorrect(question, ["a", "1"], false, order: order)
    XCTAssertEqual(graded(question, "a", order: order)?.expected, "B. 0 ℃")
    XCTAssertEqual(graded(question, "a", order: order)?.given, "A. 37 ℃")
  }

  func testOutOfRangeAndMultipleChoicesAreInvalid() {
    XCTAssertEqual(invalid(question, "e"), "there is no option E; use letters A–D, numbers 1–4 or an option's text")
    XCTAssertEqual(invalid(question, "5"), "there is no option 5; use letters A–D, numbers 1–4 or an option's text")
    // A number past the last label is an option's value where one has it (`0` for `0 ℃`).
    XCTAssertEqual(graded(question, "0")?.given, "A. 0 ℃")
    XCTAssertEqual(invalid(question, "7"), "there is no option 7; use letters A–D, numbers 1–4 or an option's text")
    XCTAssertEqual(invalid(question, "a b"), "choose only one option, for example \"A\" or \"1\"")
    XCTAssertEqual(invalid(question, "ab"), "choose only one option, for example \"A\" or \"1\"")
    XCTAssertEqual(
      invalid(question, "a3"),
      "\"a3\" matches no option; the closest are C. 37 ℃; type a letter A–D or an option's words")
    XCTAssertEqual(invalid(question, "对"), "\"对\" is not an option; use letters A–D, numbers 1–4 or an option's text")
  }

  func testBlankInputIsInvalidNotGraded() {
    for input in ["", "   ", "\t\n", "\u{3000}"] {
      XCTAssertEqual(invalid(question, input), "type the letter or number of one option, for example \"A\" or \"1\"")
    }
  }
}

final class MultipleChoiceGradingTests: XCTestCase {
  let question = multiple(["iron", "water", "copper", "wood"], answers: [0, 2])

  func testAnyOrderAndSeparators() {
    assertCorrect(
      question, ["a c", "A,C", "ac", "ca", "1 3", "1,3", "3,1", "a，c", "a、c", "A; C", "a 3", "ａｃ", "a c a"])
  }

  func testWholeSetMustMatchWithPartialResults() {
    let missing = graded(question, "a")
    XCTAssertEqual(missing?.isCorrect, false)
    XCTAssertEqual(missing?.detail, "1 of 2 right options chosen, no wrong option chosen")

    let extra = graded(question, "a b c")
    XCTAssertEqual(extra?.isCorrect, false)
    XCTAssertEqual(extra?.detail, "2 of 2 right options chosen, 1 wrong option chosen")

    let allWrong = graded(question, "b d")
    XCTAssertEqual(allWrong?.detail, "0 of 2 right options chosen, 2 wrong options chosen")

    let right = graded(question, "c a")
    XCTAssertEqual(right?.isCorrect, true)
    XCTAssertNil(right?.detail)
  }

  func testPartialResultsWordingForThree() {
    let q = multiple(["a", "b", "c", "d", "e"], answers: [0, 1, 2])
    XCTAssertEqual(graded(q, "a b d")?.detail, "2 of 3 right options chosen, 1 wrong option chosen")
  }

  func testFeedbackListsOptionsInPresentedOrder() {
    let order = [3, 2, 1, 0]  // presented: wood, copper, water, iron
    let feedback = graded(question, "b", order: order)
    XCTAssertEqual(feedback?.given, "B. copper")
    XCTAssertEqual(feedback?.expected, "B. copper; D. iron")
    assertCorrect(question, ["b d", "2 4"], order: order)
  }

  func testInvalidSelections() {
    XCTAssertEqual(invalid(question, "a e"), "there is no option E; use letters A–D, numbers 1–4 or an option's text")
    XCTAssertEqual(invalid(question, "13"), "there is no option 13; use letters A–D, numbers 1–4 or an option's text")
    XCTAssertEqual(
      invalid(question, ",,"), "type the letters or numbers of the right options, for example \"A C\" or \"1,3\"")
    XCTAssertEqual(
      invalid(question, " "), "type the letters or numbers of the right options, for example \"A C\" or \"1,3\"")
  }
}

final class ChoiceByTextTests: XCTestCase {
  func testTheOptionsFullTextIsAccepted() {
    let q = single(["kilogram", "metre", "second", "kelvin"], answer: 0)
    assertCorrect(q, ["kilogram", "Kilogram", "KILOGRAM.", " kilogram ", "a", "1"])
    assertCorrect(q, ["metre", "b"], false)
    let zh = single(["刚从冰箱冷冻室取出的冰", "人体", "沸水", "冰水混合物"], answer: 3)
    assertCorrect(zh, ["冰水混合物", "冰水混合物。", "冰水 混合物", "D"])
    assertCorrect(zh, ["沸水"], false)
    XCTAssertEqual(
      invalid(q, "kilo"), "\"kilo\" is not an option; use letters A–D, numbers 1–4 or an option's text")
  }

  func testShuffledOptionsAreFoundByTextWherever() {
    let q = single(["kilogram", "metre", "second"], answer: 0)
    XCTAssertEqual(graded(q, "kilogram", order: [2, 0, 1])?.given, "B. kilogram")
  }

  func testSeveralOptionsByText() {
    let q = multiple(["蒸发", "沸腾", "熔化", "凝华"], answers: [0, 1])
    assertCorrect(q, ["蒸发、沸腾", "沸腾，蒸发", "蒸发; 沸腾", "A B"])
    assertCorrect(q, ["蒸发"], false)
  }

  func testSingleLettersAndNumbersStayLabels() {
    let q = single(["B", "A", "2", "1"], answer: 0)
    assertCorrect(q, ["a", "1"])
    assertCorrect(q, ["b", "2"], false)
  }
}
