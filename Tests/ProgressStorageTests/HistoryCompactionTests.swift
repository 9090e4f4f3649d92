import Foundation
import PracticeFiles
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

/// Compaction keeps the snapshot small (old sessions summed up) and every record in segments.
final class HistoryCompactionTests: StoreTestCase {
  /// `days` sessions, one a day, of three answers each (the second wrong), plus one `mistakes` round.
  private func recordSessions(_ store: ProgressStore, days: Int, from first: Int = 0) throws -> Int {
    var answers = 0
    for day in first..<(first + days) {
      let t = day * 86_400
      let id = "s\(day)"
      try store.record(
        .sessionStarted(
          session: id, node: day % 2 == 0 ? "n1" : "n2", questions: ["q1", "q2", "q3"], at: at(t), kind: .full,
          seed: nil))
      for q in 1...3 {
        try store.record(
          .answered(
            session: id, question: "q\(q)", node: "n1", given: "g", correct: q != 2, at: at(t + q * 10),
            review: ReviewMark(rating: q != 2 ? 3 : 1)))
        answers += 1
      }
      try store.record(.sessionEnded(session: id, at: at(t + 40), score: 66.7, endedEarly: false))
    }
    return answers
  }

  private func wholeHistory() throws -> ProgressState {
    try ReadOnlyProgress.load(directory: dir).state
  }

  private func answerCount(_ state: ProgressState) -> Int {
    state.sessions.values.reduce(0) { $0 + $1.answers.count }
  }

  func testOldSessionsAreSummedUpAndTheirAnswersKeptInSegments() throws {
    let store = try open(writer: "w")
    let answers = try recordSessions(store, days: 30)
    let whole = store.state
    try store.compact()
    let compacted = store.state
    // Kept whole: the last day's session (the latest full one on n2 too) and n1's latest.
    XCTAssertEqual(Set(compacted.sessions.keys), ["s29", "s28"])
    XCTAssertEqual(compacted.earlier.sessions.values.reduce(0) { $0 + $1.count }, 28)
    XCTAssertEqual(compacted.questions, whole.questions)
    XCTAssertEqual(compacted.memories(), whole.memories(), "the scheduler goes on from the folded memories")
    let n1 = compacted.earlier.sessions[SessionTally.Key(node: "n1", kind: .full, asked: 3)]
    XCTAssertEqual(n1?.count, 14)
    XCTAssertEqual(n1?.lastID, "s26")
    XCTAssertEqual(n1?.milliseconds, 14 * 40_000)
    store.close()
    // The snapshot reads back the same, and reports still see every answer.
    XCTAssertEqual(try reloaded(), compacted)
    XCTAssertEqual(try wholeHistory().sessions, whole.sessions)
    XCTAssertEqual(answerCount(try wholeHistory()), answers)
    XCTAssertTrue(files().contains("journal-000001.jsonl"))
  }

