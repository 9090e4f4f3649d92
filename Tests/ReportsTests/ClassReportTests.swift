import CourseOutline
import Foundation
import Localization
import PracticeJSON
import PracticeTestSupport
import ProgressStorage
import TextLayout
import XCTest

@testable import Reports

#if canImport(Glibc)
  import Glibc
#endif

final class ClassReportTests: XCTestCase {
  /// Three learners from states in memory plus one whose files were damaged.
  func goldenReport() throws -> ClassReport {
    let course = try ReportFixtures.course()
    var bo = ProgressState()
    bo.apply(.nodeOpened(node: "#ch1.1", at: ReportFixtures.at(20, 10)))
    for e in ReportFixtures.session(
      "b1", node: "#ch1.1", start: ReportFixtures.at(20, 10), answers: [("q1", true), ("q2", true)], score: 100)
    {
      bo.apply(e)
    }
    // A wrong answer, given after reading the hint, that bo overruled with `!!` after the session's
    // end: the class report counts the override and the hint.
    bo.apply(.sessionStarted(session: "b2", node: "#ch1.2", questions: ["q3"], at: ReportFixtures.at(21, 10)))
    bo.apply(
      .answered(
        session: "b2", question: "q3", node: "#ch1.2", given: "wrong", correct: false,
        at: ReportFixtures.at(21, 10).addingTimeInterval(75), review: ReviewMark(rating: 1, hinted: true)))
    bo.apply(
      .sessionEnded(session: "b2", at: ReportFixtures.at(21, 10).addingTimeInterval(105), score: 0, endedEarly: false))
    bo.apply(.overruled(session: "b2", question: "q3", node: "#ch1.2", at: ReportFixtures.at(21, 11)))
    var report = ClassReport.build(
      course: course, states: [("ann", ReportFixtures.state()), ("bo, jr", bo), ("王小明", ProgressState())],
      now: ReportFixtures.now)
    report.users.append(
      ClassUserLine(
        name: "zed", total: nil,
        failure: ProgressError(
          .damagedSnapshot(line: 1, column: 2, problem: .tr("expected a value"), backup: nil),
          path: "zed/physics-mini/snapshot.json", action: "read progress")))
    return report
  }

  func testGoldenClassReportsInEveryFormat() throws {
    let report = try goldenReport()
    for format in ReportFormat.allCases {
      GoldenFile.assertMatches(
        report.render(format, style: ReportStyle()),
        at: ReportFixtures.snapshots.appendingPathComponent("class.\(format.rawValue)"))
    }
    GoldenFile.assertMatches(
      report.render(.text, style: .plain), at: ReportFixtures.snapshots.appendingPathComponent("class-ascii.text"))
  }

  /// The class report as a Chinese teacher reads it; JSON and CSV keys, values and headers stay English.
  func testGoldenClassReportsInChinese() throws {
    let english = try goldenReport()
    var report = english
    report.messages = Localizer(language: .chinese)
    for format in [ReportFormat.text, .md, .html] {
      GoldenFile.assertMatches(
        report.render(format, style: ReportStyle()),
        at: ReportFixtures.snapshots.appendingPathComponent("class-zh.\(format.rawValue)"))
    }
    for format in [ReportFormat.json, .csv] {
      XCTAssertEqual(report.render(format, style: ReportStyle()), english.render(format, style: ReportStyle()))
    }
    let html = report.render(.html, style: ReportStyle())
    XCTAssertTrue(html.contains("<html lang=\"zh-CN\">"), html)
    XCTAssertTrue(html.contains("班级报告"), html)
    // Why a learner could not be read is in Chinese too, behind its untranslated `FILE:LINE:COLUMN:`.
    let text = report.render(.text, style: ReportStyle())
    XCTAssertTrue(text.contains("zed：zed/physics-mini/snapshot.json:1:2: "), text)
    XCTAssertFalse(text.contains("the progress snapshot is damaged"), text)
  }

  func testClassFigures() throws {
    let report = try goldenReport()
    let temperature = try XCTUnwrap(report.nodes.first { $0.node.address == "1.1" })
    XCTAssertEqual(temperature.users, 3)
    XCTAssertEqual(temperature.usersRead, 2)
    XCTAssertEqual(temperature.notRead, ["王小明"])
    XCTAssertEqual(temperature.averageScore, 100)
    XCTAssertEqual(report.readableUsers, 3)
    XCTAssertEqual(report.unreadable.map(\.name), ["zed"])
  }

