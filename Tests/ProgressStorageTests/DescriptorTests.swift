import Foundation
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

final class DescriptorTests: StoreTestCase {
  private func openDescriptors() -> Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
  }

  func testFailedOpensLeakNoDescriptors() throws {
    let store = try open()
    try store.record(answer(1))
    store.close()
    try write(Array("{".utf8), to: snapshotPath)
    let before = openDescriptors()
    for _ in 0..<20 { XCTAssertThrowsError(try open()) }
    XCTAssertEqual(openDescriptors(), before)
  }
}
