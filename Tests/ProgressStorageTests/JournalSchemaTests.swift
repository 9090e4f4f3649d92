import Foundation
import PracticeJSON
import PracticeTestSupport
import Scheduling
import XCTest

@testable import ProgressStorage

/// `schemas/journal-v1.json` describes every record the program writes, and refuses what it refuses.
final class JournalSchemaTests: StoreTestCase {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  func validator() throws -> JSONSchemaValidator {
    try JSONSchemaValidator(schemaFile: Self.repository.appendingPathComponent("schemas/journal-v1.json").path)
  }

  /// The `type` of the record each event is written as; a new event case fails to compile here
  /// until it is given a sample below (and, through the assertion, a place in the schema).
  static func recordType(_ event: ProgressEvent) -> String {
    switch event {
    case .nodeOpened: "open"
    case .sessionStarted: "start"
    case .sessionResumed: "resume"
    case .answered: "answer"
    case .skipped: "skip"
    case .responded: "response"
    case .overruled: "override"
    case .hintShown: "hint"
    case .sessionEnded: "end"
    case .parametersChosen: "parameters"
    }
  }

  static let samples: [ProgressEvent] = {
    let at = Date(timeIntervalSince1970: 1_764_576_000)
    return [
      .nodeOpened(node: "ch1", at: at),
      .sessionStarted(session: "s1", node: "ch1", questions: ["q1", "q2", "q3"], at: at),
      .sessionStarted(session: "s2", node: "", questions: ["q2"], at: at, kind: .mistakes, seed: 9_007_199_254_740_991),
      .sessionStarted(session: "s3", node: "ch1", questions: ["q1"], at: at, kind: .full, seed: nil),
      .sessionResumed(session: "s1", at: at),
      .answered(session: "s1", question: "q1", node: "ch1", given: "42 m", correct: true, at: at, review: nil),
      .answered(
        session: "s1", question: "q2", node: "ch1", given: "", correct: false, at: at,
        review: ReviewMark(rating: 2, fuzz: 0.37)),
      .skipped(session: "s1", question: "q3", node: "ch1", at: at, review: ReviewMark(rating: 1)),
      // A calculated question's: the values it showed, as shown.
      .answered(
        session: "s1", question: "q5", node: "ch1", given: "2.5", correct: false, at: at, review: ReviewMark(rating: 1),
        values: ShownValues([("m", "54.0"), ("V", "20")])),
      .skipped(
        session: "s1", question: "q5", node: "ch1", at: at, review: ReviewMark(rating: 1),
        values: ShownValues([("m", "47.3"), ("V", "20")])),
      .responded(session: "s1", question: "q4", node: "ch1", text: "Ice is less dense than water.", at: at),
      .overruled(session: "s1", question: "q2", node: "ch1", at: at),
      .hintShown(session: "s1", question: "q3", node: "ch1", at: at),
      .sessionEnded(session: "s1", at: at, score: 50, endedEarly: false),
      .sessionEnded(session: "s2", at: at, score: nil, endedEarly: true),
      // Left with the hint shown for its open question.
      .sessionEnded(session: "s1", at: at, score: nil, endedEarly: true, hinted: "q3"),
      .parametersChosen(
        ParameterTimeline.Choice(
          time: at, parameters: FSRSScheduler.defaultParameters.map { $0 * 1.01 }, source: .own, reviews: 812)),
    ]
  }()

  func testEveryKindOfRecordTheStoreWritesMatchesTheSchema() throws {
    let store = try open()
    for event in Self.samples { try store.record(event) }
    store.close()
    let schema = try validator()
    var types: Set<String> = []
    _ = JournalRecord.forEachLine(in: bytes(journalPath)) { number, _, parsed in
      guard case .success(let record) = parsed else { return XCTFail("line \(number) did not read back") }
      types.insert(Self.recordType(record.event))
      let json = try? JSONParser.parse(Array(record.line.dropLast()))
      XCTAssertEqual(schema.problems(in: json ?? .null), [], "line \(number)")
    }
    let declared = Set(schema.root["properties"]?["type"]?["enum"]?.array?.compactMap(\.string) ?? [])
    XCTAssertEqual(types, declared, "the schema's types and the store's differ")
  }

  /// Lines the reader refuses are refused by the schema too, so the schema is not looser than the program.
  func testTheSchemaRefusesWhatTheReaderRefuses() throws {
    let schema = try validator()
    let refused = [
      #"{"seq":1,"type":"open","time":0,"node":"a"}"#,
      #"{"writer":"w","seq":"1","type":"open","time":0,"node":"a"}"#,
      #"{"writer":"w","seq":1,"type":"open","time":"2026-12-01T00:00:00Z","node":"a"}"#,
      #"{"writer":"w","seq":1,"type":"teleport","time":0,"node":"a"}"#,
      #"{"writer":"w","seq":1,"type":"start","time":0,"session":"s","node":"a"}"#,
      #"{"writer":"w","seq":1,"type":"answer","time":0,"session":"s","question":"q","node":"a","given":"x","correct":"yes"}"#,
      #"{"writer":"w","seq":1,"type":"answer","time":0,"session":"s","question":"q","node":"a","given":"x","correct":true,"rating":5}"#,
      #"{"writer":"w","seq":1,"type":"end","time":0,"session":"s","early":false}"#,
      #"{"writer":"w","seq":1,"type":"hint","time":0,"session":"s","node":"a"}"#,
      #"{"writer":"w","seq":1,"type":"answer","time":0,"session":"s","question":"q","node":"a","given":"x","correct":true,"values":{"m":54}}"#,
      #"{"writer":"w","seq":1,"type":"skip","time":0,"session":"s","question":"q","node":"a","values":["m","54"]}"#,
      #"{"writer":"w","seq":1,"type":"parameters","time":0,"fittedTo":"own","parameters":[1,2],"reviews":3}"#,
      #"{"writer":"w","seq":1,"type":"parameters","time":0,"fittedTo":"me","parameters":[0.2,1.3,2.3,8.3,6.4,0.8,3,0.001,1.9,0.2,0.8,1.5,0.06,0.26,1.6,0.6,1.9,0.5,0.09,0.07,0.15],"reviews":3}"#,
      #"["open"]"#,
    ]
    for line in refused {
      XCTAssertThrowsError(try JournalRecord(line: Array(line.utf8)), line)
      XCTAssertNotEqual(schema.problems(in: try JSONParser.parse(line)), [], line)
    }
  }

