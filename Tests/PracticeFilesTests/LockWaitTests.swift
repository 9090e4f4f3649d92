import Foundation
import PracticeFiles
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

final class LockWaitTests: FileLayerTestCase {
  func testFileIDIsWrittenAsTheKernelWritesIt() {
    // st_dev 0xfe00 is device fe:00; a large minor spreads over both halves of glibc's encoding.
    XCTAssertEqual(LockTable.fileID(device: 0xfe00, inode: 16_222_408), "fe:00:16222408")
    XCTAssertEqual(LockTable.fileID(device: 0x0803, inode: 7), "08:03:7")
    XCTAssertEqual(LockTable.fileID(device: (0x1000 << 32) | (0x200 << 12) | 0x0834, inode: 9), "1008:234:9")
  }

  func testHoldersAreTheConflictingFlockLinesOfThatFile() {
    let table = """
      1: POSIX  ADVISORY  WRITE 111 fe:00:42 0 EOF
      2: FLOCK  ADVISORY  READ 222 fe:00:42 0 EOF
      3: FLOCK  ADVISORY  WRITE 333 fe:00:43 0 EOF
      4: FLOCK  ADVISORY  WRITE 444 fe:00:42 0 EOF
      4: -> FLOCK  ADVISORY  WRITE 555 fe:00:42 0 EOF
      5: FLOCK  ADVISORY  WRITE garbage fe:00:42 0 EOF
      """
    XCTAssertEqual(LockTable.holders(in: table, fileID: "fe:00:42", conflictingWith: .exclusive), [222, 444])
    XCTAssertEqual(
      LockTable.holders(in: table, fileID: "fe:00:42", conflictingWith: .shared), [444],
      "a reader is not kept out by another reader")
    XCTAssertEqual(
      LockTable.holders(
        in: "lock:\t1: FLOCK  ADVISORY  WRITE 77 fe:00:42 0 EOF\n", fileID: "fe:00:42",
        conflictingWith: .shared), [77], "an fdinfo line")
  }

  func testAcquiresAFreeLockAtOnce() throws {
    let fs = POSIXFileSystem()
    let fd = try fs.open(dir + "/lock", [.readWrite, .create], mode: 0o600)
    defer { fs.close(fd) }
    XCTAssertEqual(try fs.waitForLock(fd, .exclusive, path: dir + "/lock", timeout: 0), .acquired)
  }

  /// The holder named is the process really holding the lock: here a shell that got it through
  /// flock(1), which has exited by then (so /proc/locks names a dead process), and which wrote a
  /// decoy pid into the file.
  func testATimedOutWaitNamesTheProcessReallyHoldingTheLock() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/flock") else { throw XCTSkip("no flock(1)") }
    guard FileManager.default.fileExists(atPath: "/proc/locks") else { throw XCTSkip("no /proc/locks") }
    let lock = dir + "/lock"
    let ready = dir + "/ready"
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = [
      "-c", "exec 9<>\"$1\"; /usr/bin/flock 9; echo 4242 >&9; touch \"$2\"; sleep 3", "sh", lock, ready,
    ]
    try shell.run()
    defer {
      shell.terminate()
      shell.waitUntilExit()
    }
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: ready), Date() < deadline { usleep(10_000) }

    let fs = POSIXFileSystem()
    let fd = try fs.open(lock, .readWrite, mode: 0)
    defer { fs.close(fd) }
    XCTAssertEqual(
      try fs.waitForLock(fd, .shared, path: lock, timeout: 0.1), .timedOut(holder: shell.processIdentifier))
    XCTAssertEqual(
      try fs.waitForLock(fd, .exclusive, path: lock, timeout: 0.1), .timedOut(holder: shell.processIdentifier))
  }

  func testAHolderThatIsGoneIsUnknownAndTheLockIsFree() throws {
    let fs = POSIXFileSystem()
    let lock = dir + "/lock"
    let fd = try fs.open(lock, [.readWrite, .create], mode: 0o600)
    defer { fs.close(fd) }
    XCTAssertNil(fs.lockHolder(fd, conflictingWith: .exclusive), "nobody holds it")
    // Another open file description of this process holds it: this process is named.
    let other = try fs.open(lock, .readWrite, mode: 0)
    XCTAssertTrue(try fs.flock(other, .exclusive))
    XCTAssertEqual(fs.lockHolder(fd, conflictingWith: .shared), getpid())
    fs.close(other)
    XCTAssertEqual(try fs.waitForLock(fd, .exclusive, path: lock, timeout: 1), .acquired)
  }
}
