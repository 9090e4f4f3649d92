import CourseOutline
import Foundation
import Localization
import PracticeTestSupport
import ProgressStorage
import TextLayout
import XCTest

/// A small course and a scripted history with fixed dates, shared by the report tests.
enum ReportFixtures {
  /// The golden files the report tests compare against.
  static let snapshots = Repository.root.appendingPathComponent("Tests/ReportsTests/Snapshots")

  static let courseJSON = #"""
    {
      "format": "practice-course", "version": 1, "id": "physics-mini",
      "title": "八年级物理 <小测> & 复习",
      "nodes": [
        {"id": "ch1", "title": "第一章 物态变化", "children": [
          {"id": "ch1.1", "title": "温度", "questions": [
            {"id": "q1", "type": "truefalse", "prompt": "冰水混合物是0℃", "explanation": "定义", "answer": true},
            {"id": "q2", "type": "single", "prompt": "体温计量程", "explanation": "35~42", "options": ["35~42℃", "0~100℃"], "answer": 0}
          ]},
          {"id": "ch1.2", "title": "熔化和凝固", "questions": [
            {"id": "q3", "type": "fill", "prompt": "晶体熔化时温度", "explanation": "不变", "answers": ["不变"]},
            {"id": "q4", "type": "numeric", "prompt": "冰的熔点", "explanation": "0", "answer": 0, "unit": "°C", "tolerance": 0.1}
          ]},
          {"id": "ch1.3", "title": "汽化, \"液化\" | 升华"}
        ]},
        {"id": "ch2", "title": "Chapter 2: Light <optics>", "children": [
          {"id": "ch2.1", "title": "光的直线传播", "questions": [
            {"id": "q5", "type": "truefalse", "prompt": "光在同种均匀介质中沿直线传播", "explanation": "是", "answer": true}
          ]},
          {"id": "ch2.2", "title": "Reflection & mirrors", "questions": [
            {"id": "q6", "type": "truefalse", "prompt": "入射角等于反射角", "explanation": "是", "answer": true}
          ]}
        ]}
      ]
    }
    """#

  static func course() throws -> Course {
    let (course, problems) = CourseLoader().parse(Array(courseJSON.utf8), file: "physics-mini.json")
    XCTAssertEqual(problems.map(\.description), [])
    return try XCTUnwrap(course)
  }

  /// 2026-03-01T00:00:00Z.
  static let march1 = Date(timeIntervalSince1970: 1_772_323_200)
  /// 2026-03-31T12:00:00Z, the report's "now".
  static let now = Date(timeIntervalSince1970: 1_774_958_400)

  /// `day` 1-based in March 2026, at `hour:minute` UTC.
  static func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
    march1.addingTimeInterval(Double((day - 1) * 86_400 + hour * 3600 + minute * 60))
  }

  /// The scripted history, as the shell would record it.
  static var events: [ProgressEvent] {
    var e: [ProgressEvent] = []
    // Before the 30-day window: answers on a part never opened.
    e += session("s0", node: "#ch2.2", start: at(-8, 9), answers: [("q6", false), ("q6", true)], score: 50)
    e.append(.nodeOpened(node: "#ch1", at: at(1, 8)))
    e.append(.nodeOpened(node: "#ch1.1", at: at(1, 8)))
    e += session("s1", node: "#ch1.1", start: at(1, 8), answers: [("q1", true), ("q2", false)], score: 50)
    e += session("s2", node: "#ch1.1", start: at(3, 19), answers: [("q1", true), ("q2", true)], score: 100)
    e.append(.nodeOpened(node: "#ch1.2", at: at(5, 7)))
    e += session("s3", node: "#ch1.2", start: at(5, 7), answers: [("q3", false), ("q4", true)], score: 50)
    // Left without ending: counts until its last answer.
    e += session("s4", node: "#ch1", start: at(10, 20), answers: [("q1", true), ("q3", false)], score: nil)
    e.append(.nodeOpened(node: "#ch2.1", at: at(28, 6)))
    e += session("s5", node: "#ch2.1", start: at(29, 6), answers: [("q5", false)], score: 0, early: true)
    return e
  }

  static func session(
    _ id: String, node: String, start: Date, answers: [(String, Bool)], score: Double?, early: Bool = false
  ) -> [ProgressEvent] {
    var e: [ProgressEvent] = [
      .sessionStarted(session: id, node: node, questions: answers.map(\.0), at: start)
    ]
    var t = start
    for (question, correct) in answers {
      t = t.addingTimeInterval(75)
      e.append(
        .answered(
          session: id, question: question, node: node, given: correct ? "right" : "wrong", correct: correct, at: t))
    }
    if let score { e.append(.sessionEnded(session: id, at: t.addingTimeInterval(30), score: score, endedEarly: early)) }
    return e
  }

  static func state() -> ProgressState {
    var state = ProgressState()
    for event in events { state.apply(event) }
    return state
  }

  /// Checks, in English and Chinese at every one of `widths`, that every line of `render(language,
  /// width)` fits and that no title is cut: each of `titles` is there whole (wrapped at will).
  static func assertEveryLineFits(
    widths: ClosedRange<Int>, titles: [String], file: StaticString = #filePath, line: UInt = #line,
    _ render: (Language, Int) -> String
  ) {
    for language in [Language.english, .chinese] {
      for width in widths {
        let text = render(language, width)
        for row in text.split(separator: "\n") where DisplayWidth.of(String(row)) > width {
          XCTFail("\(language) at \(width): \(row)", file: file, line: line)
        }
        XCTAssertFalse(text.contains("…"), "\(language) at \(width): a title was cut\n\(text)", file: file, line: line)
        let letters = text.filter { !$0.isWhitespace }
        for title in titles where !letters.contains(title.filter { !$0.isWhitespace }) {
          XCTFail("\(language) at \(width): \(title) is not whole\n\(text)", file: file, line: line)
        }
      }
    }
  }
}
