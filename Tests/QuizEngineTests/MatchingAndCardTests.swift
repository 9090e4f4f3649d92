import CourseOutline
import PracticeJSON
import QuizEngine
import XCTest

final class MatchingAndCardTests: XCTestCase {
  let capitals = Question(
    id: "m", prompt: "Match", explanation: "Capitals.",
    kind: .matching(pairs: [("Canada", "Ottawa"), ("Italy", "Rome"), ("Peru", "Lima")], distractors: ["Paris"]))
  let card = Question(id: "c", prompt: "Na", explanation: "Latin.", kind: .card(back: "sodium"))

  func testPairsBuildChoicesOnceWithDistractorsLast() {
    let kind = Question.Kind.matching(pairs: [("a", "x"), ("b", "y"), ("c", "x")], distractors: ["z", "y"])
    XCTAssertEqual(kind, .matching(items: ["a", "b", "c"], choices: ["x", "y", "z"], answers: [0, 1, 0]))
    XCTAssertEqual(kind.options, ["x", "y", "z"])
    XCTAssertEqual(kind.type, .matching)
  }

  func testNumberedPairsAndBareLettersAreBothRead() {
    for input in ["1a 2b 3c", "1A, 2B, 3C", "3c 1a 2b", "1-a 2-b 3-c", "1 a 2 b 3 c", "a b c", "abc", "ＡＢＣ"] {
      XCTAssertEqual(graded(capitals, input)?.isCorrect, true, input)
    }
  }

  func testPartialCreditIsShownPairByPair() {
    let feedback = graded(capitals, "1a 2c 3b")
    XCTAssertEqual(feedback?.isCorrect, false)
    XCTAssertEqual(feedback?.given, "1a 2c 3b")
    XCTAssertEqual(feedback?.expected, "1a 2b 3c")
    XCTAssertEqual(feedback?.detail, "33.33 %: 1 of 3 pairs right; 2. Italy → Rome; 3. Peru → Lima")
  }

  /// Moodle's qtype_match: right pairs over all pairs, in the journal's 7 decimals; none right is wrong.
  func testPartialCreditIsTheShareOfPairsRight() {
    XCTAssertEqual(graded(capitals, "1a 2c 3b")?.fraction, 0.3333333)
    XCTAssertEqual(graded(capitals, "1a 2b 3d")?.fraction ?? 0, 2.0 / 3, accuracy: 1e-7)
    XCTAssertEqual(graded(capitals, "1a 2b 3c")?.fraction, 1)
    let none = graded(capitals, "1b 2c 3a")
    XCTAssertEqual(none?.fraction, 0)
    XCTAssertEqual(none?.detail, "0 of 3 pairs right; 1. Canada → Ottawa; 2. Italy → Rome; 3. Peru → Lima")
  }

  /// In the course's order (`start --in-order`, no seed) the choices still do not follow the items,
  /// and a replay of the session shows them alike.
  func testChoicesAreShuffledWithoutASeedToo() {
    let question = Question(
      id: "capitals", prompt: "Match.", explanation: "",
      kind: .matching(
        pairs: [("Canada", "Ottawa"), ("Italy", "Rome"), ("Peru", "Lima"), ("Japan", "Tokyo"), ("Chile", "Santiago")],
        distractors: []))
    let first = PracticeSession(questions: [question], seed: nil, startedAt: Date()).presented[0].optionOrder
    XCTAssertNotEqual(first, [0, 1, 2, 3, 4])
    XCTAssertEqual(PracticeSession(questions: [question], seed: nil, startedAt: Date()).presented[0].optionOrder, first)
    let choice = Question(id: "c", prompt: "?", explanation: "", kind: .single(options: ["a", "b", "c"], answer: 0))
    XCTAssertEqual(
      PracticeSession(questions: [choice], seed: nil, startedAt: Date()).presented[0].optionOrder, [0, 1, 2])
  }

  func testLettersReferToThePresentedOrder() {
    // Presented: D Paris, C Lima, B Rome, A Ottawa.
    let feedback = graded(capitals, "d c b", order: [3, 2, 1, 0])
    XCTAssertEqual(feedback?.isCorrect, true)
    XCTAssertEqual(graded(capitals, "a b c", order: [3, 2, 1, 0])?.detail?.hasPrefix("0 of 3 pairs right"), true)
  }

