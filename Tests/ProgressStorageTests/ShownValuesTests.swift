import Foundation
import PracticeJSON
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

/// A calculated question's values are part of its attempt (issue 33): recorded with each answer and
/// skip as shown, kept through the snapshot and compaction, exported; other records are unchanged.
final class ShownValuesTests: StoreTestCase {
  let values = ShownValues([("m", "54.0"), ("V", "20")])
  /// Names in the question's order, which is not alphabetical: the order must survive every step.
  let skippedValues = ShownValues([("t2", "12"), ("t1", "-15.50")])

  private func recordCalculatedSession(_ store: ProgressStore, id: String = "s1", day: Int = 0) throws {
    let t = day * 86_400
    try store.record(
      .sessionStarted(session: id, node: "ch2.3", questions: ["c1", "c2", "q3"], at: at(t), kind: .full, seed: 5))
    try store.record(
      .answered(
        session: id, question: "c1", node: "ch2.3", given: "2.5", correct: false, at: at(t + 1),
        review: ReviewMark(rating: 1), values: values))
    try store.record(
      .skipped(
        session: id, question: "c2", node: "ch2.3", at: at(t + 2), review: ReviewMark(rating: 1), values: skippedValues)
    )
    try store.record(
      .answered(
        session: id, question: "q3", node: "ch2.3", given: "B", correct: true, at: at(t + 3),
        review: ReviewMark(rating: 3)))
    try store.record(.sessionEnded(session: id, at: at(t + 4), score: 33.3, endedEarly: false))
  }

  private func check(_ session: SessionRecord?, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(session?.answers.map(\.values), [values, nil], file: file, line: line)
    XCTAssertEqual(session?.skips.map(\.values), [skippedValues], file: file, line: line)
    XCTAssertEqual(session?.skips.first?.values?.values.map(\.name), ["t2", "t1"], file: file, line: line)
  }

  func testTheJournalRecordsTheValuesAsShownAndReadsThemBack() throws {
    let store = try open(writer: "w")
    try recordCalculatedSession(store)
    store.close()
    let lines = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n").map(String.init)
    XCTAssertEqual(
      lines[1],
      #"{"writer":"w","seq":2,"type":"answer","time":1700000001000,"session":"s1","question":"c1","node":"ch2.3","given":"2.5","correct":false,"values":{"m":"54.0","V":"20"},"rating":1}"#
    )
    XCTAssertEqual(
      lines[2],
      #"{"writer":"w","seq":3,"type":"skip","time":1700000002000,"session":"s1","question":"c2","node":"ch2.3","values":{"t2":"12","t1":"-15.50"},"rating":1}"#
    )
    // Any other question's record is as it always was: no `values` member.
    XCTAssertEqual(
      lines[3],
      #"{"writer":"w","seq":4,"type":"answer","time":1700000003000,"session":"s1","question":"q3","node":"ch2.3","given":"B","correct":true,"rating":3}"#
    )
    check(try reloaded().sessions["s1"])
    // The strict reader (a line the fast path leaves to it: a space) reads the same.
    let spaced = lines[1].replacingOccurrences(of: #""values":"#, with: #""values": "#)
    XCTAssertEqual(
      try JournalRecord(line: Array(spaced.utf8)).event, try JournalRecord(line: Array(lines[1].utf8)).event)
  }

  func testAJournalFromBeforeValuesLoadsWithNone() throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let old = [
      #"{"writer":"w","seq":1,"type":"start","time":1700000000000,"session":"s1","node":"ch2.3","questions":["c1","c2"],"kind":"full","seed":5}"#,
      #"{"writer":"w","seq":2,"type":"answer","time":1700000001000,"session":"s1","question":"c1","node":"ch2.3","given":"2.5","correct":false,"rating":1}"#,
      #"{"writer":"w","seq":3,"type":"skip","time":1700000002000,"session":"s1","question":"c2","node":"ch2.3","rating":1}"#,
    ]
    try write(Array((old.joined(separator: "\n") + "\n").utf8), to: journalPath)
    let state = try reloaded()
    XCTAssertEqual(state.sessions["s1"]?.answers.map(\.given), ["2.5"])
    XCTAssertEqual(state.sessions["s1"]?.answers.map(\.values), [nil])
    XCTAssertEqual(state.sessions["s1"]?.skips.map(\.values), [nil])
    XCTAssertEqual(state.questions["c1"]?.attempts, 1)
  }

