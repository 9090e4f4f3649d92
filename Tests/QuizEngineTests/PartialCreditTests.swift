import CourseOutline
import PracticeJSON
import QuizEngine
import XCTest

/// Partial credit as Moodle grades it: a multiple-answer question sums the chosen options'
/// fractions and clamps to 0…1 (qtype_multichoice_multi_question::grade_response), a weighted
/// option or short answer earns its fraction, and the feedback shown is the chosen answer's.
final class PartialCreditTests: XCTestCase {
  /// Moodle's own test question (question/type/multichoice/tests/helper.php, "Which are the odd
  /// numbers?"): One and Three 50 % each, Two and Four −100 %, each with its feedback.
  let oddNumbers = Question(
    id: "odd", prompt: "Which are the odd numbers?", explanation: "The odd numbers are One and Three.",
    kind: .multiple(options: ["One", "Two", "Three", "Four"], answers: [0, 2]),
    credit: AnswerCredit(
      fractions: [0.5, -1, 0.5, -1],
      feedback: ["One is odd.", "Two is even.", "Three is odd.", "Four is even."]))

  func testMoodlesMultipleAnswerExamples() {
    // Moodle's test_grade_responses: both odd ones right, one of them half, with an even one nothing.
    let cases: [(String, Double, Bool)] = [
      ("A C", 1, true), ("A", 0.5, false), ("C", 0.5, false), ("A B C", 0, false), ("B", 0, false),
      ("A B C D", 0, false), ("B D", 0, false),
    ]
    for (input, fraction, right) in cases {
      let feedback = graded(oddNumbers, input)
      XCTAssertEqual(feedback?.fraction, fraction, input)
      XCTAssertEqual(feedback?.isCorrect, right, input)
    }
    XCTAssertEqual(AnswerCredit(fractions: [0.5, -1, 0.5, -1]).fraction(choosing: [0, 1, 2]), 0)
    XCTAssertEqual(AnswerCredit(fractions: [0.6, 0.6, -0.2]).fraction(choosing: [0, 1]), 1, "clamped to 1")
  }

  func testTheCreditIsSaidWithRightAndWrongOptionsCounted() {
    XCTAssertEqual(graded(oddNumbers, "A")?.detail, "50 %: 1 of 2 right options, 0 wrong")
    XCTAssertEqual(graded(oddNumbers, "A B C")?.detail, "0 %: 2 of 2 right options, 1 wrong")
    XCTAssertNil(graded(oddNumbers, "A C")?.detail)
    // The issue's example: 4 of 5 right options and 1 wrong (at no cost) is 80 %.
    let five = Question(
      id: "five", prompt: "Mammals?", explanation: "",
      kind: .multiple(options: ["cat", "dog", "cow", "bat", "whale", "trout"], answers: [0, 1, 2, 3, 4]),
      credit: AnswerCredit(fractions: [0.2, 0.2, 0.2, 0.2, 0.2, 0]))
    let feedback = graded(five, "A B C D F")
    XCTAssertEqual(feedback?.detail, "80 %: 4 of 5 right options, 1 wrong")
    XCTAssertEqual(feedback?.fraction ?? 0, 0.8, accuracy: 1e-12)
  }

  func testEachChosenOptionsFeedbackIsShownAndNoOther() {
    let feedback = graded(oddNumbers, "A B", order: [1, 0, 2, 3])
    // Presented A is Two, B is One.
    XCTAssertEqual(feedback?.answerFeedback, "A. Two: Two is even.\nB. One: One is odd.")
    XCTAssertEqual(feedback?.explanation, "The odd numbers are One and Three.")
  }

  func testAllOrNothingStaysWithoutFractions() {
    let plain = multiple(["a", "b", "c"], answers: [0, 1])
    XCTAssertEqual(graded(plain, "a")?.fraction, 0)
    XCTAssertEqual(graded(plain, "a b")?.fraction, 1)
    XCTAssertEqual(graded(plain, "a")?.detail, "1 of 2 right options chosen, no wrong option chosen")
  }

