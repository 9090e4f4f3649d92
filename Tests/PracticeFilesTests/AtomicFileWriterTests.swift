import Foundation
import PracticeFiles
import PracticeTestSupport
import XCTest

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
        XCTAssertEqual((error as? FileSystemError)?.reason, "Input/output error", step)
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
