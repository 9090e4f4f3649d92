import CourseOutline
import Foundation
import Localization
import PracticeJSON
import PracticeTestSupport
import ProgressStorage
import QuizEngine
import XCTest

@testable import Reports

/// The item analysis of a generated class: who counts as an attempt, the responses, and the golden reports.
final class ItemAnalysisTests: XCTestCase {
  /// Marks of q1 q2 q3 q4 (chapter 1 of the fixture course) per learner, strongest first; nil is a skip.
  /// q1 is answered right by the weaker learners: a negative discrimination, flagged.
  static let marks: [[Bool?]] = [
    [false, true, true, true], [false, true, true, true], [false, true, true, false], [true, true, false, true],
    [false, true, true, false], [true, false, true, false], [true, true, false, false], [true, false, false, true],
    [true, false, false, false], [true, false, nil, false],
  ]

  static func given(_ question: String, right: Bool, learner: Int) -> String {
    switch question {
    case "q1": return right ? "对" : "错"
    case "q2": return right ? "a" : "B"
    case "q3": return right ? (learner % 2 == 0 ? "不变" : "不变。") : (learner % 3 == 0 ? "升高" : "降低")
    default: return right ? "0" : "5 °C"
    }
  }

  /// Ten learners' first attempts at chapter 1, and besides them what must not count: a mistakes round, a
  /// session left early, a session on a part, a second attempt (counted only by `.all`), a `!!` override.
  static func states() -> [(user: String, state: ProgressState)] {
    var out: [(user: String, state: ProgressState)] = []
    let questions = ["q1", "q2", "q3", "q4"]
    let owner = ["q1": "#ch1.1", "q2": "#ch1.1", "q3": "#ch1.2", "q4": "#ch1.2"]
    for (n, row) in marks.enumerated() {
      var state = ProgressState()
      var t = ReportFixtures.at(2 + n, 9)
      func next() -> Date {
        t = t.addingTimeInterval(60)
        return t
      }
      // Left early: not an attempt.
      state.apply(.sessionStarted(session: "e\(n)", node: "#ch1", questions: questions, at: next()))
      state.apply(
        .answered(session: "e\(n)", question: "q1", node: "#ch1.1", given: "错", correct: false, at: next()))
      state.apply(.sessionEnded(session: "e\(n)", at: next(), score: 0, endedEarly: true))
      for (attempt, id) in ["a\(n)", "b\(n)"].enumerated() where attempt == 0 || n < 3 {
        state.apply(.sessionStarted(session: id, node: "#ch1", questions: questions, at: next()))
        for (q, mark) in zip(questions, row) {
          // The second attempt: everything right.
          let right = attempt == 1 ? true : mark
          if let right {
            // Learner 4 overrules a wrong q4 ("5 °C"): it counts as right.
            let overrule = n == 3 && q == "q2"
            state.apply(
              .answered(
                session: id, question: q, node: owner[q]!, given: given(q, right: right && !overrule, learner: n),
                correct: right && !overrule, at: next()))
            if overrule { state.apply(.overruled(session: id, question: q, node: owner[q]!, at: next())) }
          } else {
            state.apply(.skipped(session: id, question: q, node: owner[q]!, at: next(), review: ReviewMark(rating: 1)))
          }
        }
        state.apply(.sessionEnded(session: id, at: next(), score: 50, endedEarly: false))
      }
      // A mistakes round and a session on a part: neither is an attempt at chapter 1.
      state.apply(.sessionStarted(session: "m\(n)", node: "#ch1", questions: ["q1"], at: next(), kind: .mistakes))
      state.apply(.answered(session: "m\(n)", question: "q1", node: "#ch1.1", given: "对", correct: true, at: next()))
      state.apply(.sessionEnded(session: "m\(n)", at: next(), score: 100, endedEarly: false))
      state.apply(.sessionStarted(session: "p\(n)", node: "#ch1.1", questions: ["q1", "q2"], at: next()))
      state.apply(.answered(session: "p\(n)", question: "q1", node: "#ch1.1", given: "对", correct: true, at: next()))
      state.apply(.answered(session: "p\(n)", question: "q2", node: "#ch1.1", given: "a", correct: true, at: next()))
      state.apply(.sessionEnded(session: "p\(n)", at: next(), score: 100, endedEarly: false))
      out.append((user: "learner\(n + 1)", state: state))
    }
    out.append((user: "王小明", state: ProgressState()))
    return out
  }

