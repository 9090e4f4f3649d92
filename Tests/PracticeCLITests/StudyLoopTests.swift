import Foundation
import PracticeTestSupport
import XCTest

/// The study loop through the real binary, across processes: progress written by an earlier
/// release, mistakes and resume after a restart or a `kill -9`, and the shuffle.
final class StudyLoopTests: XCTestCase {
  var folder: TemporaryFolder!
  let course = Repository.root.appendingPathComponent("Tests/PracticeCLITests/Fixtures/study-loop.json").path

  override func setUp() {
    folder = TemporaryFolder()
  }

  func practice(_ arguments: [String], stdin: String = "", user: String = "learner") throws -> PracticeBinary.Result {
    // The study-loop course unless another is named.
    let course = arguments.contains("--course") ? [] : ["--course", self.course]
    return try PracticeBinary.run(
      arguments + course + ["--data-dir", folder.path + "/progress", "--user", user], stdin: stdin,
      environment: PracticeBinary.environment(dataDirectory: folder.path), mergingErrors: true)
  }

  /// A data folder written by the release before this one (a journal, and one compacted into a
  /// snapshot) loads, shows its history, and takes new answers.
  func testProgressFromThePreviousReleaseKeepsLoading() throws {
    let fixture = Repository.root.appendingPathComponent("Tests/PracticeCLITests/Fixtures/progress-v1")
    let progress = URL(fileURLWithPath: folder.path + "/progress")
    try FileManager.default.copyItem(at: fixture, to: progress)
    var reports: [String] = []
    for user in ["journal", "snapshot"] {
      let listing = try practice(
        ["--course", "Data/courses/physics-grade8", "--now", "2026-12-01T08:00:00Z", "-c", "expand 2; info 1.1"],
        user: user)
      XCTAssertEqual(listing.status, 0, listing.transcript)
      XCTAssertFalse(listing.transcript.contains("Warning"), listing.transcript)
      // 1.1 had a full session left unfinished (1 right of 15 set) and a session left before any
      // answer: one session, and no score (only a finished session has one).
      XCTAssertTrue(listing.transcript.contains("sessions:       1 session"), listing.transcript)
      XCTAssertFalse(listing.transcript.contains("score:"), listing.transcript)
      // Chapter 2 was practised from the chapter: 2.2 and 2.4 were answered, so they are read.
      XCTAssertTrue(listing.transcript.contains("▾ 2      第二章 物质世界的尺度、质量和密度  2/4 read"), listing.transcript)
      let report = try practice(
        [
          "--course", "Data/courses/physics-grade8", "--now", "2026-12-01T08:00:00Z", "report", "2", "--format", "json",
        ], user: user)
      XCTAssertEqual(report.status, 0, report.transcript)
      reports.append(report.stdout.replacingOccurrences(of: "\"user\": \"\(user)\"", with: ""))
    }
    // The same history read from the journal and from the snapshot gives the same figures.
    XCTAssertEqual(reports[0], reports[1])
    // New answers land beside the old ones, and `mistakes` finds the old wrong answers.
    let more = try practice(
      [
        "--course", "Data/courses/physics-grade8", "--seed", "1", "--now", "2026-12-02T08:00:00Z", "-c",
        "mistakes 1.1; quit",
      ], user: "journal")
    XCTAssertTrue(more.transcript.contains("Mistakes in 1.1: 8 questions to retry"), more.transcript)
  }

