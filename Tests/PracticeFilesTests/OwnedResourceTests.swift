import Foundation
import PracticeFiles
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
