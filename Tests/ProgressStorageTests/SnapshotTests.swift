import Foundation
import PracticeJSON
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

final class SnapshotTests: StoreTestCase {
  func testCompactionFoldsJournalIntoSnapshotAndKeepsBackup() throws {
    let store = try open(writer: "w")
    for n in 1...5 { try store.record(answer(n)) }
    let firstJournal = bytes(journalPath)
    try store.compact()
    XCTAssertEqual(bytes(journalPath), [])
    let first = bytes(snapshotPath)
    try store.record(answer(6))
    let secondJournal = bytes(journalPath)
    try store.compact()
    XCTAssertEqual(bytes(snapshotPath + ".bak"), first)
    let expected = store.state
    store.close()
    XCTAssertEqual(try reloaded(), expected)
    XCTAssertEqual(
      files(),
      ["journal-000001.jsonl", "journal-000002.jsonl", "journal.jsonl", "lock", "snapshot.json", "snapshot.json.bak"])
    // Every record is kept: each compaction's journal, byte for byte, as the next segment.
    XCTAssertEqual(bytes(dir + "/journal-000001.jsonl"), firstJournal)
    XCTAssertEqual(bytes(dir + "/journal-000002.jsonl"), secondJournal)
    let json = try JSONParserShim.parse(bytes(snapshotPath))
    XCTAssertEqual(json["version"]?.int, 2)
    XCTAssertEqual(json["format"]?.string, "practice-progress")
  }

  func testCrashBetweenSnapshotRenameAndJournalTruncationDuplicatesNothing() throws {
    let store = try open(writer: "w")
    try store.record(.nodeOpened(node: "n1", at: at(0)))
    for n in 1...3 { try store.record(answer(n)) }
    let journal = bytes(journalPath)
    try store.compact()
    store.close()
    // As if the process died after the rename: the journal still holds everything.
    try write(journal, to: journalPath)
    let state = try reloaded()
    XCTAssertEqual(state.nodes["n1"]?.browseCount, 1)
    XCTAssertEqual(state.questions["q1"]?.attempts, 1)
    XCTAssertEqual(state.sessions["s1"]?.answers.count, 3)
  }

