import Foundation
import Localization
import PracticeFiles
import PracticeTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

final class AtomicFileWriterTests: FileLayerTestCase {
  var target: String { dir + "/report.html" }

  func testReplacesWholeWithTheExactModeAndLeavesNoTemporaryFile() throws {
    try write(Array("old".utf8), to: target)
    let old = umask(0o077)
    defer { umask(old) }
    try AtomicFileWriter().replace(target, with: Array("new contents".utf8), mode: 0o644)
    XCTAssertEqual(bytes(target), Array("new contents".utf8))
    XCTAssertEqual(mode(target), 0o644, "the umask does not apply")
    XCTAssertEqual(files(), ["report.html"])
  }

  func testAFailureAtAnyStepLeavesTheOldFileAndNoTemporaryFile() throws {
    for step in ["open", "fchmod", "write", "fsync", "rename"] {
      try write(Array("old".utf8), to: target)
      let faulty = FaultInjectingFileSystem()
      faulty.arm(failing: step, with: .ioError)
      XCTAssertThrowsError(
        try AtomicFileWriter(fileSystem: faulty).replace(target, with: Array("new".utf8), mode: 0o600), step
      ) { error in
        XCTAssertEqual((error as? FileSystemError)?.reason.description, "Input/output error", step)
      }
      XCTAssertEqual(bytes(target), Array("old".utf8), step)
      XCTAssertEqual(files(), ["report.html"], step)
    }
  }

  func testBeforeRenameRunsOnceTheNewBytesAreDurableAndCanStopTheReplacement() throws {
    try write(Array("old".utf8), to: target)
    let faulty = FaultInjectingFileSystem()
    XCTAssertThrowsError(
      try AtomicFileWriter(fileSystem: faulty).replace(target, with: Array("new".utf8), mode: 0o600) {
        () throws(FileSystemError) in
        XCTAssertEqual(faulty.operationLog.last, "fsync")
        throw FileSystemError(operation: "link", path: "x", code: 5, reason: "refused")
      })
    XCTAssertEqual(bytes(target), Array("old".utf8))
    XCTAssertEqual(files(), ["report.html"])
  }
}

extension AtomicFileWriterTests {
  func testAFileWrittenByPathReplacesTheTargetPrivately() throws {
    try write(Array("old".utf8), to: target)
    try AtomicFileWriter().replace(target, mode: 0o600) { (temporary) throws(FileSystemError) in
      // As libedit's history_save does: opens the path given, truncating, and writes.
      let fd = open(temporary, O_WRONLY | O_TRUNC)
      _ = Array("new".utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      close(fd)
    }
    XCTAssertEqual(bytes(target), Array("new".utf8))
    XCTAssertEqual(mode(target), 0o600)
    XCTAssertEqual(files(), ["report.html"])
  }

  func testAFailedWriteByPathLeavesTheOldFile() throws {
    try write(Array("old".utf8), to: target)
    XCTAssertThrowsError(
      try AtomicFileWriter().replace(target, mode: 0o600) { (temporary) throws(FileSystemError) in
        try? Data("half".utf8).write(to: URL(fileURLWithPath: temporary))
        throw FileSystemError(operation: "write", path: temporary, code: FileSystemError.ioErrorCode, reason: "failed")
      })
    XCTAssertEqual(bytes(target), Array("old".utf8))
    XCTAssertEqual(files(), ["report.html"], "no temporary file left")
  }
}