  /// Answers overruled with `!!` are counted per node (over its subtree, over learners) and per learner.
  func testOverruledAnswersPerNodeAndLearner() throws {
    let report = try goldenReport()
    XCTAssertEqual(report.nodes.first { $0.node.address == "1.2" }?.overruled, 1)
    XCTAssertEqual(report.nodes.first { $0.node.address == "1" }?.overruled, 1)
    XCTAssertEqual(report.nodes.first { $0.node.address == "1.1" }?.overruled, 0)
    XCTAssertEqual(report.users.first { $0.name == "bo, jr" }?.total?.overruled, 1)
    XCTAssertEqual(report.users.first { $0.name == "ann" }?.total?.overruled, 0)
    let json = try JSONParser.parse(report.render(.json, style: ReportStyle()))
    XCTAssertEqual(json["nodes"]?.array?.first?["overruled"]?.int, 1)
    let csv = try CSVParser.parse(String(report.render(.csv, style: ReportStyle()).dropFirst()))
    let column = try XCTUnwrap(csv.first?.firstIndex(of: "overruled"))
    XCTAssertEqual(csv.first { $0[0] == "node" && $0[2] == "1.2" }?[column], "1")
    XCTAssertEqual(csv.first { $0[0] == "user" && $0[1] == "bo, jr" }?[column], "1")
    for format in [ReportFormat.text, .md, .html] {
      XCTAssertTrue(report.render(format, style: ReportStyle()).contains("Overruled"), "\(format)")
    }
  }

  /// Hints used (answers and skips after `hint`) are counted per node and per learner, and the
  /// learner's own report says how many.
  func testHintsUsedPerNodeAndLearner() throws {
    let report = try goldenReport()
    XCTAssertEqual(report.nodes.first { $0.node.address == "1.2" }?.hints, 1)
    XCTAssertEqual(report.nodes.first { $0.node.address == "1" }?.hints, 1)
    XCTAssertEqual(report.nodes.first { $0.node.address == "2" }?.hints, 0)
    XCTAssertEqual(report.users.first { $0.name == "bo, jr" }?.total?.hints, 1)
    let csv = try CSVParser.parse(String(report.render(.csv, style: ReportStyle()).dropFirst()))
    let column = try XCTUnwrap(csv.first?.firstIndex(of: "hints"))
    XCTAssertEqual(csv.first { $0[0] == "node" && $0[2] == "1.2" }?[column], "1")
    XCTAssertEqual(csv.first { $0[0] == "user" && $0[1] == "bo, jr" }?[column], "1")
    let json = try JSONParser.parse(report.render(.json, style: ReportStyle()))
    XCTAssertEqual(json["nodes"]?.array?.first?["hints"]?.int, 1)
    XCTAssertTrue(report.render(.text, style: ReportStyle()).contains("Hints"))

    let course = try ReportFixtures.course()
    var state = ProgressState()
    state.apply(
      .answered(
        session: "h", question: "q1", node: "#ch1.1", given: "t", correct: true, at: ReportFixtures.at(2, 9),
        review: ReviewMark(rating: 2, hinted: true)))
    let learner = LearnerReport.build(course: course, state: state, user: "kim", now: ReportFixtures.now)
    XCTAssertEqual(learner.total.hints, 1)
    for format in [ReportFormat.text, .md, .html] {
      XCTAssertTrue(learner.render(format, style: ReportStyle()).contains("1 hint used."), "\(format)")
    }
    XCTAssertEqual(ReportFixtures.state().questions.values.map(\.hints).reduce(0, +), 0)
  }

