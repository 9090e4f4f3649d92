import CourseOutline
import Foundation
import Localization
import PracticeJSON
import PracticeTestSupport
import ProgressStorage
import TextLayout
import XCTest

@testable import Reports

final class LearnerReportTests: XCTestCase {
  func report(root: Int? = nil) throws -> LearnerReport {
    LearnerReport.build(
      course: try ReportFixtures.course(), state: ReportFixtures.state(), user: "ann", now: ReportFixtures.now,
      root: root)
  }

  func testGoldenReportsInEveryFormat() throws {
    let report = try report()
    for format in ReportFormat.allCases {
      GoldenFile.assertMatches(
        report.render(format, style: ReportStyle()),
        at: ReportFixtures.snapshots.appendingPathComponent("learner.\(format.rawValue)"))
    }
    GoldenFile.assertMatches(
      report.render(.text, style: .plain), at: ReportFixtures.snapshots.appendingPathComponent("learner-ascii.text"))
    GoldenFile.assertMatches(
      report.render(.text, style: ReportStyle(unicode: true, color: true)),
      at: ReportFixtures.snapshots.appendingPathComponent("learner-color.text"))
    GoldenFile.assertMatches(
      try self.report(root: 0).render(.text, style: ReportStyle()),
      at: ReportFixtures.snapshots.appendingPathComponent("learner-part1.text"))
  }

  /// The same report in Chinese: headings, labels, the date and times as Chinese writes them,
  /// `<html lang="zh-CN">`; JSON and CSV do not change with the language.
  func testGoldenReportsInChinese() throws {
    let english = try report()
    var report = english
    report.messages = Localizer(language: .chinese)
    for format in [ReportFormat.text, .md, .html] {
      GoldenFile.assertMatches(
        report.render(format, style: ReportStyle()),
        at: ReportFixtures.snapshots.appendingPathComponent("learner-zh.\(format.rawValue)"))
    }
    for format in [ReportFormat.json, .csv] {
      XCTAssertEqual(report.render(format, style: ReportStyle()), english.render(format, style: ReportStyle()))
    }
    let html = report.render(.html, style: ReportStyle())
    XCTAssertTrue(html.contains("<html lang=\"zh-CN\">"), html)
    XCTAssertTrue(html.contains("2026年"), html)
    // The activity chart under a Chinese heading dates its days in Chinese too, none in ISO form.
    let text = report.render(.text, style: ReportStyle())
    XCTAssertFalse(text.contains("2026-03-"), text)
    XCTAssertTrue(text.contains("每天答题数，2026年3月2日"), text)
    XCTAssertTrue(text.hasSuffix("\n  3月2日" + String(repeating: " ", count: 30 - 6 - 7) + "3月31日\n"), text)
  }
}

extension LearnerReportTests {
  func testFiguresOfTheScriptedHistory() throws {
    let report = try report()
    let part1 = try XCTUnwrap(report.rows.first { $0.node.address == "1" }).figures
    XCTAssertEqual(part1.sessions, 4)
    XCTAssertEqual(part1.answers, 8)
    XCTAssertEqual(part1.correct, 5)
    // Only full sessions started on the chapter itself count (s4, never ended: 1 right of the 2
    // questions it set); its parts' sessions do not.
    XCTAssertEqual(part1.bestScore, 50)
    XCTAssertEqual(part1.lastScore, 50)
    let part11 = try XCTUnwrap(report.rows.first { $0.node.address == "1.1" }).figures
    XCTAssertEqual(part11.bestScore, 100)
    XCTAssertEqual(part11.lastScore, 100)
    XCTAssertNil(report.total.bestScore)
    // Three ended sessions of 3 minutes and an open one that lasted 2.5 minutes up to its last answer.
    XCTAssertEqual(part1.secondsSpent, 3 * 180 + 150)
    XCTAssertEqual(part1.leavesRead, 2)
    XCTAssertEqual(report.total.questions, 6)
    // Mastered: an FSRS interval of 21 days or more, which one question reached over the month;
    // q3 and q5 (latest answer wrong) are to retry.
    XCTAssertEqual(report.total.mastered, 1)
    XCTAssertEqual(report.total.toRetry, 2)
    XCTAssertEqual(report.total.masteredShare.map { Int($0.rounded()) }, 17)
    // 2.2 was never opened, but its question was answered: it is read.
    XCTAssertEqual(report.rows.first { $0.node.address == "2.2" }?.figures.hadRead, true)
    XCTAssertEqual(report.activity.count, 30)
    XCTAssertEqual(report.activity.first?.date, "2026-03-02")
    XCTAssertEqual(report.activity.last?.date, "2026-03-31")
    XCTAssertEqual(report.activity.reduce(0) { $0 + $1.answers }, 7)
    // Questions due come first, with the report's Due count; then what to read, then parts with
    // questions not yet mastered (weak), weakest first.
    XCTAssertEqual(report.studyNext.map(\.command), ["review", "info 1.3", "start 2.1", "start 1.2", "start 2.2"])
    XCTAssertEqual(report.studyNext.map(\.reason), [.due, .unread, .weak, .weak, .weak])
    XCTAssertEqual(report.studyNext.first?.due, report.total.due)
  }

