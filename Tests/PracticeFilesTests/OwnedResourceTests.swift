import Foundation
import PracticeFiles
import PracticeTestSupport
import XCTest

/// The owning types around raw system resources free what they own when they go, once.
final class OwnedResourceTests: XCTestCase {
  func isOpen(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) != -1 }

  func testADescriptorIsClosedWhenItsOwnerGoesOrClosesIt() {
    var fd: Int32 = -1
    do {
      guard let file = OwnedDescriptor(open("/dev/null", O_RDONLY | O_CLOEXEC)) else { return XCTFail("not opened") }
      fd = file.fd
      XCTAssertTrue(isOpen(fd))
    }
    XCTAssertFalse(isOpen(fd))
    guard let other = OwnedDescriptor(open("/dev/null", O_RDONLY | O_CLOEXEC)) else { return XCTFail("not opened") }
    fd = other.fd
    other.close()
    XCTAssertFalse(isOpen(fd))
    // A failed call gives no owner: nothing to close.
    let failed = OwnedDescriptor(open("/nonexistent/practice", O_RDONLY)) == nil
    XCTAssertTrue(failed)
  }

  /// What the seam opens is closed through the same file system when its owner goes.
  func testAFileOpenedThroughTheSeamIsClosedWhenItsOwnerGoes() throws {
    var fd: Int32 = -1
    do {
      let file = try POSIXFileSystem().openFile("/dev/null", [.readOnly, .followingLinks], mode: 0)
      fd = file.fd
      XCTAssertTrue(isOpen(fd))
    }
    XCTAssertFalse(isOpen(fd))
  }

  func testAReleasedDescriptorStaysOpenForItsNewOwner() {
    guard let file = OwnedDescriptor(open("/dev/null", O_RDONLY | O_CLOEXEC)) else { return XCTFail("not opened") }
    let fd = file.release()
    XCTAssertTrue(isOpen(fd))
    close(fd)
  }

  /// A file the seam refuses after opening it (a FIFO, a folder where a progress file belongs)
  /// leaves no descriptor open behind it.
  func testARefusedFileLeavesNoDescriptorOpen() throws {
    let folder = TemporaryFolder(prefix: "owned")
    let fifo = folder.path("fifo")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let open = { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0 }
    let before = open()
    for _ in 0..<20 {
      XCTAssertThrowsError(try POSIXFileSystem().open(fifo, .readOnly, mode: 0))
    }
    XCTAssertEqual(open(), before)
  }

  func testCStringsReadAsWritten() {
    let list = CStringList(["getent", "passwd", "zoë"])
    XCTAssertEqual(list.pointers.count, 4)
    XCTAssertNil(list.pointers[3])
    XCTAssertEqual(list.pointers.prefix(3).map { String(cString: $0!) }, ["getent", "passwd", "zoë"])
    guard let real = CAllocatedString(realpath("/", nil)) else { return XCTFail("no real path") }
    XCTAssertEqual(real.string, "/")
    let missing = CAllocatedString(realpath("/nonexistent/practice", nil)) == nil
    XCTAssertTrue(missing)
    XCTAssertEqual(PathText.resolved("/usr/../usr"), "/usr")
  }
}