  func testAChapterPractisedFromItselfIsReadAndMistakesRoundsSetNoScore() throws {
    let course = try ReportFixtures.course()
    var kim = ProgressState()
    // A full session on chapter 2 answers both parts' questions: both parts, so the chapter, are read.
    for event in ReportFixtures.session(
      "k1", node: "#ch2", start: ReportFixtures.at(2, 9), answers: [("q5", true), ("q6", false)], score: 50)
    {
      kim.apply(event)
    }
    // A one-question mistakes round answered right puts the mistake right (not yet mastered: that
    // takes a 21-day interval), never the best score.
    kim.apply(
      .sessionStarted(
        session: "k2", node: "#ch2", questions: ["q6"], at: ReportFixtures.at(2, 10), kind: .mistakes, seed: 1))
    kim.apply(
      .answered(session: "k2", question: "q6", node: "#ch2.2", given: "t", correct: true, at: ReportFixtures.at(2, 10)))
    kim.apply(.sessionEnded(session: "k2", at: ReportFixtures.at(2, 10), score: 100, endedEarly: false))
    let report = ClassReport.build(
      course: course, states: [("kim", kim), ("lee", ProgressState())], now: ReportFixtures.now)
    let chapter = try XCTUnwrap(report.nodes.first { $0.node.address == "2" })
    XCTAssertEqual(chapter.usersRead, 1)
    XCTAssertEqual(chapter.notRead, ["lee"])
    XCTAssertEqual(chapter.averageScore, 50)
    XCTAssertEqual(report.nodes.first { $0.node.address == "2.2" }?.usersRead, 1)
    XCTAssertNil(report.nodes.first { $0.node.address == "2.2" }?.averageScore)
    let learner = LearnerReport.build(course: course, state: kim, user: "kim", now: ReportFixtures.now)
    let figures = try XCTUnwrap(learner.rows.first { $0.node.address == "2" }).figures
    XCTAssertEqual(figures.bestScore, 50)
    XCTAssertEqual(figures.mastered, 0)
    XCTAssertEqual(figures.toRetry, 0)
  }

  func testJSONFollowsItsSchemaAndCSVParsesBack() throws {
    let report = try goldenReport()
    let checker = try SchemaChecker(ReportSchema.classReport)
    XCTAssertEqual(checker.check(try JSONParser.parse(report.render(.json, style: ReportStyle()))), [])
    let text = report.render(.csv, style: ReportStyle())
    let records = try CSVParser.parse(String(text.dropFirst()))
    XCTAssertEqual(records.first, ClassReport.csvColumns)
    XCTAssertEqual(records.count, 1 + report.nodes.count + report.users.count)
    XCTAssertTrue(records.allSatisfy { $0.count == ClassReport.csvColumns.count })
    XCTAssertEqual(records.last?[1], "zed")
    XCTAssertTrue(records.last?.last?.contains("snapshot") ?? false)
    XCTAssertEqual(records.first { $0[0] == "user" && $0[1] == "bo, jr" }?[1], "bo, jr")
  }

  func testFiftyLearnersOnDiskOneDamagedOneLocked() throws {
    let course = try ReportFixtures.course()
    let folder = TemporaryFolder()
    let root = folder.path
    for n in 0..<50 {
      let name = String(format: "user%02d", n)
      let store = try ProgressStore(directory: "\(root)/\(name)/\(course.id)")
      try store.record(.nodeOpened(node: "#ch1.1", at: ReportFixtures.at(2, 8)))
      if n % 2 == 0 { try store.record(.nodeOpened(node: "#ch1.2", at: ReportFixtures.at(2, 9))) }
      for e in ReportFixtures.session(
        "s\(n)", node: "#ch1.1", start: ReportFixtures.at(3, 8), answers: [("q1", n % 3 != 0)],
        score: n % 3 != 0 ? 100 : 0)
      {
        try store.record(e)
      }
      if n == 30 { try store.compact() }
      store.close()
    }
    // A learner of another course only, and a stray file: both ignored.
    try FileManager.default.createDirectory(atPath: "\(root)/other/some-course", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: "\(root)/notes.txt", contents: Data("x".utf8))
    try Data("{not json".utf8).write(to: URL(fileURLWithPath: "\(root)/user07/\(course.id)/snapshot.json"))
    let lockFD = open("\(root)/user11/\(course.id)/lock", O_RDWR)
    XCTAssertGreaterThanOrEqual(lockFD, 0)
    XCTAssertEqual(flock(lockFD, LOCK_EX | LOCK_NB), 0)
    defer { close(lockFD) }
    let before = try contents(of: root)

    let report = ClassReport.build(course: course, dataDirectory: root, now: ReportFixtures.now, lockTimeout: 0.05)

    XCTAssertEqual(report.users.count, 50)
    XCTAssertEqual(report.unreadable.map(\.name), ["user07", "user11"])
    XCTAssertTrue(
      report.unreadable[0].problem?.contains("snapshot.json:1:") ?? false, report.unreadable[0].problem ?? "")
    XCTAssertTrue(report.unreadable[1].problem?.contains("is held by") ?? false, report.unreadable[1].problem ?? "")
    let part = try XCTUnwrap(report.nodes.first { $0.node.address == "1.2" })
    XCTAssertEqual(part.users, 48)
    XCTAssertEqual(part.usersRead, 25)
    XCTAssertEqual(part.notRead.count, 23)
    let temperature = try XCTUnwrap(report.nodes.first { $0.node.address == "1.1" })
    XCTAssertEqual(temperature.usersRead, 48)
    XCTAssertEqual(temperature.answers, 48)
    // The user30 snapshot was read too (the compacted one).
    XCTAssertEqual(report.users.first { $0.name == "user30" }?.total?.sessions, 1)
    // Nothing the report read was changed, added or removed.
    XCTAssertEqual(try contents(of: root), before)
    for format in ReportFormat.allCases {
      XCTAssertTrue(report.render(format, style: ReportStyle()).contains("user07"))
    }
  }