  /// Sessions started and left before any answer or skip are no sessions: the scripted history's
  /// figures stay as they were, in every format, and with compaction's sums as well.
  func testASessionWithoutAnswersIsNoSession() throws {
    var state = ReportFixtures.state()
    let before = LearnerReport.build(
      course: try ReportFixtures.course(), state: state, user: "ann", now: ReportFixtures.now)
    state.apply(
      .sessionStarted(
        session: "quit", node: "#ch1.1", questions: ["q1"], at: ReportFixtures.at(6, 9), kind: .mistakes, seed: 1))
    state.apply(.sessionEnded(session: "quit", at: ReportFixtures.at(6, 9, 20), score: nil, endedEarly: true))
    state.apply(
      .sessionStarted(
        session: "died", node: "#ch1", questions: ["q1", "q3"], at: ReportFixtures.at(7, 9), kind: .full, seed: 2))
    let after = LearnerReport.build(
      course: try ReportFixtures.course(), state: state, user: "ann", now: ReportFixtures.now)
    XCTAssertEqual(after.rows, before.rows)
    XCTAssertEqual(after.total, before.total)
    for format in ReportFormat.allCases {
      XCTAssertEqual(
        after.render(format, style: ReportStyle()), before.render(format, style: ReportStyle()), "\(format)")
    }
    // Summed up by compaction, an empty session adds neither a count nor time.
    var compacted = state
    compacted.retireOldSessions(margin: 0)
    XCTAssertNil(compacted.sessions["quit"])
    let summed = LearnerReport.build(
      course: try ReportFixtures.course(), state: compacted, user: "ann", now: ReportFixtures.now)
    XCTAssertEqual(summed.total.sessions, before.total.sessions)
    XCTAssertEqual(summed.total.millisecondsSpent, before.total.millisecondsSpent)
  }

  func testTimeSpentIsTheExactSumOfMillisecondsRoundedOnce() throws {
    // Sessions of 0.1, 0.7 and 0.7 s an hour apart: summed as seconds in floating point they came to
    // 1.4999998 s and printed 1; as whole milliseconds they are 1500 ms, 2 s (half up).
    var state = ProgressState()
    var t: Int64 = 1_764_576_000_000
    for (n, ms) in [100, 700, 700].enumerated() {
      let start = Date(timeIntervalSince1970: Double(t) / 1000)
      let end = Date(timeIntervalSince1970: Double(t + Int64(ms)) / 1000)
      state.apply(.sessionStarted(session: "s\(n)", node: "#ch1.1", questions: ["q1"], at: start, kind: .full, seed: 1))
      state.apply(.answered(session: "s\(n)", question: "q1", node: "#ch1.1", given: "t", correct: true, at: end))
      state.apply(.sessionEnded(session: "s\(n)", at: end, score: 100, endedEarly: false))
      t += 3_600_137
    }
    let report = LearnerReport.build(
      course: try ReportFixtures.course(), state: state, user: "ann", now: ReportFixtures.now)
    XCTAssertEqual(report.total.millisecondsSpent, 1500)
    XCTAssertEqual(report.total.secondsSpent, 2)
    let floating = state.sessions.values.reduce(0.0) { $0 + $1.end!.timeIntervalSince($1.start) }
    XCTAssertEqual(Int(floating.rounded()), 1, "the sum this test guards against")
    let json = try JSONParser.parse(report.render(.json, style: ReportStyle()))
    XCTAssertEqual(json["total"]?["secondsSpent"]?.int, 2)
    XCTAssertTrue(report.render(.text, style: ReportStyle()).contains(" 2s "))
  }

