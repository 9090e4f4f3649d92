import Foundation
import PracticeFiles
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

final class FaultTests: StoreTestCase {
  /// Leaves a snapshot and a journal on disk and returns the state they hold.
  private func seed() throws -> ProgressState {
    try? FileManager.default.removeItem(atPath: dir)
    let store = try open(writer: "seed")
    try store.record(
      .sessionStarted(session: "s1", node: "n1", questions: ["q1", "q2", "q3"], at: at(0)))
    try store.record(answer(1))
    try store.compact()
    try store.record(answer(2))
    store.close()
    return try reloaded()
  }

  private func withoutWriters(_ state: ProgressState) -> ProgressState {
    var state = state
    state.appliedSequence = [:]
    return state
  }

  private func checkAppendFailingEveryOperation(
    _ fault: FaultInjectingFileSystem.Fault, persistent: Bool
  ) throws {
    var n = 1
    while true {
      let old = try seed()
      var new = old
      new.apply(answer(3))
      let faulty = FaultInjectingFileSystem()
      let store = try open(faulty, writer: "w")
      faulty.arm(failingOperation: n, with: fault, persistent: persistent)
      var acknowledged = false
      do {
        try store.record(answer(3))
        acknowledged = true
      } catch {
        XCTAssertFalse("\(error)".contains("\n"))
        XCTAssertTrue("\(error)".hasPrefix("Could not save progress: "), "\(error)")
      }
      let fired = faulty.hasFired
      faulty.disarm()
      if !persistent {
        // The store keeps working after a failure, and the journal stays clean.
        try store.record(answer(4))
        new.apply(answer(4))
        if !acknowledged { new = old.applying(answer(4)) }
      }
      store.close()
      let reopened = try open()
      let state = withoutWriters(reopened.state)
      if !persistent { XCTAssertEqual(reopened.takeWarnings(), [], "operation \(n)") }
      reopened.close()
      if acknowledged {
        XCTAssertEqual(
          state, withoutWriters(new), "operation \(n): an acknowledged answer was lost")
      } else {
        XCTAssertTrue(
          state == withoutWriters(old) || state == withoutWriters(new)
            || state == withoutWriters(old.applying(answer(3))),
          "operation \(n): state on disk is neither old nor new")
        if !persistent { XCTAssertEqual(state, withoutWriters(new), "operation \(n)") }
      }
      if !fired { break }
      n += 1
    }
    XCTAssertGreaterThan(n, 5)
  }

  func testAppendFailingAtEveryOperation() throws {
    try checkAppendFailingEveryOperation(.ioError, persistent: false)
  }

  func testAppendOnADiskThatStaysFull() throws {
    try checkAppendFailingEveryOperation(.noSpace, persistent: true)
  }

  private func checkCompactionFailingEveryOperation(
    _ fault: FaultInjectingFileSystem.Fault, persistent: Bool
  ) throws {
    var n = 1
    while true {
      let old = try seed()
      let oldSnapshot = bytes(snapshotPath)
      let faulty = FaultInjectingFileSystem()
      let store = try open(faulty, writer: "w")
      faulty.arm(failingOperation: n, with: fault, persistent: persistent)
      var compacted = false
      do {
        try store.compact()
        compacted = true
      } catch {
        XCTAssertTrue("\(error)".hasPrefix("Could not compact progress: "), "\(error)")
      }
      let fired = faulty.hasFired
      store.close()
      let reopened = try open()
      XCTAssertEqual(reopened.state, old, "operation \(n)")
      XCTAssertEqual(files().filter { $0.contains(".tmp-") }, [], "operation \(n)")
      reopened.close()
      if compacted { XCTAssertEqual(bytes(journalPath), [], "operation \(n)") }
      // The previous snapshot is always reachable: in place, or as the backup.
      XCTAssertTrue(
        bytes(snapshotPath) == oldSnapshot || bytes(snapshotPath + ".bak") == oldSnapshot,
        "operation \(n)")
      if !fired { break }
      n += 1
    }
    XCTAssertGreaterThan(n, 8)
  }

  func testCompactionFailingAtEveryOperation() throws {
    try checkCompactionFailingEveryOperation(.ioError, persistent: false)
  }

  func testCompactionOnADiskThatStaysFull() throws {
    try checkCompactionFailingEveryOperation(.noSpace, persistent: true)
  }

  func testDiskFullOnWriteIsReportedAndNothingIsSaved() throws {
    let faulty = FaultInjectingFileSystem()
    let store = try open(faulty, writer: "w")
    try store.record(answer(1))
    let before = bytes(journalPath)
    faulty.resetLog()
    // flock, fstat, pread of the last byte, then the write.
    faulty.arm(failingOperation: 4, with: .noSpace)
    XCTAssertThrowsError(try store.record(answer(2))) { error in
      XCTAssertEqual(
        "\(error)",
        "Could not save progress: write \(journalPath) failed (No space left on device); free some disk space and try again."
      )
    }
    XCTAssertEqual(faulty.operationLog[3], "write")
    XCTAssertEqual(bytes(journalPath), before, "the half-written line was cut back")
    XCTAssertEqual(Set(store.state.questions.keys), ["q1"])
    store.close()
    XCTAssertEqual(Set(try reloaded().questions.keys), ["q1"])
  }

  func testFailingFsyncIsNotAcknowledged() throws {
    let faulty = FaultInjectingFileSystem()
    let store = try open(faulty, writer: "w")
    faulty.arm(failing: "fsync", with: .ioError)
    XCTAssertThrowsError(try store.record(answer(1))) { error in
      XCTAssertEqual(
        "\(error)",
        "Could not save progress: fsync \(journalPath) failed (Input/output error); the disk reported an error; check the disk, then try again."
      )
    }
    XCTAssertEqual(bytes(journalPath), [])
  }

  func testReadOnlyFolderGivesAClearError() throws {
    let faulty = FaultInjectingFileSystem()
    faulty.arm(failingOperation: 1, with: .readOnly, persistent: true)
    XCTAssertThrowsError(try open(faulty)) { error in
      XCTAssertEqual(
        "\(error)",
        "Could not open progress: stat \(dir) failed (Read-only file system); make \((dir as NSString).deletingLastPathComponent) writable for you (or choose another folder) and try again."
      )
    }
  }

  func testReallyReadOnlyFolder() throws {
    let store = try open()
    store.close()
    try FileManager.default.removeItem(atPath: journalPath)
    try FileManager.default.removeItem(atPath: dir + "/lock")
    try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: dir)
    if FileManager.default.createFile(atPath: dir + "/probe", contents: nil) {
      throw XCTSkip("running as root: permissions do not stop writes")
    }
    XCTAssertThrowsError(try open()) { error in
      XCTAssertEqual(
        "\(error)",
        "Could not open progress: open \(dir)/lock failed (Permission denied); make \(dir) writable for you (or choose another folder) and try again."
      )
    }
  }

  func testCompactionKeepsTheSnapshotMode() throws {
    let store = try open(writer: "w")
    try store.record(answer(1))
    try store.compact()
    XCTAssertEqual(mode(snapshotPath), 0o600)
    XCTAssertEqual(mode(journalPath), 0o600)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: snapshotPath)
    try store.record(answer(2))
    try store.compact()
    XCTAssertEqual(mode(snapshotPath), 0o640)
    XCTAssertEqual(mode(snapshotPath + ".bak"), 0o640)
  }
}

extension ProgressState {
  func applying(_ event: ProgressEvent) -> ProgressState {
    var copy = self
    copy.apply(event)
    return copy
  }
}
