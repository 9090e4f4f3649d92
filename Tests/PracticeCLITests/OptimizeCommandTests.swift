import Foundation
import PracticeTestSupport
import Scheduling
import XCTest

/// `practice optimize` end to end on a generated class: the fit for a learner and for the class
/// (text in English and Chinese, JSON), `--apply` for a learner (a `parameters` record in the
/// journal) and for the class (the teacher's parameter file, taken up by each learner's program),
/// and the report that says which parameters are in use.
final class OptimizeCommandTests: XCTestCase {
  var folder: TemporaryFolder!
  var progress: String { folder.path + "/progress" }
  static let course = "Data/courses/physics-grade8"

  override func setUpWithError() throws {
    folder = TemporaryFolder()
    try ClassHistoryGenerator.write(into: progress, course: Self.course, learners: ["ann", "bob"], seed: 7)
  }

  func run(_ arguments: [String], now: String = "2026-12-06T10:00:00Z", language: String = "en") throws
    -> PracticeBinary.Result
  {
    try PracticeBinary.run(
      ["--course", Self.course, "--data-dir", progress, "--now", now, "--lang", language] + arguments, stdin: "",
      environment: PracticeBinary.environment(dataDirectory: folder.path))
  }

  func testTheClassFitInTextAndJSON() throws {
    let english = try run(["optimize", "--class"])
    XCTAssertEqual(english.status, 0, english.stderr)
    assertSnapshot(english.transcript, named: "optimize-class-en")
    let chinese = try run(["optimize", "--class"], language: "zh")
    XCTAssertEqual(chinese.status, 0, chinese.stderr)
    assertSnapshot(chinese.transcript, named: "optimize-class-zh")
    let json = try run(["optimize", "--class", "--format", "json"])
    XCTAssertEqual(json.status, 0, json.stderr)
    // Figures to 10 significant digits: the last bits differ between debug and release builds.
    assertSnapshot(Self.rounded(json.transcript), named: "optimize-class-json")
    let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    XCTAssertEqual((document["parameters"] as? [Double])?.count, 21)
    XCTAssertEqual(document["learners"] as? Int, 2)
  }

  func testALearnersOwnFitIsRecordedFromNowOnAndTheReportSaysSo() throws {
    let before = try run(["--user", "ann", "schedule", "--format", "json"])
    XCTAssertEqual(before.status, 0, before.stderr)
    let applied = try run(["--user", "ann", "optimize", "--apply"])
    assertSnapshot(applied.transcript, named: "optimize-learner-apply")
    XCTAssertEqual(applied.status, 0, applied.stderr)
    XCTAssertTrue(applied.stdout.contains("Recorded"), applied.stdout)
    // Earlier reviews keep the due times they had: the schedule is replayed with the defaults up to now.
    let after = try run(["--user", "ann", "schedule", "--format", "json"])
    XCTAssertEqual(dueTimes(after.stdout), dueTimes(before.stdout))
    let report = try run(["--user", "ann", "report"], now: "2026-12-07T10:00:00Z")
    XCTAssertEqual(report.status, 0, report.stderr)
    assertSnapshot(report.transcript, named: "optimize-report-own-parameters")
    XCTAssertTrue(report.stdout.contains("Scheduling: FSRS-6 with your own parameters since 2026-12-06"), report.stdout)
  }