  func testIncompleteOrUnreadableMatchingIsAskedAgain() {
    let shown = PresentedQuestion(capitals)
    XCTAssertEqual(
      shown.grade("1a 2b").invalidMessage, "match every item: item 3 not matched")
    XCTAssertEqual(shown.grade("a b").invalidMessage, "match every item: item 3 not matched")
    XCTAssertEqual(shown.grade("1a 1b 3c").invalidMessage, "item 1 is matched twice")
    XCTAssertEqual(shown.grade("4a").invalidMessage, "there is no item 4; the items are 1–3")
    XCTAssertEqual(shown.grade("1e 2a 3b").invalidMessage, "item 1 needs one letter a–d, found \"e\"")
    // A number alone (a learner answering as for a choice question) names what is missing, not an empty "".
    XCTAssertEqual(
      shown.grade("1").invalidMessage,
      "item 1 has no letter after it: match every item with a letter a–d, e.g. \"1b 2a 3c\", or give the letters in order: \"b a c\""
    )
    XCTAssertEqual(
      shown.grade("1a 2").invalidMessage,
      "item 2 has no letter after it: match every item with a letter a–d, e.g. \"1b 2a 3c\", or give the letters in order: \"b a c\""
    )
    XCTAssertEqual(shown.grade("a b c d").invalidMessage, "4 letters for 3 items")
    XCTAssertEqual(shown.grade("x y z").invalidMessage, "\"x\" is not a choice; use letters a–d")
    XCTAssertNotNil(shown.grade(" ").invalidMessage)
  }

  func testCardIsKnownOrNot() {
    XCTAssertEqual(graded(card, "y")?.isCorrect, true)
    XCTAssertEqual(graded(card, "yes")?.given, "yes")
    XCTAssertEqual(graded(card, "n")?.isCorrect, false)
    XCTAssertEqual(graded(card, "n")?.given, "no")
    XCTAssertEqual(graded(card, "n")?.expected, "sodium")
    XCTAssertEqual(graded(card, "n")?.explanation, "Latin.")
  }

  func testCardRatingsOneIsAgainTheRestAreKnown() {
    XCTAssertEqual(graded(card, "1")?.isCorrect, false)
    XCTAssertEqual(graded(card, "1")?.given, "1 (again)")
    XCTAssertEqual(graded(card, "2")?.isCorrect, true)
    XCTAssertEqual(graded(card, "3")?.given, "3 (good)")
    XCTAssertEqual(graded(card, "4")?.given, "4 (easy)")
    for input in ["0", "5", "maybe", "sodium"] {
      XCTAssertNotNil(PresentedQuestion(card).grade(input).invalidMessage, input)
    }
  }

  func testSessionShufflesMatchingChoicesAndRecordsCardMistakes() {
    var session = PracticeSession(questions: [capitals, card], seed: 5, startedAt: Date(timeIntervalSince1970: 0))
    for shown in session.presented where shown.type == .matching {
      XCTAssertEqual(shown.options.sorted(), ["Lima", "Ottawa", "Paris", "Rome"])
      XCTAssertEqual(shown.items, ["Canada", "Italy", "Peru"])
    }
    while let current = session.current {
      _ = session.answer(current.type == .card ? "n" : "a b c", at: Date(timeIntervalSince1970: 1))
    }
    let summary = session.finish(at: Date(timeIntervalSince1970: 2))
    XCTAssertTrue(summary.mistakes.contains { $0.questionID == "c" && $0.expected == "sodium" })
  }

  func testDecodesMatchingAndCard() throws {
    let text = """
      [
        {"id": "m", "type": "matching", "prompt": "P", "explanation": "E",
         "pairs": [["Canada", "Ottawa"], ["Italy", "Rome"]], "distractors": ["Paris"]},
        {"id": "c", "type": "card", "prompt": "Na", "explanation": "", "back": "sodium"},
        {"id": "x", "type": "matching", "prompt": "P", "explanation": "E", "pairs": [["Canada"], ["", "Rome"]]},
        {"id": "y", "type": "card", "prompt": "P", "explanation": "E"}
      ]
      """
    let decoded = try JSONParser.parse(text).array!.map { Question.decode($0) }
    XCTAssertEqual(
      decoded[0].question?.kind,
      .matching(items: ["Canada", "Italy"], choices: ["Ottawa", "Rome", "Paris"], answers: [0, 1]))
    XCTAssertEqual(decoded[1].question?.kind, .card(back: "sodium"))
    XCTAssertEqual(
      decoded[2].problems.map(\.message),
      [
        "question \"x\": pair 0 must be two non-empty strings, [item, choice]",
        "question \"x\": pair 1 must be two non-empty strings, [item, choice]",
      ])
    XCTAssertEqual(decoded[3].problems.map(\.message), ["question \"y\": missing \"back\" (a string)"])
  }
}