  func testAValuesMemberThatIsNotAnObjectOfStringsIsADamagedLine() throws {
    for bad in [#"{"m":54}"#, #"["m","54"]"#, #""m=54""#, #"{"m":null}"#] {
      let line =
        #"{"writer":"w","seq":2,"type":"answer","time":1700000001000,"session":"s1","question":"c1","node":"n","given":"2.5","correct":false,"values":"#
        + bad + "}"
      XCTAssertThrowsError(try JournalRecord(line: Array(line.utf8)), bad) { error in
        XCTAssertTrue(String(describing: error).contains("values"), "\(error)")
      }
    }
    // `{}` (never written) reads as no values.
    let empty =
      #"{"writer":"w","seq":2,"type":"skip","time":1700000001000,"session":"s1","question":"c1","node":"n","values":{}}"#
    guard case .skipped(_, _, _, _, _, let values) = try JournalRecord(line: Array(empty.utf8)).event else {
      return XCTFail("not a skip")
    }
    XCTAssertNil(values)
  }

  func testTheSnapshotAndCompactionKeepTheValuesOfEveryAnswerTheyKeep() throws {
    let store = try open(writer: "w")
    // Thirty days: compaction sums the old sessions up and keeps the recent ones whole.
    for day in 0..<30 { try recordCalculatedSession(store, id: "s\(day)", day: day) }
    let whole = store.state
    try store.compact()
    let compacted = store.state
    XCTAssertFalse(compacted.sessions.isEmpty)
    XCTAssertLessThan(compacted.sessions.count, 30)
    for (id, session) in compacted.sessions {
      check(session, line: #line)
      XCTAssertEqual(session, whole.sessions[id])
    }
    store.close()
    // The snapshot on disk holds them (read by the fast path and by the tree alike).
    let snapshot = bytes(snapshotPath)
    XCTAssertTrue(String(decoding: snapshot, as: UTF8.self).contains(#""values""#))
    XCTAssertEqual(SnapshotFastPath.decode(snapshot)?.sessions, compacted.sessions)
    XCTAssertEqual(try SnapshotCodec.decode(JSONParser.parse(snapshot)).sessions, compacted.sessions)
    XCTAssertEqual(try reloaded(), compacted)
    // The whole history (reports, export) still has every answer's values.
    let history = try ReadOnlyProgress.load(directory: dir).state
    XCTAssertEqual(history.sessions.count, 30)
    for session in history.sessions.values { check(session) }
  }

  func testTheExportCarriesTheValuesFromTheJournalAndFromASnapshot() throws {
    // A folder from before segments were kept: its history's base is a format-1 snapshot.
    let first = try open(writer: "w")
    try recordCalculatedSession(first, id: "s1")
    let old = first.state
    first.close()
    try FileManager.default.removeItem(atPath: journalPath)
    try write(Array(JSONWriterShim.pretty(SnapshotCodec.encode(old, version: 1)).utf8), to: snapshotPath)
    let store = try open(writer: "w2")
    try recordCalculatedSession(store, id: "s2", day: 1)
    store.close()
    let events = try LearnerEvents.load(directory: dir, user: "ann", course: "physics")
    var found: [String: [String]] = [:]
    for line in events.lines {
      let json = try JSONParser.parse(line)
      guard let values = json["values"] else { continue }
      let key = (json["source"]?.string ?? "") + " " + (json["type"]?.string ?? "")
      found[key, default: []].append(JSONWriter.compact(values))
    }
    XCTAssertEqual(
      found,
      [
        "snapshot answer": [#"{"m":"54.0","V":"20"}"#], "snapshot skip": [#"{"t2":"12","t1":"-15.50"}"#],
        "journal answer": [#"{"m":"54.0","V":"20"}"#], "journal skip": [#"{"t2":"12","t1":"-15.50"}"#],
      ])
  }

  func testTextForms() {
    XCTAssertEqual(values.text, "m = 54.0, V = 20")
    XCTAssertEqual(JSONWriter.compact(values.json), #"{"m":"54.0","V":"20"}"#)
  }
}
