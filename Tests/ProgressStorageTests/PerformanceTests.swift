import Foundation
import PracticeFiles
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

final class PerformanceTests: StoreTestCase {
  /// Writes `count` answer records straight into the journal (no fsync each: this is set-up).
  private func writeHistory(_ count: Int) throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count * 200)
    for i in 1...count {
      let event = ProgressEvent.answered(
        session: "s\(i / 20)", question: "q\(i % 3_000)", node: "n\(i % 300)",
        given: "given answer \(i)",
        correct: i % 3 != 0, at: at(i))
      bytes += JournalRecord(writer: "history", sequence: i, event: event).line
    }
    try write(bytes, to: journalPath)
  }

  /// The file operations one append makes, after `history` records.
  private func appendOperations(after history: Int) throws -> (
    log: [String], bytesRead: Int
  ) {
    try? FileManager.default.removeItem(atPath: dir)
    try writeHistory(history)
    let faulty = FaultInjectingFileSystem()
    let store = try open(faulty, writer: "w")
    XCTAssertEqual(store.state.appliedSequence["history"], history)
    faulty.resetLog()
    try store.record(answer(1))
    defer { store.close() }
    return (faulty.operationLog, faulty.totalBytesRead)
  }

  func testAppendCostsTheSameAt100000RecordsAsAt1000() throws {
    let small = try appendOperations(after: 1_000)
    let large = try appendOperations(after: 100_000)
    let expected = ["flock", "fstat", "pread", "write", "fsync", "flock"]
    XCTAssertEqual(small.log, expected)
    XCTAssertEqual(large.log, expected)
    XCTAssertEqual(small.bytesRead, 1)
    XCTAssertEqual(large.bytesRead, 1)
    // Times belong in `make bench`, not in a unit test: only the operations are asserted here.
  }
}