  func analysis(_ rule: ItemAnalysis.AttemptRule = .first) throws -> ItemAnalysis {
    let course = try ReportFixtures.course()
    return ItemAnalysis.build(
      course: course, states: Self.states(), root: course.index(ofID: "ch1"), attempts: rule, now: ReportFixtures.now)
  }

  func testAttemptsAreFinishedFullSessionsOnTheNodeItself() throws {
    let first = try analysis()
    XCTAssertEqual(first.test.attempts, 10)
    XCTAssertEqual(first.learners, 11)
    XCTAssertEqual(first.learnersWithAttempts, 10)
    XCTAssertEqual(first.items.map(\.questionID), ["q1", "q2", "q3", "q4"])
    // The marks as given, the override counted right.
    let expected = ItemStatistics(
      marks: Self.marks.enumerated().map { n, row in
        row.enumerated().map { q, mark in n == 3 && q == 1 ? 1 : (mark == true ? 1 : 0) }
      }, randomGuessScores: [0.5, 0.5, nil, nil])
    XCTAssertEqual(first.items.map(\.statistics), expected.questions)
    XCTAssertEqual(first.test, expected.test)
    XCTAssertEqual(first.overruled, 1)
    XCTAssertEqual(first.items[2].skipped, 1)
    XCTAssertEqual(first.items[0].statistics.flags, [.negativeDiscrimination])
    let all = try analysis(.all)
    XCTAssertEqual(all.test.attempts, 13)
    XCTAssertEqual(all.items[0].statistics.attempts, 13)
  }

  func testResponses() throws {
    let items = try analysis().items
    // True or false: the options true and false, the right one marked.
    XCTAssertEqual(
      items[0].responses,
      [ItemResponse(text: "true", count: 6, right: true), ItemResponse(text: "false", count: 4, right: false)])
    // The overruled "B" is counted as chosen: what was typed, not the verdict.
    XCTAssertEqual(items[1].responses.map(\.count), [5, 5])
    XCTAssertEqual(items[1].responses.map(\.right), [true, false])
    // Fill-ins as the grader reads them: `不变。` is `不变`.
    XCTAssertEqual(
      items[2].responses,
      [
        ItemResponse(text: "不变", count: 5, right: true), ItemResponse(text: "升高", count: 2, right: false),
        ItemResponse(text: "降低", count: 2, right: false),
      ])
    XCTAssertEqual(items[3].responses.map(\.text), ["5 °C", "0 °C"])
  }

  func testGoldenItemReports() throws {
    var report = try analysis()
    for format in ReportFormat.allCases {
      GoldenFile.assertMatches(
        report.render(format), at: ReportFixtures.snapshots.appendingPathComponent("items.\(format.rawValue)"))
    }
    report.messages = Localizer(language: .chinese)
    for format in [ReportFormat.text, .md, .html] {
      GoldenFile.assertMatches(
        report.render(format), at: ReportFixtures.snapshots.appendingPathComponent("items-zh.\(format.rawValue)"))
    }
    GoldenFile.assertMatches(
      report.render(.text, style: .plain), at: ReportFixtures.snapshots.appendingPathComponent("items-ascii.text"))
  }

  /// The JSON has the schema's fields, and its figures are the statistics' own, unrounded.
  func testJSONFollowsTheSchema() throws {
    let report = try analysis()
    let schema = try String(
      contentsOf: Repository.root.appendingPathComponent("schemas/item-analysis-v1.json"), encoding: .utf8)
    let value = try JSONParser.parse(report.render(.json))
    XCTAssertEqual(try SchemaChecker(schema).check(value), [])
    let items = try XCTUnwrap(value.members?.first { $0.key == "items" }?.value.array)
    let facility = items[0].members?.first { $0.key == "facility" }?.value.double
    XCTAssertEqual(facility, report.items[0].statistics.facility)
  }
  /// The schema names every type an item analysis can list: each question type but the essay,
  /// which is graded by no one (a new type must be added to the schema too).
  func testSchemaNamesEveryAnalysedQuestionType() throws {
    let schema = try JSONParser.parse(
      String(
        contentsOf: Repository.root.appendingPathComponent("schemas/item-analysis-v1.json"), encoding: .utf8))
    func member(_ value: JSONValue?, _ key: String) -> JSONValue? { value?.members?.first { $0.key == key }?.value }
    let item = member(member(member(member(schema, "properties"), "items"), "items"), "properties")
    let names = try XCTUnwrap(member(member(item, "type"), "enum")?.array).compactMap(\.string)
    let analysed = QuestionType.allCases.filter { $0 != .essay }.map(\.rawValue)
    XCTAssertEqual(Set(names), Set(analysed))
    XCTAssertEqual(names.count, analysed.count)
  }

