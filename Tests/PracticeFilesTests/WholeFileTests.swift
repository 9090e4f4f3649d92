import Foundation
import PracticeFiles
import PracticeTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

final class WholeFileTests: FileLayerTestCase {
  let fs = POSIXFileSystem()

  func testReadsAWholeFileInOneReadOfItsSize() throws {
    let path = dir + "/course.json"
    try write(Array(repeating: UInt8(ascii: "x"), count: 100_000), to: path)
    let counting = FaultInjectingFileSystem()
    XCTAssertEqual(try counting.readWholeFile(path).count, 100_000)
    XCTAssertEqual(counting.operationLog, ["open", "fstat", "pread"])
  }

  func testAFileOverTheLimitIsRefusedInOneLineNamingThePath() throws {
    let path = dir + "/big.json"
    try write(Array(repeating: 0x20, count: 1_001), to: path)
    XCTAssertThrowsError(try fs.readWholeFile(path, limit: 1_000)) { error in
      XCTAssertEqual((error as? FileSystemError)?.code, FileSystemError.fileTooLargeCode)
      XCTAssertEqual("\(error)", "read \(path): it is 1001 bytes, over the limit of 1000")
      XCTAssertFalse("\(error)".contains("\n"))
    }
    XCTAssertEqual(try fs.readWholeFile(path, limit: 1_001).count, 1_001, "exactly the limit is fine")
  }

  func testAFileThatReportsNoSizeOrIsAPipeIsReadToItsEnd() throws {
    let status = try fs.readWholeFile("/proc/self/status", flags: [.readOnly, .followingLinks])
    XCTAssertTrue(String(decoding: status, as: UTF8.self).contains("Pid:"), "a /proc file says it is empty")

    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    let text = Array(String(repeating: "line\n", count: 30_000).utf8)
    let writeEnd = ends[1]
    let writer = Thread {
      _ = text.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
      Glibc.close(writeEnd)
    }
    writer.start()
    defer { Glibc.close(ends[0]) }
    XCTAssertEqual(try fs.readToEnd(ends[0], path: "pipe"), text)
  }

  func testAPipeOverTheLimitIsRefusedToo() throws {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    _ = Array(repeating: UInt8(0x20), count: 2_000).withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count) }
    Glibc.close(ends[1])
    defer { Glibc.close(ends[0]) }
    XCTAssertThrowsError(try fs.readToEnd(ends[0], path: "pipe", limit: 1_000)) { error in
      XCTAssertEqual((error as? FileSystemError)?.code, FileSystemError.fileTooLargeCode)
    }
  }

  func testALinkIsFollowedOnlyWhenAsked() throws {
    let target = dir + "/real.json"
    try write(Array("{}".utf8), to: target)
    XCTAssertEqual(symlink(target, dir + "/link.json"), 0)
    XCTAssertThrowsError(try fs.readWholeFile(dir + "/link.json")) { error in
      XCTAssertTrue("\(error)".contains("symbolic link"), "\(error)")
    }
    XCTAssertEqual(try fs.readWholeFile(dir + "/link.json", flags: [.readOnly, .followingLinks]), Array("{}".utf8))
  }

  func testAMissingFileIsNilOnlyWhenThatIsAsked() throws {
    XCTAssertNil(try fs.readWholeFileIfPresent(dir + "/none"))
    XCTAssertThrowsError(try fs.readWholeFile(dir + "/none")) { error in
      XCTAssertEqual((error as? FileSystemError)?.code, FileSystemError.noSuchFileCode)
    }
  }

  func testMakeDirectoriesMakesEveryMissingParent() throws {
    let deep = dir + "/a/b/c"
    try fs.makeDirectories(deep)
    XCTAssertEqual(try fs.stat(deep)?.isDirectory, true)
    try fs.makeDirectories(deep)  // already there: fine
    try fs.makeDirectories(dir + "/a/b/c/")

    let old = umask(0o077)
    defer { umask(old) }
    try fs.makeDirectories(dir + "/shared/x") { parent in
      parent?.isDirectory == true && parent!.permissions & 0o2000 != 0 ? .exact(0o2750) : .exact(0o2770)
    }
    XCTAssertEqual(try fs.stat(dir + "/shared")?.permissions, 0o2770, "exact, whatever the umask")
    XCTAssertEqual(try fs.stat(dir + "/shared/x")?.permissions, 0o2750, "the mode asked for inside its parent")
    try fs.makeDirectories(dir + "/private")
    XCTAssertEqual(try fs.stat(dir + "/private")?.permissions, 0o700)

    try write([], to: dir + "/file")
    XCTAssertThrowsError(try fs.makeDirectories(dir + "/file/sub")) { error in
      XCTAssertTrue("\(error)".contains(self.dir + "/file"), "\(error)")
    }
  }
}
