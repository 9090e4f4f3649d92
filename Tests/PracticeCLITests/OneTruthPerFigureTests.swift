import CourseOutline
import Foundation
import Localization
import PracticeJSON
import PracticeTestSupport
import PracticeTime
import ProgressStorage
import QuizEngine
import Reports
import Scheduling
import XCTest

@testable import PracticeCLI

/// Issue 27: every view shows the one function's value. Random histories over 60 simulated days in
/// three zones, with study days starting at midnight and at 04:00; for every node, the outline
/// (`ls`), `info`, `due`, the learner report (JSON) and the class report show what `StudyFigures`
/// (and `StudyFigures.dueToday`) compute: due, mastered, to retry, read, sessions, best, last,
/// accuracy, first and last studied.
final class OneTruthPerFigureTests: XCTestCase {
  func testEveryViewShowsTheOneFiguresValue() throws {
    let course = try ReportFixturesCourse.course()
    let read: (String) -> [UInt8]? = { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
    var generator = SeededRandomNumberGenerator(seed: 27)
    var checked = 0
    // The histories are not trivial: somewhere something is due, mastered, best-scored and unread.
    var seen: Set<String> = []
    for zoneName in ["UTC", "Asia/Shanghai", "America/Los_Angeles"] {
      guard let zone = TimeZoneRules.resolve(tz: zoneName, read: read) else {
        throw XCTSkip("no zone data for \(zoneName)")
      }
      for startHour in [0, 4] {
        let studyDay = StudyDay(zone: zone, startHour: startHour)
        let folder = TemporaryFolder()
        // A low threshold: the running program's state is compacted now and then, as in long use.
        var options = ProgressStoreOptions()
        options.compactionThreshold = 40
        let store = try ProgressStore(directory: folder.path + "/p", options: options)
        let now = try history(into: store, course: course, zone: zone, using: &generator)
        let progress = LearnerProgress(store: store, course: course, style: OutputStyle(), clock: FixedClock(now))
        progress.studyDay = studyDay
        var messages = Localizer.english
        messages.timeZone = zone
        progress.messages = messages
        let whole = try ReadOnlyProgress.load(directory: folder.path + "/p").state
        // The one function's values, from the whole history.
        let memories = whole.memories()
        let one = StudyFigures(course: course, state: whole, memories: memories)
        let dueToday = StudyFigures.dueToday(course: course, memories: memories, before: studyDay.end(of: now))
        let week = StudyFigures.dueByDay(course: course, memories: memories, studyDay: studyDay, now: now, days: 8)
        // The views.
        let shown = progress.figures()
        let report = LearnerReport.build(course: course, state: whole, user: "ann", now: now, studyDay: studyDay)
        let json = try JSONParser.parse(report.render(.json, style: ReportStyle()))
        var reportNodes: [String: JSONValue] = [:]
        func walk(_ nodes: [JSONValue]) {
          for node in nodes {
            if let address = node["address"]?.string { reportNodes[address] = node }
            walk(node["children"]?.array ?? [])
          }
        }
        walk(json["nodes"]?.array ?? [])
        let classReport = ClassReport.build(course: course, states: [("ann", whole)], now: now, studyDay: studyDay)
        let context = "\(zoneName), day starts \(startHour)"
        for node in course.nodes.indices {
          let address = course.address(of: node)
          let at = "\(context), node \(address)"
          let r = try XCTUnwrap(reportNodes[address], at)
          // due
          XCTAssertEqual(progress.dueCount(of: node), dueToday[node], at)
          XCTAssertEqual(week[node][0], dueToday[node], at)
          XCTAssertEqual(r["due"]?.int, dueToday[node], at)
          // mastered, to retry, read, sessions, best, last
          XCTAssertEqual(shown.mastered[node], one.mastered[node], at)
          XCTAssertEqual(r["mastered"]?.int, one.mastered[node], at)
          XCTAssertEqual(shown.toRetry[node], one.toRetry[node], at)
          XCTAssertEqual(r["toRetry"]?.int, one.toRetry[node], at)
          XCTAssertEqual(shown.read[node], one.read[node], at)
          XCTAssertEqual(r["hadRead"]?.bool, one.read[node], at)
          XCTAssertEqual(shown.sessions[node], one.sessions[node], at)
          XCTAssertEqual(r["sessions"]?.int, one.sessions[node], at)
          XCTAssertEqual(shown.best[node], one.best[node], at)
          XCTAssertEqual(shown.last[node], one.last[node], at)
          XCTAssertEqual(r["bestScore"]?.double, one.best[node].map { ($0 * 100).rounded() / 100 }, at)
          XCTAssertEqual(r["lastScore"]?.double, one.last[node].map { ($0 * 100).rounded() / 100 }, at)
          XCTAssertEqual(
            classReport.nodes[node].averageScore.map { ($0 * 100).rounded() / 100 },
            one.best[node].map { ($0 * 100).rounded() / 100 }, at)
          XCTAssertEqual(classReport.nodes[node].usersRead, one.read[node] ? 1 : 0, at)
          // first and last studied
          XCTAssertEqual(shown.firstStudied[node], one.firstStudied[node], at)
          XCTAssertEqual(shown.lastStudied[node], one.lastStudied[node], at)
          XCTAssertEqual(r["lastStudied"]?.string, one.lastStudied[node].map(UTCTime.iso8601), at)
          // accuracy: every answer ever given
          let questions = course.questions(inSubtreeOf: node).compactMap { whole.questions[$0.id] }
          let (answers, right) = questions.reduce((0, 0)) { ($0.0 + $1.attempts, $0.1 + $1.correct) }
          let accuracy = answers > 0 ? (Double(right) * 100 / Double(answers) * 100).rounded() / 100 : nil
          XCTAssertEqual(r["accuracy"]?.double, accuracy, at)
          // What info says, in words.
          let info = Dictionary(uniqueKeysWithValues: progress.infoFields(of: node, in: course))
          XCTAssertEqual(info["first studied"], one.firstStudied[node].map(messages.dateTime), at)
          XCTAssertEqual(info["last studied"], one.lastStudied[node].map(messages.dateTime), at)
          XCTAssertEqual(
            info["sessions"],
            one.sessions[node] > 0
              ? messages.trn("{count} session", "{count} sessions", count: one.sessions[node]) : nil, at)
          if one.questions[node] > 0 {
            XCTAssertTrue(
              info["mastery"]?.hasPrefix("\(one.mastered[node])/\(one.questions[node]) mastered") == true,
              "\(at): \(info)")
            XCTAssertTrue(info["mastery"]?.contains("\(one.toRetry[node]) to retry") == true, "\(at): \(info)")
          }
          // What `ls` says.
          let status = progress.status(of: node, in: course) ?? ""
          XCTAssertEqual(status.contains("\(dueToday[node]) due"), dueToday[node] > 0, "\(at): \(status)")
          if let best = one.best[node] {
            XCTAssertTrue(status.contains("best \(Int(best.rounded()))%"), "\(at): \(status)")
          } else {
            XCTAssertFalse(status.contains("best"), "\(at): \(status)")
          }
          checked += 1
          if dueToday[node] > 0 { seen.insert("due") }
          if one.mastered[node] > 0 { seen.insert("mastered") }
          if one.best[node] != nil { seen.insert("best") }
          if !one.read[node] { seen.insert("unread") }
          if one.toRetry[node] > 0 { seen.insert("to retry") }
        }
        store.close()
      }
    }
    XCTAssertEqual(checked, 6 * course.count)
    XCTAssertEqual(seen, ["due", "mastered", "best", "unread", "to retry"])
  }

  /// Sixty days of sessions at random local hours (some after midnight, before the day starts):
  /// full sessions, mistakes rounds and reviews, on parts, chapters and the whole course, finished
  /// or left early, with wrong, right and skipped answers and parts opened between. Returns "now".
  func history(
    into store: ProgressStore, course: Course, zone: TimeZoneRules, using generator: inout SeededRandomNumberGenerator
  ) throws -> Date {
    let nodes = course.nodes.indices.map { course.key(of: $0) } + [""]
    let start = 1_772_323_200  // 2026-03-01, local midnight give or take the offset
    var last = Date(timeIntervalSince1970: Double(start))
    var id = 0
    for day in 0..<60 {
      for _ in 0..<Int.random(in: 0...3, using: &generator) {
        // A local hour from 06:00 to 03:00 the next night.
        let local = start + day * 86_400 + Int.random(in: 6 * 3600..<27 * 3600, using: &generator)
        var time = Date(
          timeIntervalSince1970: Double(local - zone.offset(at: Date(timeIntervalSince1970: Double(local)))))
        guard time > last else { continue }
        let key = nodes.randomElement(using: &generator)!
        if Int.random(in: 0..<4, using: &generator) == 0, !key.isEmpty {
          try store.record(.nodeOpened(node: key, at: time))
          last = time
          continue
        }
        let index = key.isEmpty ? nil : StudyFigures.index(ofKey: key, in: course)
        let questions = index.map { course.questions(inSubtreeOf: $0) } ?? course.nodes.flatMap(\.questions)
        guard !questions.isEmpty else { continue }
        let kind: SessionKind =
          key.isEmpty ? .review : [.full, .full, .mistakes, .review].randomElement(using: &generator)!
        id += 1
        let session = "s\(id)"
        let asked = questions.map(\.id)
        try store.record(.sessionStarted(session: session, node: key, questions: asked, at: time, kind: kind, seed: 1))
        let reached = Int.random(in: 0...asked.count + 2, using: &generator)
        for question in asked.prefix(reached) {
          time = time.addingTimeInterval(Double(Int.random(in: 5...90, using: &generator)))
          let owner = course.nodes.indices.first { course.nodes[$0].questions.contains { $0.id == question } }!
          let ownerKey = course.key(of: owner)
          switch Int.random(in: 0..<6, using: &generator) {
          case 0:
            try store.record(
              .skipped(session: session, question: question, node: ownerKey, at: time, review: ReviewMark(rating: 1)))
          default:
            let right = Int.random(in: 0..<4, using: &generator) > 0
            try store.record(
              .answered(
                session: session, question: question, node: ownerKey, given: right ? "r" : "w", correct: right,
                at: time, review: ReviewMark(rating: right ? 3 : 1)))
          }
        }
        time = time.addingTimeInterval(10)
        let finished = reached >= asked.count
        try store.record(.sessionEnded(session: session, at: time, score: nil, endedEarly: !finished))
        last = time
      }
    }
    return last.addingTimeInterval(Double(Int.random(in: 60...40 * 3600, using: &generator)))
  }
}

/// The report tests' small course (two chapters, five parts, six questions), for the CLI's views.
enum ReportFixturesCourse {
  static func course() throws -> Course {
    let json = #"""
      {"format": "practice-course", "id": "mini", "title": "Mini", "nodes": [
        {"id": "ch1", "title": "One", "children": [
          {"id": "ch1.1", "title": "Temperature", "questions": [
            {"id": "q1", "type": "truefalse", "prompt": "a", "answer": true, "explanation": "x"},
            {"id": "q2", "type": "truefalse", "prompt": "b", "answer": false, "explanation": "x"}]},
          {"id": "ch1.2", "title": "Melting", "questions": [
            {"id": "q3", "type": "truefalse", "prompt": "c", "answer": true, "explanation": "x"},
            {"id": "q4", "type": "truefalse", "prompt": "d", "answer": true, "explanation": "x"}]},
          {"id": "ch1.3", "title": "Reading"}]},
        {"id": "ch2", "title": "Two", "children": [
          {"id": "ch2.1", "title": "Light", "questions": [{"id": "q5", "type": "truefalse", "prompt": "e", "answer": true, "explanation": "x"}]},
          {"id": "ch2.2", "title": "Mirrors", "questions": [{"id": "q6", "type": "truefalse", "prompt": "f", "answer": true, "explanation": "x"}]}
        ]}]}
      """#
    let (course, problems) = CourseLoader().parse(Array(json.utf8), file: "mini.json")
    XCTAssertEqual(problems.map(\.description), [])
    return try XCTUnwrap(course)
  }
}