  /// Every record the test suite wrote: `make test` runs the suite with `PRACTICE_JOURNAL_TAP`
  /// (`JournalTap` gathers the records of the tests' stores and of each run of the binary there;
  /// the program itself knows nothing of it), then this test with `PRACTICE_JOURNAL_TAP_CHECK`.
  func testEveryRecordTheTestSuiteWroteMatchesTheSchema() throws {
    guard let tap = ProcessInfo.processInfo.environment["PRACTICE_JOURNAL_TAP_CHECK"], !tap.isEmpty else {
      throw XCTSkip("run by `make test` after the suite, with PRACTICE_JOURNAL_TAP_CHECK set to the tap folder")
    }
    let schema = try validator()
    var count = 0
    var types: Set<String> = []
    var failures: [String] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: tap).sorted() where name.hasSuffix(".jsonl") {
      let text = try String(contentsOfFile: tap + "/" + name, encoding: .utf8)
      for (i, line) in text.split(separator: "\n").enumerated() {
        count += 1
        let json = try JSONParser.parse(String(line))
        if let type = json["type"]?.string { types.insert(type) }
        for problem in schema.problems(in: json) where failures.count < 20 {
          failures.append("\(name):\(i + 1): \(problem)")
        }
      }
    }
    XCTAssertEqual(failures, [])
    XCTAssertGreaterThan(count, 100, "the tap holds too few records to have seen the suite")
    // Every type the program writes (`parameters` by `practice optimize --apply` and the class's take-up).
    XCTAssertEqual(types, JournalRecord.knownTypes, "the suite wrote \(count) records")
  }
}

/// `LearnerEvents` (what `practice export --events` writes) matches `schemas/events-v1.json`.
final class EventsSchemaTests: StoreTestCase {
  func testExportedLinesFromSnapshotAndJournalMatchTheSchema() throws {
    let first = try open()
    for event in JournalSchemaTests.samples { try first.record(event) }
    // A folder from before segments were kept: its history is a format-1 snapshot (the base).
    let old = first.state
    first.close()
    try FileManager.default.removeItem(atPath: journalPath)
    try write(Array(JSONWriterShim.pretty(SnapshotCodec.encode(old, version: 1)).utf8), to: snapshotPath)
    let store = try open()
    try store.compact()
    for event in JournalSchemaTests.samples { try store.record(event) }
    try store.record(.sessionStarted(session: "s3", node: "ch2", questions: ["q9"], at: Date()))
    try store.record(
      .answered(session: "s3", question: "q9", node: "ch2", given: "x", correct: false, at: Date(), review: nil))
    store.close()
    let events = try LearnerEvents.load(directory: dir, user: "ann", course: "physics")
    let schema = try JSONSchemaValidator(
      schemaFile: JournalSchemaTests.repository.appendingPathComponent("schemas/events-v1.json").path)
    var sources: [String: Int] = [:]
    for (i, line) in events.lines.enumerated() {
      let json = try JSONParser.parse(line)
      XCTAssertEqual(schema.problems(in: json), [], line)
      XCTAssertEqual(json["line"]?.int, i + 1)
      sources[json["source"]?.string ?? "", default: 0] += 1
    }
    // The second run of samples repeats the first's session ids but not its writer's records.
    XCTAssertEqual(sources["journal"], JournalSchemaTests.samples.count + 2)
    XCTAssertGreaterThan(sources["snapshot"] ?? 0, 0)
    XCTAssertNotEqual(
      schema.problems(
        in: try JSONParser.parse(
          #"{"user":"a","course":"c","line":1,"source":"journal","type":"open","time":"x","node":"n"}"#)),
      [])
  }

  func testDuplicatesAndATornTailAreLeftOutAsTheReportLeavesThemOut() throws {
    let store = try open(writer: "w1")
    try store.record(.nodeOpened(node: "ch1", at: Date(timeIntervalSince1970: 1)))
    try store.record(.nodeOpened(node: "ch2", at: Date(timeIntervalSince1970: 2)))
    store.close()
    // The first record again (a replay after a crash), and a half-written line.
    var journal = bytes(journalPath)
    journal += journal.split(separator: UInt8(ascii: "\n"))[0] + [UInt8(ascii: "\n")]
    journal += Array(#"{"writer":"w1","seq":3,"type":"op"#.utf8)
    try write(journal, to: journalPath)
    let events = try LearnerEvents.load(directory: dir, user: "ann", course: "c")
    XCTAssertEqual(events.lines.count, 3, "the learner line and two openings")
    XCTAssertTrue(events.lines[2].contains(#""time":"1970-01-01T00:00:02.000Z""#), events.lines[1])
    XCTAssertGreaterThan(events.tornTailBytes, 0)
    let progress = try ReadOnlyProgress.load(directory: dir)
    XCTAssertEqual(progress.tornTailBytes, events.tornTailBytes)
    XCTAssertEqual(progress.state.nodes.values.map(\.browseCount).reduce(0, +), events.lines.count - 1)
  }
}