  func testTornAndDamagedJournalLinesAreSkippedNotRepaired() throws {
    let course = try ReportFixtures.course()
    let folder = TemporaryFolder()
    let root = folder.path
    let store = try ProgressStore(directory: "\(root)/ann/\(course.id)")
    try store.record(.nodeOpened(node: "#ch1.1", at: ReportFixtures.at(2, 8)))
    store.close()
    let journal = "\(root)/ann/\(course.id)/journal.jsonl"
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: journal))
    handle.seekToEndOfFile()
    handle.write(
      Data(
        "garbage\n{\"writer\":\"w\",\"seq\":1,\"type\":\"open\",\"time\":1772323200000,\"node\":\"#ch1.2\"}\n{\"writ"
          .utf8))
    handle.closeFile()
    let before = try contents(of: root)
    let report = ClassReport.build(course: course, dataDirectory: root, now: ReportFixtures.now)
    XCTAssertEqual(report.users.first?.total?.leavesRead, 2)
    XCTAssertEqual(report.users.first?.warnings.count, 2)
    XCTAssertEqual(try contents(of: root), before)
  }

  /// Every file under `root` with its bytes.
  func contents(of root: String) throws -> [String: Data] {
    var out: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let path = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
      out[path] = isDirectory.boolValue ? Data() : try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
    }
    return out
  }
}

extension ClassReportTests {
  func testNarrowTerminalsGetFittedTables() throws {
    let report = try goldenReport()
    for width in [80, 60] {
      let text = report.render(.text, style: ReportStyle(width: width))
      let tables = text.split(separator: "\n").filter {
        $0.hasPrefix("Part") || $0.hasPrefix("Learner") || $0.contains("/")
      }
      for line in tables where !line.contains("snapshot.json") {
        XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), width, "at \(width): \(line)")
      }
    }
    XCTAssertEqual(report.render(.text, style: ReportStyle(width: nil)), report.render(.text, style: ReportStyle()))
  }

  /// At 40 columns the parts table was 44 columns wide, its titles cut to `1.1 …`; the heading and
  /// the unreadable learner's line ran past the edge. Now every line fits, and the parts are listed
  /// one under another with their figures when a table would cut their titles to nothing.
  func testEveryLineFitsAFortyColumnTerminal() throws {
    var report = try goldenReport()
    for language in [Language.english, .chinese] {
      report.messages = Localizer(language: language)
      for width in [40, 46, 52] {
        let text = report.render(.text, style: ReportStyle(width: width))
        for line in text.split(separator: "\n") {
          XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), width, "\(language) at \(width): \(line)")
        }
        // Every part's title is shown whole (they are short here), not cut to its first characters.
        for title in ["1.1 温度", "1.2 熔化和凝固", "2 Chapter 2: Light <optics>"] {
          XCTAssertTrue(text.contains(title), "\(language) at \(width): \(title)\n\(text)")
        }
      }
    }
    // Below 36 columns the learners' table ran past the edge: it is a list too, names whole.
    ReportFixtures.assertEveryLineFits(
      widths: 20...39, titles: ["1.1 温度", "1.2 熔化和凝固", "2 Chapter 2: Light <optics>", "王小明"]
    ) {
      report.messages = Localizer(language: $0)
      return report.render(.text, style: ReportStyle(width: $1))
    }
    // A wide terminal keeps the table.
    report.messages = .english
    XCTAssertTrue(report.render(.text, style: ReportStyle(width: 100)).contains("Read by  "))
  }
}