  func testTheClassFileIsTakenUpByEachLearnerUnlessTheyChoseTheirOwn() throws {
    let teacher = try run(["optimize", "--class", "--apply"])
    XCTAssertEqual(teacher.status, 0, teacher.stderr)
    let file = progress + "/.fsrs-parameters-physics-grade8.json"
    XCTAssertTrue(FileManager.default.fileExists(atPath: file))
    let mode = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
    XCTAssertEqual(mode, 0o644, "the learners read it")
    // bob's program takes the class's parameters up when it next opens the course.
    XCTAssertEqual(try run(["--user", "bob", "-c", "quit"], now: "2026-12-06T11:00:00Z").status, 0)
    let journal = try String(contentsOfFile: progress + "/bob/physics-grade8/journal.jsonl", encoding: .utf8)
    XCTAssertTrue(journal.contains(#""type":"parameters""#) && journal.contains(#""fittedTo":"class""#), journal)
    let report = try run(["--user", "bob", "report"], now: "2026-12-06T12:00:00Z")
    XCTAssertTrue(report.stdout.contains("with the class's parameters since 2026-12-06"), report.stdout)
    // Opening again records nothing more.
    XCTAssertEqual(try run(["--user", "bob", "-c", "quit"], now: "2026-12-06T13:00:00Z").status, 0)
    let again = try String(contentsOfFile: progress + "/bob/physics-grade8/journal.jsonl", encoding: .utf8)
    XCTAssertEqual(again.components(separatedBy: #""type":"parameters""#).count, 2, again)
  }

  func testADamagedClassFileIsNeverOverwritten() throws {
    let file = progress + "/.fsrs-parameters-physics-grade8.json"
    try Data("{\"format\": \"practice-class-parameters\", \"entries\": [".utf8).write(to: URL(fileURLWithPath: file))
    let teacher = try run(["optimize", "--class", "--apply"])
    XCTAssertEqual(teacher.status, 1)
    XCTAssertTrue(teacher.stderr.contains(".fsrs-parameters-physics-grade8.json"), teacher.stderr)
    XCTAssertEqual(
      try String(contentsOfFile: file, encoding: .utf8), "{\"format\": \"practice-class-parameters\", \"entries\": [")
    // A learner's program warns and goes on with what it had.
    let learner = try run(["--user", "bob", "-c", "quit"])
    XCTAssertEqual(learner.status, 0, learner.stderr)
    XCTAssertTrue(learner.stderr.contains("Warning"), learner.stderr)
  }

  func testTooLittleDataKeepsTheDefaultsAndApplyRecordsNothing() throws {
    let empty = try run(["--user", "nobody", "optimize", "--apply"])
    XCTAssertEqual(empty.status, 1)
    XCTAssertTrue(empty.stdout.contains("Too little data to fit"), empty.stdout)
    XCTAssertTrue(empty.stderr.contains("nothing recorded"), empty.stderr)
  }

  /// Three evenings of a few answers: the optimiser refuses, and the text shows no fit that did not
  /// happen (no "fitted" row equal to the defaults, no time split, no parameter list), in both languages.
  func testTooLittleDataShowsNoFitThatDidNotHappen() throws {
    for day in ["2026-12-01T11:00:00Z", "2026-12-03T11:00:00Z", "2026-12-05T11:00:00Z"] {
      XCTAssertEqual(try run(["--user", "cat", "-c", "start 1.1; 1; 1; 1; quit"], now: day).status, 0)
    }
    let english = try run(["--user", "cat", "optimize"]).stdout
    XCTAssertTrue(english.contains("Too little data to fit"), english)
    XCTAssertTrue(english.contains("default parameters"), english)
    for absent in ["fitted parameters", "Time split", "Parameters (w0"] {
      XCTAssertFalse(english.contains(absent), english)
    }
    let chinese = try run(["--user", "cat", "optimize"], language: "zh").stdout
    XCTAssertTrue(chinese.contains("数据太少"), chinese)
    for absent in ["拟合参数 ", "按时间检验", "参数（w0"] { XCTAssertFalse(chinese.contains(absent), chinese) }
  }

  func testOptionsThatDoNotBelongAreUsageErrors() throws {
    XCTAssertEqual(try run(["report", "--apply"]).status, 2)
    XCTAssertEqual(try run(["optimize", "--format", "csv"]).status, 2)
    XCTAssertEqual(try run(["optimize", "1.1"]).status, 2)
  }

  /// Every number with a fraction in `text`, to 10 significant digits.
  static func rounded(_ text: String) -> String {
    let regex = try! NSRegularExpression(pattern: #"-?\d+\.\d+(e-?\d+)?"#)
    var result = text
    for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
      let range = Range(match.range, in: text)!
      result.replaceSubrange(range, with: String(format: "%.10g", Double(text[range])!))
    }
    return result
  }

  func dueTimes(_ json: String) -> [String] {
    guard let document = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      let rows = document["questions"] as? [[String: Any]]
    else { return [] }
    return rows.map { "\($0["id"] ?? "")=\($0["due"] ?? "")" }
  }
}

/// A class whose answers follow FSRS with other parameters than the defaults, written straight
/// into journals (answer records only, a session per day), so the optimiser has something to fit.
enum ClassHistoryGenerator {
  static func write(into data: String, course: String, learners: [String], seed: UInt64) throws {
    let questions = try questionNodes(course: Repository.root.appendingPathComponent(course + "/course.json"))
    var random = SplitMix(state: seed)
    var truth = FSRSScheduler.defaultParameters
    for i in truth.indices {
      truth[i] = min(
        max(truth[i] * Double.random(in: 0.5...1.5, using: &random), FSRSOptimizer.lowerBounds[i]),
        FSRSOptimizer.upperBounds[i])
    }
    let scheduler = FSRSScheduler(parameters: truth)
    let start = 1_788_000_000_000.0  // 2026-08-29
    for (number, learner) in learners.enumerated() {
      var lines: [String] = []
      var events: [(time: Double, question: Int)] = []
      for q in questions.indices {
        events.append((start + Double(Int.random(in: 0..<30, using: &random)) * 86_400_000 + 3_600_000 * 10, q))
      }
      var memories: [Int: CardMemory] = [:]
      var seq = 0
      while !events.isEmpty {
        events.sort { ($0.time, $0.question) < ($1.time, $1.question) }
        let (time, q) = events.removeFirst()
        guard time < start + 95 * 86_400_000 else { continue }
        let at = Date(timeIntervalSince1970: (time / 1000).rounded())
        let memory = memories[q] ?? .new(due: at)
        let recall = memories[q] == nil ? 0.6 : scheduler.retrievability(of: memory, at: at)
        let recalled = Double.random(in: 0..<1, using: &random) < recall
        let rating: Rating =
          recalled ? (Double.random(in: 0..<1, using: &random) < 0.15 ? .hard : .good) : .again
        let next = scheduler.review(memory, rating: rating, at: at)
        memories[q] = next
        seq += 1
        let ms = Int64(at.timeIntervalSince1970 * 1000)
        let day = ms / 86_400_000
        lines.append(
          #"{"writer":"gen\#(number)","seq":\#(seq),"type":"answer","time":\#(ms),"session":"s\#(day)","question":"\#(questions[q].id)","node":"\#(questions[q].node)","given":"x","correct":\#(rating != .again),"rating":\#(rating.rawValue)}"#
        )
        // Reviewed near the due time: on it, a few hours later, or a day or two late.
        let delay = Double(Int.random(in: 0..<4, using: &random)) * 6 * 3_600_000
        events.append((next.due.timeIntervalSince1970 * 1000 + delay, q))
      }
      let folder = data + "/" + learner + "/physics-grade8"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try (lines.joined(separator: "\n") + "\n").write(
        toFile: folder + "/journal.jsonl", atomically: true, encoding: .utf8)
    }
  }

  /// Every question's id and the key of the node holding it, in the course's order.
  static func questionNodes(course: URL) throws -> [(id: String, node: String)] {
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: course)) as? [String: Any])
    var found: [(String, String)] = []
    func walk(_ nodes: [[String: Any]]) {
      for node in nodes {
        let key = "#" + (node["id"] as? String ?? "")
        for question in node["questions"] as? [[String: Any]] ?? [] {
          found.append((question["id"] as? String ?? "", key))
        }
        walk(node["children"] as? [[String: Any]] ?? [])
      }
    }
    walk(json["nodes"] as? [[String: Any]] ?? [])
    return found
  }
}

/// SplitMix64: a small seeded generator, so the generated class is the same on every machine.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