  func testAWeightedSingleOptionEarnsItsFraction() {
    let capital = Question(
      id: "c", prompt: "The capital of France?", explanation: "",
      kind: .single(options: ["Lyon", "Versailles", "Paris"], answer: 2),
      credit: AnswerCredit(fractions: [0, 0.5, 1], feedback: ["The third city.", "The royal seat.", ""]))
    XCTAssertEqual(graded(capital, "b")?.fraction, 0.5)
    XCTAssertEqual(graded(capital, "b")?.isCorrect, false)
    XCTAssertEqual(graded(capital, "b")?.detail, "credit: 50 %")
    XCTAssertEqual(graded(capital, "b")?.answerFeedback, "The royal seat.")
    XCTAssertEqual(graded(capital, "a")?.fraction, 0)
    XCTAssertEqual(graded(capital, "a")?.answerFeedback, "The third city.")
    XCTAssertEqual(graded(capital, "c")?.fraction, 1)
    XCTAssertNil(graded(capital, "c")?.answerFeedback)
  }

  /// Moodle's shortanswer test question (frog 100 %, toad 80 %, `*` 0 % with feedback).
  func testWeightedShortAnswersEarnTheBestMatchingFraction() {
    let frog = Question(
      id: "f", prompt: "Name an amphibian: __________", explanation: "",
      kind: .fill(answers: ["frog"]),
      credit: AnswerCredit(
        feedback: ["Frog is a very good answer."],
        otherAnswers: [
          .init(text: "toad", fraction: 0.8, feedback: "Toad is an OK good answer."),
          .init(text: "*", fraction: 0, feedback: "That is a bad answer."),
        ]))
    XCTAssertEqual(graded(frog, "frog")?.fraction, 1)
    XCTAssertEqual(graded(frog, "Frog.")?.answerFeedback, "Frog is a very good answer.")
    XCTAssertEqual(graded(frog, "toad")?.fraction, 0.8)
    XCTAssertEqual(graded(frog, "toad")?.detail, "credit: 80 %")
    XCTAssertEqual(graded(frog, "toad")?.answerFeedback, "Toad is an OK good answer.")
    XCTAssertEqual(graded(frog, "cat")?.fraction, 0)
    XCTAssertEqual(graded(frog, "cat")?.answerFeedback, "That is a bad answer.")
  }