  /// A shuffled session's letters name the options as that session showed them: replayed from its seed.
  func testShuffledOptionsAreReadAsTheSessionShowedThem() throws {
    let course = try ReportFixtures.course()
    let chapter = try XCTUnwrap(course.index(ofID: "ch1.1"))
    let questions = course.questions(inSubtreeOf: chapter)
    var states: [(user: String, state: ProgressState)] = []
    var typed: Set<String> = []
    for seed in UInt64(1)...6 {
      let shown = PracticeSession(questions: questions, seed: seed, startedAt: ReportFixtures.now).presented
      var state = ProgressState()
      let t = ReportFixtures.at(3, 9)
      state.apply(
        .sessionStarted(session: "s", node: "#ch1.1", questions: shown.map(\.id), at: t, seed: seed))
      for (n, question) in shown.enumerated() {
        // Each learner picks the letter under which the course's first option was shown.
        let letter = question.id == "q2" ? ["a", "b"][question.optionOrder.firstIndex(of: 0)!] : "对"
        typed.insert(letter)
        state.apply(
          .answered(
            session: "s", question: question.id, node: "#ch1.1", given: letter, correct: true,
            at: t.addingTimeInterval(Double(n + 1))))
      }
      states.append((user: "l\(seed)", state: state))
    }
    let analysis = ItemAnalysis.build(
      course: course, states: states, root: chapter, attempts: .first, now: ReportFixtures.now)
    XCTAssertEqual(typed, ["a", "b", "对"], "the seeds showed the options in both orders")
    XCTAssertEqual(analysis.test.attempts, 6)
    XCTAssertEqual(analysis.items[1].responses.map(\.count), [6, 0])
  }
}

/// A question's picture in the item analysis reads in the teacher's language in text, Markdown and HTML
/// (`[图片：…]`), and stays English in JSON, as JSON's other words do.
final class ItemAnalysisMediaTests: XCTestCase {
  func testPlaceholdersSpeakTheReportsLanguage() throws {
    let json = #"""
      {"format": "practice-course", "version": 1, "id": "pics", "title": "看图",
       "nodes": [{"id": "ch1", "title": "温度计", "questions": [
         {"id": "q1", "type": "fill", "format": "html", "prompt": "<p>看图：<img src=\"t.png\" alt=\"一支温度计\"></p>示数？",
          "explanation": "", "answers": ["37"]}]}]}
      """#
    let (parsed, problems) = CourseLoader().parse(Array(json.utf8), file: "pics.json")
    XCTAssertEqual(problems.map(\.description), [])
    let course = try XCTUnwrap(parsed)
    let chinese = Localizer(language: .chinese)
    var state = ProgressState()
    let t = ReportFixtures.at(2, 9)
    state.apply(.sessionStarted(session: "s1", node: "#ch1", questions: ["q1"], at: t))
    state.apply(.answered(session: "s1", question: "q1", node: "#ch1", given: "36", correct: false, at: t))
    state.apply(.sessionEnded(session: "s1", at: t, score: 0, endedEarly: false))
    var analysis = ItemAnalysis.build(
      course: course, states: [(user: "小明", state: state)], root: nil, attempts: .first, now: ReportFixtures.now,
      labels: .localized(chinese))
    analysis.messages = chinese
    let text = analysis.render(.text)
    XCTAssertTrue(text.contains("[图片：一支温度计]"), text)
    XCTAssertFalse(text.contains("[image"), text)
    let markdown = analysis.render(.md)
    XCTAssertTrue(markdown.contains("图片：一支温度计") && !markdown.contains("image"), markdown)
    XCTAssertTrue(analysis.render(.json).contains("[image: 一支温度计]"))
  }
}
