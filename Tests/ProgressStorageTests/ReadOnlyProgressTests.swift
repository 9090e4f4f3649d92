import Foundation
import PracticeFiles
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

/// `ReadOnlyProgress` folds what `ProgressStore` folds, and leaves the folder as it found it.
final class ReadOnlyProgressTests: StoreTestCase {
  /// Every file in the folder with its bytes.
  func contents() -> [String: [UInt8]] {
    Dictionary(uniqueKeysWithValues: files().map { ($0, bytes(dir + "/" + $0)) })
  }

  /// Loads read-only (checking nothing changed), then opens the store on the same files;
  /// both must reach the same state and agree on which journal lines were damaged or torn.
  func assertSameFold(file: StaticString = #filePath, line: UInt = #line) throws -> ReadOnlyProgress {
    let before = contents()
    let readOnly = try ReadOnlyProgress.load(directory: dir)
    XCTAssertEqual(
      contents(), before, "the read-only load changed the folder", file: file, line: line)
    let store = try open()
    defer { store.close() }
    XCTAssertEqual(readOnly.state, store.state, file: file, line: line)
    var damaged: [Int] = []
    var torn = 0
    for warning in store.takeWarnings() {
      switch warning {
      case .corruptRecords(_, let lines, _, _): damaged = lines
      case .tornTail(_, let removedBytes): torn = removedBytes
      default: break
      }
    }
    XCTAssertEqual(readOnly.damagedLines, damaged, file: file, line: line)
    XCTAssertEqual(readOnly.tornTailBytes, torn, file: file, line: line)
    return readOnly
  }