  func testAutomaticCompactionAtOpenPassingThreshold() throws {
    let store = try open(threshold: 10, writer: "w")
    for n in 1...12 { try store.record(answer(n)) }
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: snapshotPath), "never compacts on the append path")
    let expected = store.state
    store.close()
    let reopened = try open(threshold: 10)
    XCTAssertEqual(bytes(journalPath), [])
    XCTAssertEqual(reopened.state.questions, expected.questions)
    XCTAssertEqual(reopened.state.sessions, expected.sessions)
  }

  func testDamagedSnapshotIsRefusedAndNeverOverwritten() throws {
    let store = try open(writer: "w")
    try store.record(answer(1))
    try store.compact()
    try store.record(answer(2))
    store.close()
    var damaged = bytes(snapshotPath)
    damaged.removeLast(20)
    try write(damaged, to: snapshotPath)
    let journal = bytes(journalPath)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: snapshotPath + ".bak"), "the first compaction replaced nothing")
    XCTAssertThrowsError(try open()) { error in
      guard let error = error as? ProgressError, case .damagedSnapshot(let line, _, _, nil) = error.kind else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(error.path, snapshotPath)
      XCTAssertGreaterThan(line, 1)
      XCTAssertTrue(
        "\(error)".hasSuffix(
          "; the progress snapshot is damaged and was left untouched, and it has no backup: repair it, or move it aside to start again from the journal alone, then try again."
        ), "\(error)")
    }
    XCTAssertEqual(bytes(snapshotPath), damaged)
    XCTAssertEqual(bytes(journalPath), journal)
  }

  /// The message names `snapshot.json.bak` only when there is one: here a second compaction kept the first snapshot.
  func testDamagedSnapshotMessageNamesAnExistingBackup() throws {
    let store = try open(writer: "w")
    try store.record(answer(1))
    try store.compact()
    try store.record(answer(2))
    try store.compact()
    store.close()
    XCTAssertTrue(FileManager.default.fileExists(atPath: snapshotPath + ".bak"))
    var damaged = bytes(snapshotPath)
    damaged.removeLast(20)
    try write(damaged, to: snapshotPath)
    let expectedEnd =
      "; the progress snapshot is damaged and was left untouched: restore it from \(snapshotPath).bak or move it aside, then try again."
    XCTAssertThrowsError(try open()) { error in
      guard let error = error as? ProgressError, case .damagedSnapshot(_, _, _, let backup) = error.kind else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(backup, snapshotPath + ".bak")
      XCTAssertTrue("\(error)".hasSuffix(expectedEnd), "\(error)")
    }
    // The readers (reports, exports) say the same through the same mapping.
    XCTAssertThrowsError(try ReadOnlyProgress.load(directory: dir)) { error in
      XCTAssertTrue("\(error)".hasSuffix(expectedEnd), "\(error)")
    }
    XCTAssertEqual(bytes(snapshotPath), damaged)
  }

  func testSnapshotErrorNamesLineAndColumn() throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try write(
      Array("{\n  \"version\": 1,\n  \"format\": \"practice-progress\",\n  \"writers\": [}\n".utf8),
      to: snapshotPath)
    XCTAssertThrowsError(try open()) { error in
      XCTAssertEqual(
        "\(error)",
        "\(snapshotPath):4:15: unexpected '}', expected a value; the progress snapshot is damaged and was left untouched, and it has no backup: repair it, or move it aside to start again from the journal alone, then try again."
      )
    }
  }

  func testNewerSnapshotVersionIsRefused() throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try write(Array(#"{"version": 7}"#.utf8), to: snapshotPath)
    XCTAssertThrowsError(try open()) { error in
      XCTAssertEqual(
        "\(error)",
        "\(snapshotPath) has format version 7 but this program reads versions up to 2; update practice, then try again."
      )
    }
  }

  func testVersionZeroIsMigratedAfterABackup() throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let old = Array(
      """
      {"version": 0,
       "nodes": [{"key": "n1", "hadRead": true, "browseCount": 2, "firstStudied": 1700000000000, "lastStudied": null}],
       "questions": [], "sessions": []}
      """.utf8)
    try write(old, to: snapshotPath)
    let store = try open()
    XCTAssertEqual(
      store.takeWarnings().map(\.description),
      [
        "Note: \(snapshotPath) was upgraded from format version 0 to 2; the old file was kept as \(snapshotPath).v0.bak."
      ])
    XCTAssertEqual(store.state.nodes["n1"]?.browseCount, 2)
    XCTAssertEqual(bytes(snapshotPath + ".v0.bak"), old)
    let json = try JSONParserShim.parse(bytes(snapshotPath))
    XCTAssertEqual(json["version"]?.int, 2)
    XCTAssertEqual(json["writers"]?.array?.count, 0)
    store.close()
    let again = try open()
    XCTAssertEqual(again.takeWarnings(), [])
    XCTAssertEqual(again.state.nodes["n1"]?.firstStudied, at(0))
  }

  func testASnapshotFromBeforeSessionKindsLoadsWithSessionsOfNoKind() throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let old = Array(
      """
      {"format": "practice-progress", "version": 1, "writers": [{"id": "w", "seq": 3}],
       "nodes": [],
       "questions": [{"id": "q1", "attempts": 1, "correct": 0, "lastCorrect": false, "lastAnsweredAt": 1700000000000,
                      "recent": [false]}],
       "sessions": [{"id": "s1", "node": "n1", "start": 1700000000000, "end": null, "questions": ["q1", "q2"],
                     "answers": [{"question": "q1", "given": "b", "correct": false, "time": 1700000000000}],
                     "score": 0, "endedEarly": true}]}
      """.utf8)
    try write(old, to: snapshotPath)
    let store = try open()
    XCTAssertEqual(
      store.takeWarnings().map(\.description),
      [
        "Note: \(snapshotPath) was upgraded from format version 1 to 2; the old file was kept as \(snapshotPath).v1.bak."
      ])
    // Every session of it stays readable as the history's base.
    XCTAssertEqual(try ReadOnlyProgress.load(directory: dir).state.sessions["s1"]?.answers.count, 1)
    let session = try XCTUnwrap(store.state.sessions["s1"])
    XCTAssertNil(session.kind)
    XCTAssertFalse(session.isResumable)
    // One of its two questions answered: unfinished, so no score.
    XCTAssertNil(session.result)
    XCTAssertEqual(store.state.questions["q1"]?.needsRetry, true)
    // Written back by a compaction, it keeps the same meaning.
    try store.compact()
    store.close()
    let again = try open()
    XCTAssertEqual(again.takeWarnings(), [])
    XCTAssertEqual(again.state, store.state)
  }

  func testStrayTempFilesAreRemovedAtOpen() throws {
    let store = try open()
    store.close()
    try write([1, 2, 3], to: dir + "/snapshot.json.tmp-99999-1-123")
    try write([1, 2, 3], to: dir + "/view-state.json.tmp-99999-4-5")
    _ = try open()
    XCTAssertEqual(files(), ["journal.jsonl", "lock"])
  }

  func testViewStateRoundTripsAndDefaultsToEmpty() throws {
    let store = try open()
    XCTAssertEqual(try store.loadViewState(), ViewState())
    try store.saveViewState(ViewState(expandedNodes: ["ch1", "ch1/loops", "ü \"q\""]))
    store.close()
    XCTAssertEqual(try open().loadViewState().expandedNodes, ["ch1", "ch1/loops", "ü \"q\""])
  }

  /// The daily limits `set` chose are kept with the expansion; a file from before has none, and a
  /// limit out of range makes the file damaged (set aside, never overwritten).
  func testViewStateKeepsTheDailyLimits() throws {
    let store = try open()
    try store.saveViewState(ViewState(expandedNodes: ["ch1"], limits: DailyLimits(newPerDay: 5, reviewsPerDay: 80)))
    store.close()
    let again = try open()
    XCTAssertEqual(
      try again.loadViewState(), ViewState(expandedNodes: ["ch1"], limits: DailyLimits(newPerDay: 5, reviewsPerDay: 80))
    )
    XCTAssertEqual(
      String(decoding: ViewState.fileJSON(ViewState(expandedNodes: [], limits: .standard)), as: UTF8.self),
      "{\"version\": 1, \"expanded\": [], \"newPerDay\": 20, \"reviewsPerDay\": 200}\n")
    try again.saveViewState(ViewState(expandedNodes: ["ch1"]))
    XCTAssertNil(try again.loadViewState().limits)
    try write(Array(#"{"version": 1, "expanded": [], "newPerDay": -3}"#.utf8), to: dir + "/view-state.json")
    XCTAssertEqual(try again.loadViewState(), ViewState())
    XCTAssertEqual(again.takeWarnings().count, 1)
  }

  /// The view state is written key by key on one line; it reads as the pretty-printed `JSONValue`
  /// the store wrote before, and a file in that earlier layout loads unchanged.
  func testViewStateOnOneLineMatchesThePrettyFileOfBefore() throws {
    let keys = ["#1001", "2.3", "ü \"q\"", "tab\there", "back\\slash", "\u{202E}evil", "第1章"]
    let written = ViewState.fileJSON(ViewState(expandedNodes: keys))
    let before = JSONWriterShim.pretty(.object([("version", .int(1)), ("expanded", .array(keys.map { .string($0) }))]))
    XCTAssertEqual(
      JSONWriterShim.compact(try JSONParserShim.parse(written)),
      JSONWriterShim.compact(try JSONParserShim.parse(Array(before.utf8))))
    XCTAssertEqual(
      String(decoding: ViewState.fileJSON(ViewState(expandedNodes: ["#ch1", "2"])), as: UTF8.self),
      "{\"version\": 1, \"expanded\": [\"#ch1\", \"2\"]}\n")
    XCTAssertEqual(
      String(decoding: ViewState.fileJSON(ViewState()), as: UTF8.self), "{\"version\": 1, \"expanded\": []}\n")

    // A file the previous version wrote, one key a line.
    let store = try open()
    try write(Array(before.utf8), to: dir + "/view-state.json")
    XCTAssertEqual(try store.loadViewState().expandedNodes, keys)
    try store.saveViewState(ViewState(expandedNodes: keys))
    XCTAssertEqual(bytes(dir + "/view-state.json"), written)
    XCTAssertEqual(try store.loadViewState().expandedNodes, keys)
    XCTAssertEqual(files(), ["journal.jsonl", "lock", "view-state.json"], "no temp file left")
  }

  /// A view state that does not parse is set aside (never overwritten by the next save) with a warning.
  func testADamagedViewStateIsKeptAsideWithAWarning() throws {
    let store = try open()
    let damaged = Array("{\"expanded\": [1]}".utf8)
    try write(damaged, to: dir + "/view-state.json")
    XCTAssertEqual(try store.loadViewState(), ViewState())
    let copy = dir + "/view-state.json.corrupt-20240607T093015Z"
    XCTAssertEqual(
      store.takeWarnings().map(\.description),
      [
        "Warning: \(dir)/view-state.json:1:15: \"expanded\" must hold strings; the saved layout of the outline is damaged, so the outline opens collapsed; the damaged file was kept as \(copy)."
      ])
    XCTAssertEqual(bytes(copy), damaged)
    try store.saveViewState(ViewState(expandedNodes: ["ch1"]))
    XCTAssertEqual(bytes(copy), damaged, "the next save leaves the damaged copy alone")
    XCTAssertEqual(try store.loadViewState().expandedNodes, ["ch1"])
    // A second damaged file the same second gets its own name.
    try write(damaged, to: dir + "/view-state.json")
    XCTAssertEqual(try store.loadViewState(), ViewState())
    XCTAssertEqual(bytes(copy + "-2"), damaged)
    XCTAssertEqual(store.takeWarnings().count, 1)
  }
}