  /// Moodle's numerical test question (pi to two places) with a half-credit answer and `*`.
  func testNumericalAnswersEarnTheirFractionAndSayTheirFeedback() throws {
    let pi = Question(
      id: "pi", prompt: "What is pi to two d.p.?", explanation: "",
      kind: .numeric(answer: 3.14, unit: nil, tolerance: 0, rules: NumericRules()),
      credit: AnswerCredit(
        feedback: ["Very good."],
        otherAnswers: [
          .init(text: "", fraction: 0, feedback: "Too accurate.", value: 3.142),
          .init(text: "", fraction: 0.5, feedback: "Not accurate enough.", value: 3.1, tolerance: 0.05),
          .init(text: "*", fraction: 0, feedback: "Completely wrong."),
        ]))
    XCTAssertEqual(graded(pi, "3.14")?.fraction, 1)
    XCTAssertEqual(graded(pi, "3.14")?.answerFeedback, "Very good.")
    XCTAssertEqual(graded(pi, "3.13")?.fraction, 0.5)
    XCTAssertEqual(graded(pi, "3.13")?.answerFeedback, "Not accurate enough.")
    XCTAssertEqual(graded(pi, "3.13")?.detail, "credit: 50 %")
    XCTAssertEqual(graded(pi, "5")?.fraction, 0)
    XCTAssertEqual(graded(pi, "5")?.answerFeedback, "Completely wrong.")
    XCTAssertEqual(Question.decode(pi.json).question, pi)
    XCTAssertEqual(
      JSONWriter.compact(pi.json["otherAnswers"]!),
      #"[{"answer":3.142,"fraction":0,"feedback":"Too accurate."},"#
        + #"{"answer":3.1,"fraction":0.5,"tolerance":0.05,"feedback":"Not accurate enough."},"#
        + #"{"answer":"*","fraction":0,"feedback":"Completely wrong."}]"#)
  }

  func testTrueFalseShowsTheChosenAnswersFeedback() {
    let q = Question(
      id: "t", prompt: "Goldfish are mammals.", explanation: "", kind: .trueFalse(answer: false),
      credit: AnswerCredit(feedback: ["No, they are fish.", "Right, they are fish."]))
    XCTAssertEqual(graded(q, "t")?.answerFeedback, "No, they are fish.")
    XCTAssertEqual(graded(q, "f")?.answerFeedback, "Right, they are fish.")
  }

  func testASessionScoresTheSumOfFractionsOverTheQuestionsSet() {
    var session = PracticeSession(
      questions: [oddNumbers, single(["a", "b"], answer: 0)], seed: nil, startedAt: Date(timeIntervalSince1970: 0))
    _ = session.answer("A", at: Date(timeIntervalSince1970: 1))
    _ = session.answer("a", at: Date(timeIntervalSince1970: 2))
    let summary = session.finish(at: Date(timeIntervalSince1970: 3))
    XCTAssertEqual(summary.credit, 1.5)
    XCTAssertEqual(summary.score, 75)
    XCTAssertEqual([summary.correct, summary.partlyRight, summary.wrong], [1, 1, 0])
    // `!!` makes the partly right answer worth all.
    var overruled = PracticeSession(questions: [oddNumbers], seed: nil, startedAt: Date(timeIntervalSince1970: 0))
    _ = overruled.answer("A", at: Date(timeIntervalSince1970: 1))
    _ = overruled.overrule()
    XCTAssertEqual(overruled.finish(at: Date(timeIntervalSince1970: 2)).score, 100)
  }

  func testCreditIsWrittenInTheCourseAndReadBackEqual() throws {
    let frog = Question(
      id: "f", prompt: "Amphibian?", explanation: "", kind: .fill(answers: ["frog"]),
      credit: AnswerCredit(otherAnswers: [.init(text: "toad", fraction: 0.8, feedback: "OK")]))
    for question in [oddNumbers, frog] {
      XCTAssertEqual(Question.decode(question.json).question, question)
    }
    XCTAssertEqual(
      JSONWriter.compact(oddNumbers.json["fractions"]!), "[0.5,-1,0.5,-1]")
    // A course written before partial credit reads as it always did: no credit.
    let old = try JSONParser.parse(
      #"{"id":"q","type":"multiple","prompt":"?","explanation":"","options":["a","b","c"],"answers":[0,1]}"#)
    XCTAssertEqual(Question.decode(old).question?.credit, AnswerCredit())
    XCTAssertFalse(JSONWriter.compact(Question.decode(old).question!.json).contains("fractions"))
  }

  func testBadCreditIsReportedWhereItIs() throws {
    let json = try JSONParser.parse(
      #"{"id":"q","type":"multiple","prompt":"?","explanation":"","options":["a","b","c"],"answers":[0,1],"#
        + #""fractions":[0.5,0.5],"feedback":[1]}"#)
    XCTAssertEqual(
      Question.decode(json).problems.map(\.message),
      [
        "question \"q\": \"fractions\" must have one per option (3), found 2",
        "question \"q\": \"feedback\" must be an array of strings, one per answer",
      ])
    let disagree = try JSONParser.parse(
      #"{"id":"q","type":"multiple","prompt":"?","explanation":"","options":["a","b"],"answers":[0],"#
        + #""fractions":[0.5,0.5]}"#)
    XCTAssertEqual(
      Question.decode(disagree).problems.map(\.message),
      ["question \"q\": \"fractions\" must be above 0 exactly for the options in \"answers\""])
    let beyond = try JSONParser.parse(
      #"{"id":"q","type":"single","prompt":"?","explanation":"","options":["a","b"],"answer":0,"fractions":[1,2]}"#)
    XCTAssertEqual(
      Question.decode(beyond).problems.map(\.message),
      ["question \"q\": \"fractions\" must be an array of numbers from -1 to 1, one per option"])
  }

  func testCreditIsWrittenAsMoodleWritesPercentages() {
    XCTAssertEqual(CreditText.percent(0.8), "80")
    XCTAssertEqual(CreditText.percent(1.0 / 3), "33.33")
    XCTAssertEqual(CreditText.percent(0.125), "12.5")
    XCTAssertEqual(CreditText.marks(3.8), "3.8")
  }
}