  func testVersionZeroSnapshotAndADamagedTornJournalFoldAsTheStoreFoldsThem() throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try write(
      Array(
        """
        {"version": 0,
         "nodes": [{"key": "n1", "hadRead": true, "browseCount": 2, "firstStudied": 1700000000000, "lastStudied": 1700000005000}],
         "questions": [{"id": "q1", "attempts": 2, "correct": 1, "lastCorrect": true, "lastAnsweredAt": 1700000002000, "recent": [false, true]}],
         "sessions": [{"id": "s0", "node": "n1", "start": 1700000000000, "end": null, "questions": ["q1"],
           "answers": [{"question": "q1", "given": "x", "correct": false, "time": 1700000001000}],
           "score": null, "endedEarly": false}]}
        """.utf8), to: snapshotPath)
    var journal: [UInt8] = []
    journal +=
      JournalRecord(writer: "a", sequence: 1, event: .nodeOpened(node: "n1", at: at(10))).line
    journal += JournalRecord(writer: "b", sequence: 1, event: answer(1)).line
    journal += Array("garbage\n  \n".utf8)
    journal += JournalRecord(writer: "a", sequence: 2, event: answer(2, correct: false)).line
    journal += Array(#"{"writer":"a","seq":"three"}"#.utf8) + [10]
    // A writer's repeated sequence number is applied once.
    journal += JournalRecord(writer: "b", sequence: 1, event: answer(1)).line
    journal +=
      JournalRecord(
        writer: "b", sequence: 2,
        event: .sessionEnded(session: "s1", at: at(20), score: 50, endedEarly: true)
      ).line
    journal += Array(#"{"writer":"b","seq":3,"ty"#.utf8)
    try write(journal, to: journalPath)

    let progress = try assertSameFold()
    XCTAssertEqual(progress.damagedLines, [3, 6])
    XCTAssertEqual(progress.tornTailBytes, 25)
    XCTAssertEqual(progress.state.nodes["n1"]?.browseCount, 3)
    XCTAssertEqual(progress.state.questions["q1"]?.attempts, 3)
    XCTAssertEqual(progress.state.appliedSequence, ["a": 2, "b": 2])
    // The store upgraded the snapshot when it opened; the reader never did.
    XCTAssertTrue(files().contains("snapshot.json.v0.bak"))
  }

  func testRecordsAlreadyInTheSnapshotAreSkippedAsTheStoreSkipsThem() throws {
    let store = try open(writer: "w")
    try store.record(.nodeOpened(node: "n1", at: at(0)))
    for n in 1...3 { try store.record(answer(n)) }
    let journal = bytes(journalPath)
    try store.compact()
    try store.record(answer(4))
    store.close()
    // As if a compaction's process died after the rename: the journal repeats what the snapshot holds.
    try write(journal + bytes(journalPath), to: journalPath)

    let progress = try assertSameFold()
    XCTAssertEqual(progress.state.sessions["s1"]?.answers.count, 4)
    XCTAssertEqual(progress.state.nodes["n1"]?.browseCount, 1)
  }

  func testOnlyReadsNeverWrites() throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try write(
      Array(#"{"version": 0, "nodes": [], "questions": [], "sessions": []}"#.utf8), to: snapshotPath
    )
    try write(
      JournalRecord(writer: "w", sequence: 1, event: answer(1)).line + Array("x\n{".utf8),
      to: journalPath)
    let before = contents()
    let recording = FaultInjectingFileSystem()
    _ = try ReadOnlyProgress.load(directory: dir, fileSystem: recording)
    // No lock file is made either: a folder without one has no writer to wait for.
    XCTAssertEqual(contents(), before)
    XCTAssertEqual(
      Set(recording.operationLog).subtracting(["stat", "open", "fstat", "pread", "flock", "readdir"]), [])

    let store = try open()
    store.close()
    let lockedBefore = contents()
    recording.resetLog()
    _ = try ReadOnlyProgress.load(directory: dir, fileSystem: recording)
    XCTAssertEqual(contents(), lockedBefore)
    XCTAssertEqual(
      recording.operationLog.filter { $0 == "flock" }.count, 2, "a shared lock, then unlock")
    XCTAssertEqual(
      Set(recording.operationLog).subtracting(["stat", "open", "fstat", "pread", "flock", "readdir"]), [])
  }

  func testWaitsForTheLockAndNamesItsHolder() throws {
    try open().close()
    let fs = POSIXFileSystem()
    let fd = try fs.open(dir + "/lock", .readWrite, mode: 0)
    defer { fs.close(fd) }
    XCTAssertTrue(try fs.flock(fd, .exclusive))
    _ = try fs.pwrite(fd, Array("4242\n".utf8), at: 0)
    XCTAssertThrowsError(try ReadOnlyProgress.load(directory: dir, lockTimeout: 0.05)) { error in
      XCTAssertEqual(
        error as? ProgressError,
        ProgressError(.locked(holder: getpid(), waited: 0.05), path: dir + "/lock", action: "read progress"),
        "the real holder (this process), not the decoy pid in the file")
      XCTAssertEqual(
        "\(error)",
        "Could not read progress: \(dir)/lock is held by process \(getpid()) (waited 0.05 s); close the other practice session using this course, or wait for it, then try again."
      )
    }
  }

  func testSnapshotErrorsPointWhereTheStoresDo() throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let damaged = [
      "{\n  \"version\": 1,\n  \"format\": \"practice-progress\",\n  \"writers\": [}\n",
      #"{"version": 1, "writers": [], "nodes": [{"key": "n1"}], "questions": [], "sessions": []}"#,
      #"{"version": 0, "nodes": [], "questions": [{"id": "q1"}], "sessions": []}"#,
      #"{"version": "1"}"#,
    ]
    for text in damaged {
      try write(Array(text.utf8), to: snapshotPath)
      var expected: ProgressError?
      XCTAssertThrowsError(try open()) { error in
        expected = error as? ProgressError
        expected?.action = "read progress"
      }
      XCTAssertThrowsError(try ReadOnlyProgress.load(directory: dir)) { error in
        XCTAssertEqual(error as? ProgressError, expected, text)
      }
    }
    XCTAssertThrowsError(try ReadOnlyProgress.load(directory: dir)) { error in
      XCTAssertEqual(
        "\(error)",
        "\(snapshotPath):1:13: \"version\" must be a whole number; the progress snapshot is damaged and was left untouched, and it has no backup: repair it, or move it aside to start again from the journal alone, then try again."
      )
    }
    try write(Array(#"{"version": 7}"#.utf8), to: snapshotPath)
    XCTAssertThrowsError(try ReadOnlyProgress.load(directory: dir)) { error in
      XCTAssertEqual(
        error as? ProgressError,
        ProgressError(.newerSnapshot(version: 7, newestSupported: 2), path: snapshotPath, action: "read progress"))
    }
  }

  func testMissingFolderIsUnreadableAndNotCreated() {
    XCTAssertThrowsError(try ReadOnlyProgress.load(directory: dir)) { error in
      XCTAssertEqual(
        error as? ProgressError,
        .fileSystem(
          FileSystemError(operation: "open", path: dir, code: ENOENT, reason: "no such folder"), action: "read progress"
        ))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir))
  }
}