  func testRestrictedToASubtree() throws {
    let report = try report(root: 4)
    XCTAssertEqual(report.rows.map(\.node.address), ["2", "2.1", "2.2"])
    XCTAssertEqual(report.scope?.node.address, "2")
    XCTAssertEqual(report.total, report.rows[0].figures)
    // The answers to q6 were in February, q5's on 29 March.
    XCTAssertEqual(report.activity.reduce(0) { $0 + $1.answers }, 1)
    XCTAssertEqual(report.studyNext.map(\.address), ["2", "2.1", "2.2"])
    XCTAssertEqual(report.studyNext.first?.command, "review 2")
  }

  func testStartingValuesFromTheCourseData() throws {
    let json = #"""
      {"chapterDtoList": [{"id": 1, "chapterName": "第一章", "parentId": 0, "chapterLevel": 0, "hadRead": 1,
        "browseCount": 4, "subChapterList": [
          {"id": 2, "chapterName": "第一节", "parentId": 1, "chapterLevel": 1, "hadRead": 1, "browseCount": 2, "subChapterList": []},
          {"id": 3, "chapterName": "第二节", "parentId": 1, "chapterLevel": 1, "hadRead": 0, "browseCount": 0, "subChapterList": []}]}]}
      """#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "dto.json").course)
    var state = ProgressState()
    state.apply(.nodeOpened(node: "#3", at: ReportFixtures.at(2, 9)))
    state.apply(.nodeOpened(node: "#2", at: ReportFixtures.at(3, 9)))
    let report = LearnerReport.build(course: course, state: state, user: "bo", now: ReportFixtures.now)
    XCTAssertEqual(report.rows.map(\.figures.hadRead), [true, true, true])
    XCTAssertEqual(report.rows.map(\.figures.browseCount), [4 + 2 + 1 + 1, 3, 1])
    // Opening a part reads it; it is not study (first and last studied count answers and skips).
    XCTAssertNil(report.rows[0].figures.lastStudied)
  }

  func testJSONFollowsItsSchema() throws {
    let checker = try SchemaChecker(ReportSchema.learner)
    for root in [nil, 0, 4] {
      let text = try report(root: root).render(.json, style: ReportStyle())
      let value = try JSONParser.parse(text)
      XCTAssertEqual(checker.check(value), [])
    }
    // The checker does look inside children.
    let broken = try JSONParser.parse(
      try report().render(.json, style: ReportStyle()).replacingOccurrences(of: "\"mastered\": 0,", with: ""))
    XCTAssertFalse(checker.check(broken).filter { $0.contains("children") }.isEmpty)
  }

  func testCSVParsesBackToTheReport() throws {
    let report = try report()
    let text = report.render(.csv, style: ReportStyle())
    XCTAssertTrue(text.hasPrefix("\u{FEFF}"))
    let records = try CSVParser.parse(String(text.dropFirst()))
    XCTAssertEqual(records.first, LearnerReport.csvColumns)
    XCTAssertEqual(records.count, report.rows.count + 2)
    func column(_ name: String) throws -> Int { try XCTUnwrap(LearnerReport.csvColumns.firstIndex(of: name)) }
    for (record, row) in zip(records.dropFirst(), report.rows) {
      XCTAssertEqual(record.count, LearnerReport.csvColumns.count)
      XCTAssertEqual(record[try column("address")], row.node.address)
      XCTAssertEqual(record[try column("depth")], String(row.node.depth))
      XCTAssertEqual(record[try column("title")], row.node.title)
      XCTAssertEqual(record[try column("answers")], String(row.figures.answers))
      XCTAssertEqual(record[try column("overruled")], String(row.figures.overruled))
      XCTAssertEqual(record[try column("mastered")], String(row.figures.mastered))
      XCTAssertEqual(record[try column("toRetry")], String(row.figures.toRetry))
      XCTAssertEqual(record[try column("lastStudied")].isEmpty, row.figures.lastStudied == nil)
    }
    XCTAssertEqual(records[4][4], #"汽化, "液化" | 升华"#)
    XCTAssertEqual(records.last?[4], "Total")
  }

  func testChineseTitlesStayAligned() throws {
    for style in [ReportStyle(), ReportStyle.plain] {
      let lines = try report().render(.text, style: style).components(separatedBy: "\n")
      // Rows that end in a date are full width; their display widths must all agree.
      let dated = lines.filter {
        $0.range(of: #"\d{4}-\d\d-\d\d$"#, options: .regularExpression) != nil && $0.contains("/")
      }
      XCTAssertEqual(dated.count, 7)
      XCTAssertEqual(Set(dated.map { DisplayWidth.of($0) }).count, 1, dated.joined(separator: "\n"))
      // Best, last and accuracy end in the same columns, Chinese title or not.
      let percentColumns = dated.map { line -> [Int] in
        var columns: [Int] = []
        var prefix = ""
        for c in line {
          prefix.append(c)
          if c == "%" { columns.append(DisplayWidth.of(prefix)) }
        }
        return columns
      }
      // Rows with a best and last score of their own (parents have none here): best, last, accuracy, recall.
      let scored = percentColumns.filter { $0.count == 4 }
      XCTAssertGreaterThanOrEqual(scored.count, 4)
      XCTAssertEqual(Set(scored).count, 1)
    }
  }

  func testEveryFormatCountsOverruledAnswers() throws {
    var state = ReportFixtures.state()
    // s3 answered q3 wrong on 5 March; the learner says it was right.
    state.apply(.overruled(session: "s3", question: "q3", node: "#ch1.2", at: ReportFixtures.at(5, 7, 3)))
    var report = LearnerReport.build(
      course: try ReportFixtures.course(), state: state, user: "ann", now: ReportFixtures.now)
    XCTAssertEqual(report.total.overruled, 1)
    let note = "1 answer overruled by the learner (!!), counted as right."
    XCTAssertTrue(report.render(.text, style: ReportStyle()).contains("\n" + note + "\n"))
    XCTAssertTrue(report.render(.md, style: ReportStyle()).contains("\n" + note + "\n"))
    XCTAssertTrue(report.render(.html, style: ReportStyle()).contains("<p class=\"note\">" + note + "</p>"))
    let json = try JSONParser.parse(report.render(.json, style: ReportStyle()))
    XCTAssertEqual(json["total"]?["overruled"]?.int, 1)
    let records = try CSVParser.parse(String(report.render(.csv, style: ReportStyle()).dropFirst()))
    let overruled = try XCTUnwrap(LearnerReport.csvColumns.firstIndex(of: "overruled"))
    XCTAssertEqual(records.map { $0[overruled] }, ["overruled", "1", "0", "1", "0", "0", "0", "0", "1"])
    // The same figure in Chinese, and no note at all without an overruled answer.
    report.messages = Localizer(language: .chinese)
    XCTAssertTrue(report.render(.html, style: ReportStyle()).contains("<p class=\"note\">有 1 个答案按你的意见改判（!!），算作答对。</p>"))
    let plain = try self.report()
    for format in [ReportFormat.text, .md, .html] {
      XCTAssertFalse(plain.render(format, style: ReportStyle()).contains("overruled"), "\(format)")
    }
  }

  func testHTMLIsSelfContainedAndEscaped() throws {
    let html = try report().render(.html, style: ReportStyle())
    XCTAssertTrue(html.contains("<meta charset=\"utf-8\">"))
    XCTAssertTrue(html.contains("<html lang=\"en\">"))
    XCTAssertTrue(html.contains("@media print"))
    XCTAssertTrue(html.contains("Chapter 2: Light &lt;optics&gt;"))
    XCTAssertFalse(html.contains("<optics>"))
    XCTAssertFalse(html.contains("<script"))
    XCTAssertFalse(html.contains("src="))
    XCTAssertFalse(html.contains("href="))
    XCTAssertEqual(html.components(separatedBy: "<svg").count - 1, 2)
  }

  func testBarsUseEighths() {
    XCTAssertEqual(Bars.bar(62.5, width: 10, unicode: true), "██████▎   ")
    XCTAssertEqual(Bars.bar(100, width: 10, unicode: true), "██████████")
    XCTAssertEqual(Bars.bar(0, width: 10, unicode: true), "          ")
    XCTAssertEqual(Bars.bar(1.25, width: 10, unicode: true), "▏         ")
    XCTAssertEqual(Bars.bar(62.5, width: 10, unicode: false), "######----")
  }
}

extension LearnerReportTests {
  func testNarrowTerminalsGetFittedTables() throws {
    let report = try report()
    let full = report.render(.text, style: ReportStyle())
    let fullWidth = full.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max()!
    XCTAssertEqual(report.render(.text, style: ReportStyle(width: fullWidth)), full, "a table that fits is untouched")
    // 40 too: seen in tmux, a row one column too wide and the heading and chart lines left to the
    // terminal, which broke them anywhere.
    for width in [100, 80, 72, 60] {
      let text = report.render(.text, style: ReportStyle(width: width))
      for line in text.split(separator: "\n") {
        XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), width, "at \(width): \(line)")
      }
      // Least needed columns go first; the title, read and best columns always stay.
      let header = text.split(separator: "\n").first { $0.hasPrefix("Part") }.map(String.init) ?? ""
      XCTAssertTrue(header.contains("Read") && header.contains("Best"), header)
      // Columns go in `droppableColumns` order: one still shown means every later one is too.
      let shown = LearnerReport.droppableColumns.map { title in
        header.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ").contains(title)
      }
      if let first = shown.firstIndex(of: true) {
        XCTAssertTrue(shown[first...].allSatisfy { $0 }, "\(width): \(header)")
      }
    }
    // At 80 columns the dates go first; narrower than the core columns, those still stay.
    XCTAssertFalse(report.render(.text, style: ReportStyle(width: 80)).contains("Last studied"))
    var chinese = report
    chinese.messages = Localizer(language: .chinese)
    for line in chinese.render(.text, style: ReportStyle(width: 40)).split(separator: "\n") {
      XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), 40, "in Chinese at 40: \(line)")
    }
    let tiny = report.render(.text, style: ReportStyle(width: 20))
    XCTAssertTrue(tiny.contains("Read") && tiny.contains("Accuracy"), tiny)
  }

  /// The report with long titles (a Chinese one, an English one), to see whether they are cut.
  func longTitledReport() throws -> LearnerReport {
    let json = ReportFixtures.courseJSON
      .replacingOccurrences(of: #""熔化和凝固""#, with: #""熔化和凝固：晶体与非晶体在加热和冷却时的温度变化规律""#)
      .replacingOccurrences(
        of: #""Reflection & mirrors""#, with: #""Reflection & mirrors: plane, concave and convex mirrors at home""#)
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "long.json").course)
    return LearnerReport.build(
      course: course, state: ReportFixtures.state(), user: "ann", now: ReportFixtures.now, root: nil)
  }

  /// At 40 columns the parts table cut every title to its first characters (`1.2 熔化…`), and below
  /// 36 it ran past the edge; now a terminal too narrow for the table gets each part's title whole,
  /// wrapped under itself, with every figure of the table under it, and every line fits.
  func testANarrowTerminalListsEveryPartWithItsWholeTitle() throws {
    var report = try longTitledReport()
    ReportFixtures.assertEveryLineFits(widths: 20...44, titles: report.rows.map { $0.node.address + $0.node.title }) {
      report.messages = Localizer(language: $0)
      return report.render(.text, style: ReportStyle(width: $1))
    }
    // Under each title the figures the table kept, by name, and a title's further lines start under
    // its first character (`1.2 ` is four columns).
    report.messages = .english
    let lines = report.render(.text, style: ReportStyle(width: 40)).split(separator: "\n").map(String.init)
    let part = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  1.2 熔化和凝固") })
    XCTAssertEqual(lines[part], "  1.2 熔化和凝固：晶体与非晶体在加热和冷", lines.joined(separator: "\n"))
    XCTAssertEqual(lines[part + 1], "      却时的温度变化规律", lines.joined(separator: "\n"))
    // Every figure of the wide table, none dropped for the width (issue 27).
    let figures = lines[part + 2..<part + 8].joined(separator: " · ")
    for name in [
      "Read yes", "Views", "Sessions", "Best 50%", "Last", "Accuracy", "Answered", "Mastered", "Due", "Recall", "Time",
      "Last studied",
    ] {
      XCTAssertTrue(figures.contains(name), "\(name) in \(figures)")
    }
    XCTAssertTrue(lines.contains("Total"), lines.joined(separator: "\n"))
    // Study next: the titles whole too.
    XCTAssertFalse(lines.contains { $0.hasPrefix("  #  Part") }, lines.joined(separator: "\n"))
    // A terminal wide enough keeps the table.
    XCTAssertTrue(report.render(.text, style: ReportStyle(width: 80)).contains("Part "))
  }

  /// The chart of answers per day is a column a day: a terminal narrower than the month shows the
  /// latest days, with the dates under its ends, and never runs past the edge.
  func testTheActivityChartFitsANarrowTerminal() throws {
    let report = try report()
    let full = LearnerReportText(report: report).activityLines(style: ReportStyle(), paint: { text, _ in text })
    let narrow = LearnerReportText(report: report).activityLines(style: ReportStyle(width: 24), paint: { text, _ in text })
    XCTAssertEqual(narrow[narrow.count - 2], "  " + String(full[full.count - 2].dropFirst(2).suffix(22)))
    XCTAssertEqual(narrow.last, "  2026-03-10  2026-03-31")
    XCTAssertEqual(full.last, "  2026-03-02          2026-03-31")
    for line in narrow { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 24, line) }
  }

  /// Right after a wrong answer FSRS predicts 100 % recall (it counts whole days), which reads as
  /// "you know it": a question waits a day after its last review before its recall is counted.
  func testRecallIsNotShownOnTheDayOfAReview() throws {
    var state = ReportFixtures.state()
    let wrong = ReportFixtures.at(31, 11)
    state.apply(.sessionStarted(session: "s9", node: "#ch2.2", questions: ["q6"], at: wrong))
    state.apply(
      .answered(session: "s9", question: "q6", node: "#ch2.2", given: "wrong", correct: false, at: wrong))
    let course = try ReportFixtures.course()
    let leaf = try XCTUnwrap(course.nodes.firstIndex { $0.id == "ch2.2" })
    let today = LearnerReport.build(course: course, state: state, user: "ann", now: ReportFixtures.now, root: leaf)
    XCTAssertEqual(today.total.reviewed, 1)
    XCTAssertEqual(today.total.retentionQuestions, 0)
    XCTAssertNil(today.total.meanRetention)
    let json = try JSONParser.parse(today.render(.json, style: ReportStyle()))
    XCTAssertEqual(json["total"]?["retentionQuestions"]?.int, 0)
    XCTAssertEqual(json["total"]?["retention"]?.isNull, true)
    // A day later FSRS has something to say, and after a wrong answer it is well short of 100 %.
    let tomorrow = LearnerReport.build(
      course: course, state: state, user: "ann", now: wrong.addingTimeInterval(86_400), root: leaf)
    XCTAssertEqual(tomorrow.total.retentionQuestions, 1)
    let recall = try XCTUnwrap(tomorrow.total.meanRetention)
    XCTAssertLessThan(recall, 90)
    XCTAssertGreaterThan(recall, 0)
    // The whole course counts the questions reviewed a day or more ago, not today's.
    let whole = LearnerReport.build(course: course, state: state, user: "ann", now: ReportFixtures.now)
    XCTAssertEqual(whole.total.retentionQuestions, whole.total.reviewed - 1)
  }
}
