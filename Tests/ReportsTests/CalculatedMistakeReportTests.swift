import CourseOutline
import Foundation
import Localization
import PracticeJSON
import ProgressStorage
import XCTest

@testable import Reports

/// The learner report lists wrong answers to calculated questions with the values each was given
/// for and the answer for those values (issue 33), in every format that lists answers.
final class CalculatedMistakeReportTests: XCTestCase {
  static let courseJSON = #"""
    {"format": "practice-course", "id": "calc", "title": "Calc", "nodes": [
      {"id": "p1", "title": "Temperature", "questions": [
        {"id": "c1", "type": "calculated", "prompt": "Morning {t1} ℃, noon {t2} ℃. How much warmer at noon? (℃)",
         "variables": {"t1": {"min": -15, "max": 5, "decimals": 0}, "t2": {"min": 8, "max": 25, "decimals": 0}},
         "answer": "t2 - t1", "tolerance": 0.05, "decimals": 0, "unit": "℃", "explanation": "{t2} − ({t1})"},
        {"id": "t1", "type": "truefalse", "prompt": "Ice melts at 0 °C.", "answer": true, "explanation": "At 1 atm."}
      ]},
      {"id": "p2", "title": "Volume", "questions": [
        {"id": "c2", "type": "calculated", "prompt": "{V} L in cm³?", "variables": {"V": {"min": 0.5, "max": 5, "decimals": 1}},
         "answer": "V * 1000", "tolerance": 0.5, "decimals": 0, "unit": "cm³", "explanation": "1 L = 1000 cm³"}
      ]}
    ]}
    """#

  func course() throws -> Course {
    let (course, problems) = CourseLoader().parse(Array(Self.courseJSON.utf8), file: "calc.json")
    XCTAssertEqual(problems.map(\.description), [])
    return try XCTUnwrap(course)
  }

  static func at(_ minute: Int) -> Date { Date(timeIntervalSince1970: 1_796_112_000 + Double(minute) * 60) }

  /// Wrong, then right in a `mistakes` round; a wrong answer later overruled; one from before values
  /// were kept; a right answer to the other part; six wrong answers to the volume question.
  func state() -> ProgressState {
    var state = ProgressState()
    func answer(_ session: String, _ q: String, _ given: String, _ correct: Bool, _ minute: Int, _ values: ShownValues?)
    {
      state.apply(
        .answered(
          session: session, question: q, node: "#p1", given: given, correct: correct, at: Self.at(minute),
          review: ReviewMark(rating: correct ? 3 : 1), values: values))
    }
    state.apply(
      .sessionStarted(session: "s1", node: "#p1", questions: ["c1", "t1"], at: Self.at(0), kind: .full, seed: 5))
    answer("s1", "c1", "30", false, 1, ShownValues([("t1", "-15"), ("t2", "12")]))
    answer("s1", "t1", "f", false, 2, nil)
    state.apply(
      .sessionStarted(session: "s2", node: "#p1", questions: ["c1"], at: Self.at(3), kind: .mistakes, seed: 6))
    answer("s2", "c1", "18", true, 4, ShownValues([("t1", "-2"), ("t2", "16")]))
    state.apply(.sessionStarted(session: "s3", node: "#p1", questions: ["c1"], at: Self.at(5), kind: .full, seed: 7))
    answer("s3", "c1", "19.04", false, 6, ShownValues([("t1", "3"), ("t2", "22")]))
    state.apply(.overruled(session: "s3", question: "c1", node: "#p1", at: Self.at(7)))
    answer("s3", "c1", "7", false, 8, nil)
    state.apply(.sessionStarted(session: "s4", node: "#p2", questions: ["c2"], at: Self.at(10), kind: .full, seed: 8))
    for n in 0..<6 { answer("s4", "c2", "\(n)", false, 11 + n, ShownValues([("V", "2.\(n)")])) }
    return state
  }

  func report(root: Int? = nil, messages: Localizer = .english) throws -> LearnerReport {
    var report = LearnerReport.build(
      course: try course(), state: state(), user: "ann", now: Self.at(60), root: root)
    report.messages = messages
    return report
  }

  func testOnlyWrongAnswersWithValuesAreListedWithTheAnswerForThoseValues() throws {
    let mistakes = try report().calculatedMistakes
    XCTAssertEqual(mistakes.map(\.given), ["30", "0", "1", "2", "3", "4", "5"])
    XCTAssertEqual(mistakes.first?.values.text, "t1 = -15, t2 = 12")
    XCTAssertEqual(mistakes.first?.answer, "27 ℃")
    XCTAssertEqual(mistakes.first?.address, "1")
    XCTAssertEqual(mistakes.last?.answer, "2500 cm³")
    // Restricted to the first part: its question only.
    XCTAssertEqual(try report(root: 0).calculatedMistakes.map(\.questionID), ["c1"])
  }

  func testTextMarkdownAndHTMLListThemInEnglishAndChinese() throws {
    let english = try report()
    let text = english.render(.text, style: ReportStyle())
    XCTAssertTrue(text.contains("Wrong answers to calculated questions, with the values each was given for\n"), text)
    XCTAssertTrue(
      text.contains(
        "\n  1 Morning -15 ℃, noon 12 ℃. How much warmer at noon? (℃)\n    you: 30 (t1 = -15, t2 = 12)    right: 27 ℃\n"
      ), text)
    // The latest five of six, after a line saying one is left out; each under the prompt it was given for.
    XCTAssertTrue(
      text.contains(
        "\n  2 2.1 L in cm³?\n    and 1 earlier wrong answer\n    you: 1 (V = 2.1)    right: 2100 cm³\n"
          + "  2 2.2 L in cm³?\n    you: 2 (V = 2.2)    right: 2200 cm³\n"),
      text)
    XCTAssertFalse(text.contains("{V}"), text)
    XCTAssertFalse(text.contains("you: 0 (V = 2.0)"), text)
    XCTAssertTrue(english.render(.md, style: ReportStyle()).contains("  - you: 30 (t1 = -15, t2 = 12)    right: 27 ℃"))
    XCTAssertTrue(
      english.render(.html, style: ReportStyle()).contains("<li>you: 30 (t1 = -15, t2 = 12)    right: 27 ℃</li>"))
    let chinese = try report(messages: Localizer(language: .chinese)).render(.text, style: ReportStyle())
    XCTAssertTrue(chinese.contains("你答 30（t1 = -15, t2 = 12）    正确答案：27 ℃"), chinese)
    // A report with none has no such section.
    XCTAssertFalse(
      LearnerReport.build(course: try course(), state: ProgressState(), user: "ann", now: Self.at(60))
        .render(.text, style: ReportStyle()).contains("calculated"))
  }

  /// Answers given in a row for the same values share their prompt; values the question no longer
  /// takes (its variables changed since) leave the prompt as written.
  func testAPromptIsShownWithItsValuesOrAsWrittenWhenTheyNoLongerFit() throws {
    var state = ProgressState()
    state.apply(.sessionStarted(session: "s1", node: "#p2", questions: ["c2"], at: Self.at(0), kind: .full, seed: 1))
    for (minute, values) in [("V", "1.5"), ("V", "1.5"), ("W", "3")].enumerated() {
      state.apply(
        .answered(
          session: "s1", question: "c2", node: "#p2", given: "\(minute)", correct: false, at: Self.at(minute + 1),
          review: ReviewMark(rating: 1), values: ShownValues([values])))
    }
    let report = LearnerReport.build(course: try course(), state: state, user: "ann", now: Self.at(60))
    XCTAssertEqual(report.calculatedMistakes.map(\.shownPrompt), ["1.5 L in cm³?", "1.5 L in cm³?", "{V} L in cm³?"])
    let text = report.render(.text, style: ReportStyle())
    XCTAssertTrue(
      text.contains(
        "\n  2 1.5 L in cm³?\n    you: 0 (V = 1.5)    right: 1500 cm³\n    you: 1 (V = 1.5)    right: 1500 cm³\n"
          + "  2 {V} L in cm³?\n    you: 2 (W = 3)\n"), text)
  }

  func testJSONListsEveryOneAndFollowsTheSchema() throws {
    let json = try JSONParser.parse(try report().render(.json, style: ReportStyle()))
    let listed = try XCTUnwrap(json["calculatedMistakes"]?.array)
    XCTAssertEqual(listed.count, 7)
    XCTAssertEqual(
      JSONWriter.compact(listed[0]),
      #"{"question":"c1","address":"1","prompt":"Morning {t1} ℃, noon {t2} ℃. How much warmer at noon? (℃)","shownPrompt":"Morning -15 ℃, noon 12 ℃. How much warmer at noon? (℃)","given":"30","chosen":null,"asTyped":false,"values":{"t1":"-15","t2":"12"},"answer":"27 ℃","time":"2026-12-01T08:01:00Z"}"#
    )
    let checker = try SchemaChecker(ReportSchema.learner)
    XCTAssertEqual(checker.check(json), [])
    let broken = try JSONParser.parse(
      JSONWriter.compact(json).replacingOccurrences(of: #""t1":"-15""#, with: #""t1":-15"#))
    XCTAssertFalse(checker.check(broken).isEmpty)
    // No calculated mistakes: no member, so every other report reads as before.
    let none = LearnerReport.build(course: try course(), state: ProgressState(), user: "ann", now: Self.at(60))
    XCTAssertNil(try JSONParser.parse(none.render(.json, style: ReportStyle()))["calculatedMistakes"])
  }

  /// The item analysis reads a calculated question's answer against the values it was given for, and lists it
  /// with them: the same typed number is right for one draw and wrong for another.
  func testTheItemAnalysisListsCalculatedAnswersWithTheirValues() throws {
    func learner(_ given: String, _ correct: Bool, _ values: ShownValues?) -> ProgressState {
      var state = ProgressState()
      state.apply(
        .sessionStarted(session: "s", node: "#p1", questions: ["c1", "t1"], at: Self.at(0), kind: .full, seed: nil))
      state.apply(
        .answered(
          session: "s", question: "c1", node: "#p1", given: given, correct: correct, at: Self.at(1),
          review: ReviewMark(rating: correct ? 3 : 1), values: values))
      state.apply(
        .answered(
          session: "s", question: "t1", node: "#p1", given: "t", correct: true, at: Self.at(2),
          review: ReviewMark(rating: 3)))
      state.apply(.sessionEnded(session: "s", at: Self.at(3), score: 100, endedEarly: false))
      return state
    }
    let states = [
      ("ann", learner("27", true, ShownValues([("t1", "-15"), ("t2", "12")]))),
      ("bob", learner("27", false, ShownValues([("t1", "-2"), ("t2", "16")]))),
      ("cat", learner("18", true, ShownValues([("t1", "-2"), ("t2", "16")]))),
      ("dan", learner("27", false, nil)),  // recorded before values were kept: read the usual way (it cannot be)
    ]
    let analysis = ItemAnalysis.build(
      course: try course(), states: states.map { (user: $0.0, state: $0.1) }, root: 0, attempts: .first,
      now: Self.at(60))
    let item = try XCTUnwrap(analysis.items.first(where: { $0.questionID == "c1" }))
    XCTAssertEqual(
      Set(item.responses.map { "\($0.text) \($0.right) \($0.count)" }),
      ["27 ℃ (t1 = -15, t2 = 12) true 1", "27 ℃ (t1 = -2, t2 = 16) false 1", "18 ℃ (t1 = -2, t2 = 16) true 1"])
    XCTAssertEqual(item.otherAnswers, 1)
  }
}
