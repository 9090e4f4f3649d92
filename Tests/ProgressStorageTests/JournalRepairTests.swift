import Foundation
import Localization
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

final class JournalRepairTests: StoreTestCase {
  /// Writes three answers and returns the journal bytes and where the last line starts.
  private func journalWithThreeAnswers() throws -> (bytes: [UInt8], lastLineStart: Int) {
    let store = try open(writer: "w")
    for n in 1...3 { try store.record(answer(n)) }
    store.close()
    let bytes = bytes(journalPath)
    let lastLineStart = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n"))! + 1
    return (bytes, lastLineStart)
  }

  func testTornTailAtEveryByteKeepsEarlierRecordsAndNextAppendIsClean() throws {
    let (full, lastLineStart) = try journalWithThreeAnswers()
    for cut in lastLineStart..<full.count {
      try write(Array(full[0..<cut]), to: journalPath)
      try? FileManager.default.removeItem(atPath: snapshotPath)
      let store = try open(writer: "w2")
      let warnings = store.takeWarnings()
      XCTAssertEqual(Set(store.state.questions.keys), ["q1", "q2"], "cut at \(cut)")
      if cut == lastLineStart {
        XCTAssertEqual(warnings, [])
      } else {
        XCTAssertEqual(
          warnings.map(\.description),
          [
            "Warning: \(journalPath) ended with a half-written record (\(cut - lastLineStart) bytes, from a program that stopped mid-write); it was never confirmed as saved and was removed."
          ])
      }
      try store.record(answer(9))
      store.close()
      let after = bytes(journalPath)
      XCTAssertEqual(Array(after[0..<lastLineStart]), Array(full[0..<lastLineStart]))
      XCTAssertEqual(after.last, UInt8(ascii: "\n"))
      XCTAssertEqual(Set(try reloaded().questions.keys), ["q1", "q2", "q9"], "cut at \(cut)")
    }
  }

  func testTornTailLeftBehindWhileOpenIsCutBeforeTheNextAppend() throws {
    let store = try open(writer: "w")
    try store.record(answer(1))
    // Another process died mid-write after this store opened.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: journalPath))
    handle.seekToEndOfFile()
    handle.write(Data(#"{"writer":"x","seq":1,"ty"#.utf8))
    handle.closeFile()
    try store.record(answer(2))
    XCTAssertEqual(store.takeWarnings().count, 1)
    store.close()
    let state = try reloaded()
    XCTAssertEqual(Set(state.questions.keys), ["q1", "q2"])
    XCTAssertEqual(
      String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n").count, 2)
  }

  func testCorruptMiddleIsSetAsideAndGoodRecordsKept() throws {
    let store = try open(writer: "w")
    for n in 1...4 { try store.record(answer(n)) }
    store.close()
    var lines = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n").map(
      String.init)
    lines[1] = #"{"writer":"w","seq":2,"type":"answer""#  // cut short, then more records follow
    let original = Array((lines.joined(separator: "\n") + "\n").utf8)
    try write(original, to: journalPath)

    let reopened = try open(writer: "w2")
    let copyName = "journal.jsonl.corrupt-20240607T093015Z"
    XCTAssertEqual(
      reopened.takeWarnings().map(\.description),
      [
        "Warning: \(journalPath) had 1 damaged record (line 2; line 2, column 38: unexpected end of input, expected ',' or '}'); it was skipped, every good record was kept, and the original file was saved as \(dir)/\(copyName)."
      ])
    XCTAssertEqual(Set(reopened.state.questions.keys), ["q1", "q3", "q4"])
    XCTAssertEqual(bytes(dir + "/" + copyName), original)
    XCTAssertEqual(mode(dir + "/" + copyName), 0o600)
    let kept = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n").map(
      String.init)
    XCTAssertEqual(kept, [lines[0], lines[2], lines[3]])
    try reopened.record(answer(5))
    reopened.close()
    XCTAssertEqual(Set(try reloaded().questions.keys), ["q1", "q3", "q4", "q5"])
    XCTAssertEqual(files(), ["journal.jsonl", copyName, "lock"])
  }

  func testWellFormedRecordWithWrongFieldsCountsAsDamaged() throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let good = JournalRecord(writer: "w", sequence: 1, event: answer(1)).line
    try write(good + Array(#"{"writer":"w","seq":"two"}"#.utf8) + [10], to: journalPath)
    let store = try open()
    guard case .corruptRecords(_, let lines, let problem, _) = store.takeWarnings().first else {
      return XCTFail("expected a corrupt-records warning")
    }
    XCTAssertEqual(lines, [2])
    // The column points at the value: `{"writer":"w","seq":` is 20 bytes.
    XCTAssertEqual(problem.description, #"line 2, column 21: "seq" must be a whole number"#)
    XCTAssertEqual(Set(store.state.questions.keys), ["q1"])
  }
}