  func testTwoRunsWithoutASeedDifferAndTwoWithTheSameSeedMatch() throws {
    func order(_ arguments: [String]) throws -> String {
      let run = try practice(arguments + ["--course", "Data/courses/physics-grade8", "-c", "start 1; quit"])
      return run.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  A.") || $0.hasPrefix("Question") }
        .joined(separator: "\n") + run.stdout.components(separatedBy: "\n").prefix(6).joined()
    }
    let seeded = try order(["--seed", "11"])
    XCTAssertEqual(seeded, try order(["--seed", "11"]))
    let journal = try String(
      contentsOfFile: folder.path + "/progress/learner/physics-grade8/journal.jsonl", encoding: .utf8)
    XCTAssertTrue(journal.contains(#""kind":"full","seed":11"#), journal)
    // Sixty questions: two fresh seeds asking the same first question with the same options is
    // a one-in-hundreds chance, so three runs that all agree would mean no shuffle.
    let fresh = try (0..<3).map { _ in try order([]) }
    XCTAssertGreaterThan(Set(fresh).count, 1, fresh.joined(separator: "\n---\n"))
    // --in-order keeps the course's order whatever the seed.
    func firstQuestion(_ arguments: [String]) throws -> String {
      let run = try practice(
        arguments + ["--course", "Data/courses/physics-grade8", "-c", "start --in-order 1.1; quit"])
      return run.stdout.components(separatedBy: "\n").drop { !$0.hasPrefix("Question 1 of") }.prefix(7)
        .joined(separator: "\n")
    }
    let inOrder = try firstQuestion([])
    XCTAssertTrue(inOrder.hasPrefix("Question 1 of 20"), inOrder)
    XCTAssertEqual(inOrder, try firstQuestion(["--seed", "5"]))
    XCTAssertEqual(inOrder, try firstQuestion(["--seed", "6"]))
  }

  /// Quit, come back in a new process: `mistakes` and `resume` pick up from the journal alone.
  func testQuitRestartMistakesAndResumeAcrossProcesses() throws {
    let first = try practice(
      ["--seed", "4", "--now", "2026-12-01T08:00:00Z", "-c", "start 1.1; t; f; skip; t; quit"])
    XCTAssertTrue(
      first.transcript.contains("Not finished, so no score yet: 2 right of 3 answered, 1 skipped, 10 left"),
      first.transcript)
    let second = try practice([
      "--seed", "5", "--now", "2026-12-01T09:00:00Z", "-c", "expand 1; mistakes; t; t; ls; resume; t; quit",
    ])
    var transcript = second.transcript
    // Nothing is mastered after one day (that takes a 21-day interval), and an unfinished session sets no best.
    XCTAssertTrue(transcript.contains("1.1  Fourteen statements  ✓ 0/14 mastered · 2 to retry"), transcript)
    XCTAssertTrue(
      transcript.contains("Mistakes: 2 questions to retry (answered wrong, partly right or skipped)"), transcript)
    XCTAssertTrue(transcript.contains("Every mistake is put right."), transcript)
    // The mistakes round put the mistakes right and set no best score.
    XCTAssertTrue(transcript.contains("1.1  Fourteen statements  ✓ 0/14 mastered  "), transcript)
    XCTAssertTrue(transcript.contains("Resuming: 1.1 Fourteen statements, at question 5 of 14"), transcript)
    // The resumed session counts all its answers, and is still unfinished.
    XCTAssertTrue(
      transcript.contains("Not finished, so no score yet: 3 right of 4 answered, 1 skipped, 9 left"), transcript)
    let third = try practice(["--now", "2026-12-01T10:00:00Z", "-c", "expand 1; resume 1.1; quit"])
    transcript = third.transcript
    XCTAssertFalse(transcript.contains("best"), transcript)
    XCTAssertTrue(transcript.contains("at question 6 of 14"), transcript)
  }

  /// A hint taken before a quit counts for the answer after `resume`: the answer is recorded as
  /// hinted and a right one is rated Hard, as without the break; the hint is shown again.
  func testAHintTakenBeforeAQuitCountsAfterResume() throws {
    let physics = Repository.root.appendingPathComponent("Data/courses/physics-grade8/course.json").path
    let options = ["--course", physics, "--lang", "en"]
    _ = try practice(options + ["--now", "2026-12-01T08:00:00Z", "-c", "start --in-order 2.3; skip; hint; quit"])
    let resumed = try practice(options + ["--now", "2026-12-01T08:05:00Z", "-c", "resume; 1000; quit"])
    XCTAssertTrue(resumed.transcript.contains("at question 2 of 29"), resumed.transcript)
    XCTAssertTrue(resumed.transcript.contains("Hint: 把质量单位和体积单位分别换算"), resumed.transcript)
    let journal = try String(
      contentsOfFile: folder.path + "/progress/learner/physics-grade8/journal.jsonl", encoding: .utf8)
    let answer = try XCTUnwrap(journal.split(separator: "\n").first { $0.contains(#""type":"answer""#) })
    XCTAssertTrue(answer.contains(#""question":"ch2.3-q02""#), String(answer))
    XCTAssertTrue(answer.hasSuffix(#""correct":true,"rating":2,"hint":true}"#), String(answer))
    // The end of the resumed session left no hint open: a second resume counts none.
    XCTAssertFalse(journal.split(separator: "\n").last?.contains("hinted") ?? true, journal)
    let report = try practice(options + ["--now", "2026-12-01T08:06:00Z", "-c", "report"])
    XCTAssertTrue(report.transcript.contains("1 hint used."), report.transcript)
  }

  /// A hint shown is on disk before it is printed: `kill -9` after the hint and before the answer
  /// (no `end` written), then `resume`: the hint is shown again and the answer is recorded hinted
  /// (a right one rated Hard), and the report counts it, as without the crash.
  func testAHintShownBeforeAKillNineCountsAfterResume() throws {
    let physics = Repository.root.appendingPathComponent("Data/courses/physics-grade8/course.json").path
    let options = ["--course", physics, "--lang", "en"]
    // Standard input stays open: the program waits for the answer after the hint, as a learner reading it would.
    let (process, output) = try PracticeBinary.start(
      options + ["--now", "2026-12-01T08:00:00Z", "--data-dir", folder.path + "/progress", "--user", "learner"],
      stdin: "start --in-order 2.3\nskip\nhint\n", environment: PracticeBinary.environment(dataDirectory: folder.path),
      closingInput: false)
    var shown = ""
    let handle = output.fileHandleForReading
    while !shown.contains("Hint: 把质量单位和体积单位分别换算") {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      shown += String(decoding: chunk, as: UTF8.self)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    XCTAssertTrue(shown.contains("Hint: 把质量单位和体积单位分别换算"), shown)
    let path = folder.path + "/progress/learner/physics-grade8/journal.jsonl"
    let killed = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertFalse(killed.contains(#""type":"end""#), killed)
    XCTAssertTrue(killed.contains(#""type":"hint""#), killed)

    let resumed = try practice(options + ["--now", "2026-12-01T08:05:00Z", "-c", "resume; 1000; quit"])
    XCTAssertTrue(resumed.transcript.contains("at question 2 of 29"), resumed.transcript)
    XCTAssertTrue(resumed.transcript.contains("Hint: 把质量单位和体积单位分别换算"), resumed.transcript)
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    // Shown again at the resume without a second record.
    XCTAssertEqual(lines.filter { $0.contains(#""type":"hint""#) }.count, 1)
    let answer = try XCTUnwrap(lines.first { $0.contains(#""type":"answer""#) })
    XCTAssertTrue(answer.contains(#""question":"ch2.3-q02""#), String(answer))
    XCTAssertTrue(answer.hasSuffix(#""correct":true,"rating":2,"hint":true}"#), String(answer))
    let report = try practice(options + ["--now", "2026-12-01T08:06:00Z", "-c", "report"])
    XCTAssertTrue(report.transcript.contains("1 hint used."), report.transcript)
  }

  /// `kill -9` mid-session: the session record on disk (its seed and its answers) is enough to resume.
  func testKillNineMidSessionThenResume() throws {
    let process = Process()
    process.executableURL = PracticeBinary.url
    process.arguments = [
      "--course", course, "--seed", "8", "--data-dir", folder.path + "/progress", "--user", "learner",
    ]
    process.environment = PracticeBinary.environment(dataDirectory: folder.path)
    process.currentDirectoryURL = Repository.root
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data("start 1.1\nt\nt\nf\n".utf8))
    let journal = folder.path + "/progress/learner/study-loop/journal.jsonl"
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      let text = (try? String(contentsOfFile: journal, encoding: .utf8)) ?? ""
      if text.components(separatedBy: #""type":"answer""#).count - 1 >= 3 { break }
      usleep(20_000)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let journalText = try String(contentsOfFile: journal, encoding: .utf8)
    XCTAssertFalse(journalText.contains(#""type":"end""#), journalText)
    let resumed = try practice(["--now", "2026-12-01T10:00:00Z", "-c", "resume; t; quit"])
    XCTAssertTrue(
      resumed.transcript.contains("Resuming: 1.1 Fourteen statements, at question 4 of 14"), resumed.transcript)
    XCTAssertTrue(
      resumed.transcript.contains("Not finished, so no score yet: 3 right of 4 answered, 10 left"), resumed.transcript)
  }
}
