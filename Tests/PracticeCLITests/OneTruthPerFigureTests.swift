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
import Study
import XCTest

@testable import PracticeCLI

/// Issue 27: every view shows the one function's value. Random histories over 60 simulated days in
/// three zones, with study days starting at midnight and at 04:00; for every node, the outline
/// (`ls`), `info`, `due` (the command's table), `mistakes`, `review`'s header, the greeting, the
/// learner report (JSON), the class report and `practice schedule` show what `StudyFigures`
/// computes: due, new, mastered, to retry, read, sessions, best, last, accuracy, first and last
/// studied, time spent. Read, new and time spent are also recomputed here from the raw history.
final class OneTruthPerFigureTests: XCTestCase {
  func testEveryViewShowsTheOneFiguresValue() throws {
    let course = try ReportFixturesCourse.course()
    let read: (String) -> [UInt8]? = { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
    var generator = SeededRandomNumberGenerator(seed: 8)
    var checked = 0
    // The histories are not trivial: somewhere something is due, mastered, best-scored and unread.
    var seen: Set<String> = []
    // Daily limits low enough to bind now and then (the course has six questions).
    var limitsTried: Set<String> = []
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
        var messages = Localizer.english
        messages.timeZone = zone
        let progress = LearnerProgress(
          store: store, course: course, style: OutputStyle(), clock: FixedClock(now), messages: messages,
          studyDay: studyDay)
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
        let schedule = try JSONParser.parse(
          ScheduleReport.build(course: course, memories: memories, now: now, root: nil).render(.json))
        let context = "\(zoneName), day starts \(startHour)"
        // The raw history's own account of read, new and time spent.
        var answeredOutsideReviews = Set<String>()
        var ownSpent = [Int64](repeating: 0, count: course.count)
        for session in whole.sessions.values {
          // Sessions on a node read their parts; reviews and whole-course mistakes rounds do not.
          if session.kind != .review && !(session.kind == .mistakes && session.node.isEmpty) {
            answeredOutsideReviews.formUnion(session.answers.map(\.questionID))
          }
          if !session.isEmpty, let i = StudyFigures.index(ofKey: session.node, in: course) {
            ownSpent[i] += session.activeMilliseconds
          }
        }
        // A leaf is read when opened or answered outside a review; a parent when all its leaves are.
        func expectedRead(_ node: Int) -> Bool {
          let n = course.nodes[node]
          guard n.subtreeEnd == node + 1 else {
            return (node + 1..<n.subtreeEnd).filter { course.nodes[$0].subtreeEnd == $0 + 1 }.allSatisfy(expectedRead)
          }
          return whole.nodes[course.key(of: node)]?.hadRead == true
            || n.questions.contains { answeredOutsideReviews.contains($0.id) }
        }
        let scheduleRows = schedule["questions"]?.array ?? []
        // The REPL over the same progress, with daily limits that may bind.
        let limits = DailyLimits(
          newPerDay: Int.random(in: 0...3, using: &generator), reviewsPerDay: Int.random(in: 0...4, using: &generator))
        let (shell, text) = replShell(
          course: course, progress: progress, now: now, messages: messages, limits: limits, studyDay: studyDay)
        _ = shell.handle("due")
        let dueText = text.text
        let dueRows = Self.dueRows(dueText)
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
          XCTAssertEqual(one.read[node], expectedRead(node), at)
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
          // new: never answered or skipped
          let subtree = course.questions(inSubtreeOf: node)
          let new = subtree.filter { memories[$0.id] == nil }.count
          XCTAssertEqual(one.new[node], new, at)
          XCTAssertEqual(shown.new[node], new, at)
          XCTAssertEqual(r["new"]?.int, new, at)
          // `practice schedule`: its rows in the subtree say the same new and due today
          let addresses = Set((node..<course.nodes[node].subtreeEnd).map { course.address(of: $0) })
          let rows = scheduleRows.filter { addresses.contains($0["node"]?.string ?? "") }
          XCTAssertEqual(rows.count, one.questions[node], at)
          XCTAssertEqual(rows.filter { $0["state"]?.string == "new" }.count, new, at)
          let dayEnd = studyDay.end(of: now)
          XCTAssertEqual(
            rows.filter { row in
              row["due"]?.string.flatMap { ISO8601.parse($0) }.map { $0 < dayEnd } ?? false
            }.count, dueToday[node], at)
          // time spent: every counted session's active time, on its node's subtree
          let spent = (node..<course.nodes[node].subtreeEnd).reduce(Int64(0)) { $0 + ownSpent[$1] }
          XCTAssertEqual(StudyFigures.millisecondsSpent(course: course, state: whole)[node], spent, at)
          XCTAssertEqual(r["secondsSpent"]?.int, Int((spent + 500) / 1000), at)
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
          XCTAssertEqual(
            info["answers"]?.contains(
              "right (\(LearnerProgress.percent(Double(right) * 100 / Double(max(1, answers)))))"),
            answers > 0 ? true : nil, "\(at): \(info)")
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
          // `mistakes ADDR` asks exactly the questions to retry
          XCTAssertEqual(shell.policy(limits: limits).mistakes(in: node).count, one.toRetry[node], at)
          XCTAssertEqual(status.contains("\(one.toRetry[node]) to retry"), one.toRetry[node] > 0, "\(at): \(status)")
          // `due`: today's column and the next 7 study days
          let dueRow = dueRows[address]
          XCTAssertEqual(dueRow ?? [Int](repeating: 0, count: 8), week[node], "\(at): \(dueText)")
          checked += 1
          if one.new[node] > 0 && one.new[node] < one.questions[node] { seen.insert("new") }
          if spent > 0 { seen.insert("time") }
          if dueToday[node] > 0 { seen.insert("due") }
          if one.mastered[node] > 0 { seen.insert("mastered") }
          if one.best[node] != nil { seen.insert("best") }
          if !one.read[node] { seen.insert("unread") }
          if !one.read[node] && one.answered[node] > 0 { seen.insert("answered in reviews only") }
          if one.toRetry[node] > 0 { seen.insert("to retry") }
        }
        // The course's total: its chapters' sessions and time, and those of no node (whole-course
        // reviews and mistakes rounds), in the learner report and the class report alike.
        let wide = whole.sessions.values.filter { $0.node.isEmpty && !$0.isEmpty }
        let totalSessions = course.roots.reduce(0) { $0 + one.sessions[$1] } + wide.count
        let wideSpent: Int64 = wide.reduce(0) { $0 + $1.activeMilliseconds }
        let nodesSpent: Int64 = ownSpent.reduce(0, +)
        let totalSeconds = Int((nodesSpent + wideSpent + 500) / 1000)
        XCTAssertEqual(json["total"]?["sessions"]?.int, totalSessions, context)
        XCTAssertEqual(json["total"]?["secondsSpent"]?.int, totalSeconds, context)
        XCTAssertEqual(classReport.users.first?.total?.sessions, totalSessions, context)
        XCTAssertEqual(classReport.users.first?.total?.secondsSpent, totalSeconds, context)
        if !wide.isEmpty { seen.insert("whole-course sessions") }
        // Today's counts as a review asks them: within the day's limits, from what the day already asked.
        let dayStart = studyDay.start(of: now)
        var firstSeen: [String: Date] = [:]
        for session in whole.sessions.values {
          for item in session.answers + session.skips {
            firstSeen[item.questionID] = min(firstSeen[item.questionID] ?? item.time, item.time)
          }
        }
        let newBegunToday = firstSeen.values.filter { $0 >= dayStart }.count
        let reviewedToday = memories.filter { id, memory in
          (memory.lastReview.map { $0 >= dayStart } ?? false) && (firstSeen[id].map { $0 < dayStart } ?? true)
        }.count
        let context0 = "\(context), limits \(limits.newPerDay)/\(limits.reviewsPerDay)"
        // The greeting: the whole course's due today, and today's new from the parts started.
        let allDue = course.roots.reduce(0) { $0 + dueToday[$1] }
        let started = course.nodes.indices.filter { i in
          !course.nodes[i].questions.isEmpty
            && (whole.nodes[course.key(of: i)]?.hadRead == true
              || course.nodes[i].questions.contains { memories[$0.id] != nil })
        }
        let startedNew = started.reduce(0) { sum, i in
          sum + course.nodes[i].questions.filter { memories[$0.id] == nil }.count
        }
        let within = StudyFigures.reviewsToday(
          due: allDue, reviewsPerDay: limits.reviewsPerDay, reviewedToday: reviewedToday)
        let newNow = StudyFigures.newToday(
          available: startedNew, newPerDay: limits.newPerDay, newBegunToday: newBegunToday)
        let steps = shell.nextSteps()
        let first = steps.first ?? ""
        if allDue > 0 {
          seen.insert("greeting due")
          if within == 0 {
            XCTAssertTrue(first.contains("\(allDue) more due wait"), "\(context0): \(steps)")
            limitsTried.insert("reviews reached")
          } else if within == allDue && newNow == 0 {
            XCTAssertEqual(
              first,
              messages.trn(
                "{count} question due today → type {command}", "{count} questions due today → type {command}",
                count: allDue, ["command": "'review'"]), context0)
          } else {
            XCTAssertTrue(first.hasPrefix("Today: \(allDue) due"), "\(context0): \(steps)")
            XCTAssertEqual(first.contains("(\(within) within today's limit)"), within < allDue, "\(context0): \(steps)")
            XCTAssertEqual(first.contains(", \(newNow) new"), newNow > 0, "\(context0): \(steps)")
            if within < allDue { limitsTried.insert("reviews bind") }
          }
        } else if newNow > 0 {
          XCTAssertTrue(
            steps.contains { $0.contains("\(newNow) new question") } || steps.contains { $0.contains("stopped at") },
            "\(context0): \(steps)")
        }
        XCTAssertFalse(steps.contains { $0.contains(" due") && !$0.contains("\(allDue)") }, "\(context0): \(steps)")
        // `review` (the whole course, then each node): its header's due, new and waiting counts.
        for node in [nil] + course.nodes.indices.map(Optional.some) {
          let questions = node.map { course.questions(inSubtreeOf: $0) } ?? course.allQuestions
          guard !questions.isEmpty else { continue }
          let due = node.map { dueToday[$0] } ?? allDue
          let asked = StudyFigures.reviewsToday(
            due: due, reviewsPerDay: limits.reviewsPerDay, reviewedToday: reviewedToday)
          // A review of a node names what to review: every part under it counts as started.
          let fresh = StudyFigures.newToday(
            available: node.map { one.new[$0] } ?? startedNew, newPerDay: limits.newPerDay,
            newBegunToday: newBegunToday)
          let place = node.map { "\(course.address(of: $0)) \(course.nodes[$0].title)" } ?? course.title
          let before = text.text.count
          _ = shell.handle(node.map { "review \(course.address(of: $0))" } ?? "review")
          let said = String(text.text.dropFirst(before))
          if shell.isPractising { _ = shell.handle("quit") }
          let header = said.split(separator: "\n").first.map(String.init) ?? ""
          let at = "\(context0), review \(place)"
          guard asked > 0 || fresh > 0 else {
            XCTAssertFalse(header.hasPrefix("Review:"), "\(at): \(said)")
            continue
          }
          var parts = ["\(asked) due"]
          if fresh > 0 { parts.append("\(fresh) new") }
          if due > asked { parts.append("\(due - asked) more due after today's limit") }
          XCTAssertEqual(header, "Review: \(place), " + messages.list(parts), "\(at): \(said)")
          if fresh > 0 { seen.insert("review new") }
        }
        store.close()
      }
    }
    XCTAssertEqual(checked, 6 * course.count)
    XCTAssertEqual(
      seen,
      [
        "due", "mastered", "best", "unread", "answered in reviews only", "to retry", "new", "time", "greeting due",
        "review new", "whole-course sessions",
      ])
    XCTAssertEqual(limitsTried, ["reviews reached", "reviews bind"])
  }

  /// A shell over `progress` as the REPL makes it, at `now`, with `limits`; what it prints goes to the output returned.
  func replShell(
    course: Course, progress: LearnerProgress, now: Date, messages: Localizer, limits: DailyLimits,
    studyDay: StudyDay = StudyDay()
  ) -> (Shell, StringOutput) {
    let text = StringOutput()
    let shell = Shell(
      course: course, output: text,
      configuration: ShellConfiguration(messages: messages, seed: 1, studyDay: studyDay, limits: limits),
      clock: FixedClock(now), recorder: progress, status: progress, reviewBooks: progress)
    return (shell, text)
  }

  /// `due`'s table as address → today and the next 7 days (`·` is 0).
  static func dueRows(_ text: String) -> [String: [Int]] {
    var rows: [String: [Int]] = [:]
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ").map(String.init)
      guard words.count == 10, words[0].first?.isNumber == true else { continue }
      rows[words[0]] = words[2...].map { Int($0) ?? 0 }
    }
    return rows
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
    // About a third of the questions are never asked, so some stay new to the end.
    let untouched = Set(course.allQuestions.map(\.id).filter { _ in Int.random(in: 0..<3, using: &generator) == 0 })
    // About a third of the parts are only ever reviewed: never opened, and every session over them a review.
    let reviewedOnly = course.nodes.indices.filter {
      course.nodes[$0].subtreeEnd == $0 + 1 && Int.random(in: 0..<3, using: &generator) == 0
    }
    func holdsReviewedOnly(_ key: String) -> Bool {
      guard let i = StudyFigures.index(ofKey: key, in: course) else { return !reviewedOnly.isEmpty }
      return reviewedOnly.contains { (i..<course.nodes[i].subtreeEnd).contains($0) }
    }
    for day in 0..<60 {
      for _ in 0..<Int.random(in: 0...3, using: &generator) {
        // A local hour from 06:00 to 03:00 the next night.
        let local = start + day * 86_400 + Int.random(in: 6 * 3600..<27 * 3600, using: &generator)
        var time = Date(
          timeIntervalSince1970: Double(local - zone.offset(at: Date(timeIntervalSince1970: Double(local)))))
        guard time > last else { continue }
        let key = nodes.randomElement(using: &generator)!
        if Int.random(in: 0..<4, using: &generator) == 0, !key.isEmpty {
          guard !holdsReviewedOnly(key) || course.hasChildren(StudyFigures.index(ofKey: key, in: course)!) else {
            continue
          }
          try store.record(.nodeOpened(node: key, at: time))
          last = time
          continue
        }
        let index = key.isEmpty ? nil : StudyFigures.index(ofKey: key, in: course)
        let questions = index.map { course.questions(inSubtreeOf: $0) } ?? course.nodes.flatMap(\.questions)
        // The whole course is reviewed, or its mistakes practised; a part only ever reviewed, reviewed.
        let kind: SessionKind =
          key.isEmpty
          ? [.review, .mistakes].randomElement(using: &generator)!
          : holdsReviewedOnly(key) ? .review : [.full, .full, .mistakes, .review].randomElement(using: &generator)!
        id += 1
        let session = "s\(id)"
        let asked = questions.map(\.id).filter { !untouched.contains($0) }
        guard !asked.isEmpty else { continue }
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
