import Foundation
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

#if canImport(Glibc)
  import Glibc
#endif

final class ConcurrencyTests: StoreTestCase {
  func testTwoStoresAppendingAtOnceLoseNothing() throws {
    // 8,000 fsync'd appends in `make stress`; a quick slice in `make test`.
    let perWriter = StressScale.pick(quick: 250, stress: 2_000)
    let first = try open(writer: "a")
    let second = try open(writer: "b")
    let stores = [first, second]
    let failures = LockedCounter()
    DispatchQueue.concurrentPerform(iterations: 2) { w in
      let store = stores[w]
      for i in 0..<perWriter {
        do {
          try store.record(
            .answered(
              session: "s\(w)", question: "\(w)-\(i)", node: "n", given: "\(i)", correct: true,
              at: at(i)))
          try store.record(.nodeOpened(node: "shared", at: at(i)))
        } catch {
          failures.add()
        }
      }
    }
    XCTAssertEqual(failures.value, 0)
    first.close()
    second.close()
    let state = try reloaded()
    XCTAssertEqual(state.questions.count, 2 * perWriter)
    XCTAssertEqual(state.nodes["shared"]?.browseCount, 2 * perWriter)
    XCTAssertEqual(state.sessions["s0"]?.answers.map(\.given), (0..<perWriter).map(String.init))
    XCTAssertEqual(state.appliedSequence, ["a": 2 * perWriter, "b": 2 * perWriter])
    let lines = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n")
    XCTAssertEqual(lines.count, 4 * perWriter)
  }

  func testReloadSeesTheOtherStoresRecords() throws {
    let first = try open(writer: "a")
    let second = try open(writer: "b")
    try first.record(answer(1))
    try second.record(answer(2))
    try second.compact()
    try first.record(answer(3))
    XCTAssertEqual(Set(first.state.questions.keys), ["q1", "q3"])
    try first.reload()
    XCTAssertEqual(Set(first.state.questions.keys), ["q1", "q2", "q3"])
  }

  /// Holds `lock` through a separate open file description, as another process would, and writes
  /// a decoy pid into it: the message names the real holder (this process), not what the file says.
  private func holdLock(writingPID pid: Int32) throws -> Int32 {
    let fd = Glibc.open(dir + "/lock", O_RDWR)
    XCTAssertGreaterThanOrEqual(fd, 0)
    XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
    let text = Array("\(pid)\n".utf8)
    _ = ftruncate(fd, 0)
    _ = text.withUnsafeBytes { Glibc.pwrite(fd, $0.baseAddress, $0.count, 0) }
    return fd
  }

  func testLockTimeoutNamesTheHolderAndChangesNothing() throws {
    let store = try open(timeout: 0.2, writer: "w")
    try store.record(answer(1))
    let journalBefore = bytes(journalPath)
    let fd = try holdLock(writingPID: 4242)
    defer { Glibc.close(fd) }

    let message =
      "is held by process \(getpid()) (waited 0.2 s); close the other practice session using this course, or wait for it, then try again."
    XCTAssertThrowsError(try store.record(answer(2))) { error in
      XCTAssertEqual("\(error)", "Could not save progress: \(dir)/lock \(message)")
      XCTAssertEqual(
        error as? ProgressError,
        ProgressError(.locked(holder: getpid(), waited: 0.2), path: dir + "/lock", action: "save progress"))
    }
    XCTAssertThrowsError(try open(timeout: 0.2)) { error in
      XCTAssertEqual("\(error)", "Could not open progress: \(dir)/lock \(message)")
    }
    XCTAssertThrowsError(try store.compact())
    XCTAssertEqual(bytes(journalPath), journalBefore)
    XCTAssertEqual(files(), ["journal.jsonl", "lock"])
    XCTAssertEqual(Set(store.state.questions.keys), ["q1"])

    Glibc.close(fd)
    try store.record(answer(3))
    XCTAssertEqual(Set(try reloaded().questions.keys), ["q1", "q3"])
    XCTAssertEqual(bytes(dir + "/lock"), Array("4242\n".utf8), "the store writes nothing into the lock file")
  }

  func testLockHeldByAnotherRealProcess() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/flock") else {
      throw XCTSkip("no flock(1)")
    }
    let store = try open(timeout: 0.3, writer: "w")
    try store.record(answer(1))
    let ready = dir + "/../" + (dir as NSString).lastPathComponent + ".ready"
    defer { try? FileManager.default.removeItem(atPath: ready) }
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    // Takes the lock with flock(1) on the shell's descriptor, so /proc/locks names flock(1), which has
    // exited by then: the holder is the shell (and its `sleep`); a decoy pid in the file is ignored.
    shell.arguments = [
      "-c", "exec 9<>\"$1/lock\"; /usr/bin/flock 9; echo 4242 > \"$1/lock\"; touch \"$2\"; sleep 2",
      "sh", dir, ready,
    ]
    try shell.run()
    let deadline = Date().addingTimeInterval(5)
    while !FileManager.default.fileExists(atPath: ready), Date() < deadline { usleep(10_000) }
    XCTAssertThrowsError(try store.record(answer(2))) { error in
      XCTAssertEqual(
        error as? ProgressError,
        ProgressError(
          .locked(holder: shell.processIdentifier, waited: 0.3), path: dir + "/lock", action: "save progress"))
      XCTAssertTrue("\(error)".contains("is held by process \(shell.processIdentifier) (waited 0.3 s)"), "\(error)")
    }
    XCTAssertThrowsError(try ReadOnlyProgress.load(directory: dir, lockTimeout: 0.1)) { error in
      XCTAssertTrue(
        "\(error)".hasPrefix(
          "Could not read progress: \(dir)/lock is held by process \(shell.processIdentifier) (waited 0.1 s); "),
        "\(error)")
    }
    shell.waitUntilExit()
    // The lock is released when its holder dies.
    try store.record(answer(3))
    XCTAssertEqual(Set(try reloaded().questions.keys), ["q1", "q3"])
  }
}