  /// Issue 31 item 25: a file named as a segment with a number no compaction writes (planted by
  /// hand) is no segment, so the next compaction neither overflows counting on from it nor skips it.
  func testASegmentNumberTooLargeToCountOnFromIsNoSegment() throws {
    let store = try open(writer: "w")
    let answers = try recordSessions(store, days: 3)
    for name in ["journal-9223372036854775807.jsonl", "journal-99999999999999999999.jsonl", "journal-000000.jsonl"] {
      XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data()))
    }
    XCTAssertNil(JournalSegments.number(of: "journal-9223372036854775807.jsonl"))
    XCTAssertEqual(JournalSegments.number(of: "journal-999999999999.jsonl"), JournalSegments.highestNumber)
    try store.compact()
    store.close()
    XCTAssertTrue(files().contains("journal-000001.jsonl"))
    XCTAssertEqual(answerCount(try wholeHistory()), answers)
    // At the last number there can be, compaction is refused and nothing is lost.
    XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/journal-999999999999.jsonl", contents: Data()))
    let again = try open(writer: "v")
    _ = try recordSessions(again, days: 1, from: 10)
    XCTAssertThrowsError(try again.compact())
    again.close()
    XCTAssertEqual(answerCount(try wholeHistory()), answers + 3)
  }

  func testRepeatedCompactionsKeepEveryAnswerAndTheSameFigures() throws {
    var total = 0
    for round in 0..<4 {
      let store = try open(writer: "w\(round)")
      total += try recordSessions(store, days: 10, from: round * 10)
      try store.compact()
      store.close()
    }
    let whole = try wholeHistory()
    XCTAssertEqual(answerCount(whole), total)
    XCTAssertEqual(whole.sessions.count, 40)
    let state = try reloaded()
    XCTAssertLessThan(state.sessions.count, 4)
    XCTAssertEqual(state.questions, whole.questions)
    XCTAssertEqual(state.memories(), whole.memories())
    XCTAssertEqual(
      files().filter { $0.hasPrefix("journal-") },
      [
        "journal-000001.jsonl", "journal-000002.jsonl",
        "journal-000003.jsonl", "journal-000004.jsonl",
      ])
  }

  /// A compaction that fails at any one of its file operations loses nothing and leaves no temp file.
  func testCompactionFailingAtEachOperationLosesNothing() throws {
    var n = 1
    while true {
      try? FileManager.default.removeItem(atPath: dir)
      let seeding = try open(writer: "seed")
      let answers = try recordSessions(seeding, days: 5)
      try seeding.compact()
      let more = try recordSessions(seeding, days: 5, from: 5)
      let expected = seeding.state
      seeding.close()
      let faulty = FaultInjectingFileSystem()
      let store = try open(faulty, writer: "w")
      faulty.arm(failingOperation: n, with: .ioError)
      try? store.compact()
      let fired = faulty.hasFired
      store.close()
      let reopened = try open()
      XCTAssertEqual(reopened.state.questions, expected.questions, "operation \(n)")
      XCTAssertEqual(reopened.state.memories(), expected.memories(), "operation \(n)")
      XCTAssertEqual(files().filter { $0.contains(".tmp-") }, [], "operation \(n)")
      reopened.close()
      XCTAssertEqual(answerCount(try wholeHistory()), answers + more, "operation \(n)")
      if !fired { break }
      n += 1
    }
    XCTAssertGreaterThan(n, 10)
  }

  /// What a compaction killed half-way leaves (a temp segment or snapshot, a segment that repeats
  /// the journal) is cleaned up or skipped, and nothing is counted twice.
  func testHalfWrittenSegmentOrSnapshotIsRecovered() throws {
    let store = try open(writer: "w")
    let answers = try recordSessions(store, days: 4)
    let journal = bytes(journalPath)
    store.close()
    // Killed while writing: temp files with half the bytes; killed after the segment's rename.
    try write(Array(journal.prefix(journal.count / 2)), to: dir + "/journal-000001.jsonl.tmp-99999-1")
    try write(Array("{\"format\": \"practice-pro".utf8), to: snapshotPath + ".tmp-99999-2")
    try write(journal, to: dir + "/journal-000001.jsonl")
    XCTAssertEqual(answerCount(try wholeHistory()), answers, "a segment repeating the journal counts once")
    let reopened = try open(writer: "w2")
    XCTAssertEqual(files().filter { $0.contains(".tmp-") }, [])
    XCTAssertEqual(reopened.state.questions["q1"]?.attempts, 4)
    try reopened.compact()
    reopened.close()
    XCTAssertTrue(files().contains("journal-000002.jsonl"))
    XCTAssertEqual(answerCount(try wholeHistory()), answers)
    XCTAssertEqual(try reloaded().questions["q1"]?.attempts, 4)
    // A torn last line in a segment (never written so by the program) is skipped by readers.
    var torn = bytes(dir + "/journal-000002.jsonl")
    torn += Array("{\"writer\":\"w\",\"seq\":999,\"type\":\"ans".utf8)
    try write(torn, to: dir + "/journal-000002.jsonl")
    XCTAssertEqual(answerCount(try wholeHistory()), answers)
  }

  private func inode(_ path: String) throws -> UInt64 {
    try XCTUnwrap(POSIXFileSystem().stat(path)).inode
  }

  /// With no other program holding the journal open, its file becomes the segment by a rename
  /// (nothing copied), and later answers go to a new, empty journal, never into the segment.
  func testAJournalNobodyElseHasOpenIsRenamedIntoTheSegment() throws {
    let store = try open(writer: "w")
    let answers = try recordSessions(store, days: 5)
    let journalFile = try inode(journalPath)
    try store.compact()
    XCTAssertEqual(try inode(dir + "/journal-000001.jsonl"), journalFile, "renamed, not copied")
    XCTAssertNotEqual(try inode(journalPath), journalFile)
    XCTAssertEqual(bytes(journalPath), [])
    let segment = bytes(dir + "/journal-000001.jsonl")
    let more = try recordSessions(store, days: 2, from: 5)
    XCTAssertEqual(bytes(dir + "/journal-000001.jsonl"), segment, "a kept segment never changes")
    XCTAssertEqual(files().filter { $0.contains(".tmp-") }, [])
    store.close()
    XCTAssertEqual(answerCount(try wholeHistory()), answers + more)
    XCTAssertEqual(try reloaded().questions["q1"]?.attempts, 7)
  }

  /// While another store has the journal open, it is copied and emptied in place: that store's
  /// descriptor still names the journal, so its next answer is neither lost nor put in the segment.
  func testAJournalAnotherStoreHasOpenIsCopiedSoItsAnswersStayInTheJournal() throws {
    let first = try open(writer: "w1")
    let answers = try recordSessions(first, days: 5)
    let second = try open(writer: "w2")
    let journalFile = try inode(journalPath)
    try second.compact()
    XCTAssertEqual(try inode(journalPath), journalFile, "emptied in place")
    XCTAssertNotEqual(try inode(dir + "/journal-000001.jsonl"), journalFile)
    let more = try recordSessions(first, days: 1, from: 5)
    XCTAssertFalse(bytes(journalPath).isEmpty)
    first.close()
    second.close()
    XCTAssertEqual(answerCount(try wholeHistory()), answers + more)
    XCTAssertEqual(try reloaded().questions["q1"]?.attempts, 6)
  }

  /// Killed between the two renames: the journal is already the segment, there is no journal and
  /// the empty temp file is left. The next start makes a journal, removes the temp file and loses
  /// nothing; killed before the first rename, the snapshot and the journal both hold the records.
  func testKilledWhileTheJournalIsRenamedLosesNothing() throws {
    let store = try open(writer: "w")
    let answers = try recordSessions(store, days: 5)
    let expected = store.state
    let journal = bytes(journalPath)
    try store.compact()
    store.close()
    // Between the renames.
    try FileManager.default.removeItem(atPath: journalPath)
    try write([], to: journalPath + ".tmp-99999-7")
    let reopened = try open(writer: "w2")
    XCTAssertEqual(reopened.state.questions, expected.questions)
    XCTAssertEqual(files().filter { $0.contains(".tmp-") }, [])
    XCTAssertTrue(files().contains("journal.jsonl"))
    let more = try recordSessions(reopened, days: 1, from: 5)
    reopened.close()
    XCTAssertEqual(answerCount(try wholeHistory()), answers + more)
    // Before the first rename: the journal is whole again beside a snapshot that holds it.
    try FileManager.default.removeItem(atPath: dir + "/journal-000001.jsonl")
    try write(journal, to: journalPath)
    XCTAssertEqual(answerCount(try wholeHistory()), answers)
    let again = try open(writer: "w3")
    XCTAssertEqual(again.state.questions, expected.questions, "the journal's records are not counted twice")
    try again.compact()
    again.close()
    XCTAssertEqual(answerCount(try wholeHistory()), answers)
    XCTAssertEqual(try reloaded().questions, expected.questions)
  }

  func testAFormatOneSnapshotBecomesTheHistoryBase() throws {
    let store = try open(writer: "w")
    let answers = try recordSessions(store, days: 6)
    let whole = store.state
    store.close()
    try? FileManager.default.removeItem(atPath: journalPath)
    try write(Array(JSONWriterShim.pretty(SnapshotCodec.encode(whole, version: 1)).utf8), to: snapshotPath)
    XCTAssertEqual(try wholeHistory().sessions, whole.sessions, "read as the base before any upgrade")
    let upgraded = try open(writer: "w2")
    XCTAssertLessThan(upgraded.state.sessions.count, 6)
    XCTAssertEqual(upgraded.state.questions, whole.questions)
    upgraded.close()
    XCTAssertTrue(files().contains("history-base.json"))
    XCTAssertTrue(files().contains("snapshot.json.v1.bak"))
    let history = try wholeHistory()
    XCTAssertEqual(history.sessions, whole.sessions)
    XCTAssertEqual(answerCount(history), answers)
    let events = try LearnerEvents.load(directory: dir, user: "u", course: "c")
    XCTAssertEqual(events.lines.filter { $0.contains("\"type\":\"answer\"") }.count, answers)
  }
}
