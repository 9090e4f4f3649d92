import Foundation
import PracticeJSON
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

/// A record of a type from a newer version stays where it is in the journal: skipped when folding,
/// reported once, never counted as damaged, never removed by a repair or a compaction.
final class UnknownRecordTests: StoreTestCase {
  let newer = #"{"writer":"future","seq":1,"type":"teleport","time":1717752615000,"node":"n1"}"#

  /// Three answers with a newer version's record after the first; returns the journal's text.
  private func journalWithANewerRecord() throws -> String {
    let store = try open(writer: "w")
    for n in 1...3 { try store.record(answer(n)) }
    store.close()
    var lines = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n").map(String.init)
    lines.insert(newer, at: 1)
    let text = lines.joined(separator: "\n") + "\n"
    try write(Array(text.utf8), to: journalPath)
    return text
  }

  func testAnUnknownRecordIsKeptSkippedAndReportedOnce() throws {
    let text = try journalWithANewerRecord()
    let store = try open(writer: "w2")
    XCTAssertEqual(
      store.takeWarnings().map(\.description),
      [
        "Warning: \(journalPath) holds 1 record of a kind this version does not know (\"teleport\"), written by a newer version of practice; it was kept as it is and is not counted here. Update practice to count it."
      ])
    XCTAssertEqual(Set(store.state.questions.keys), ["q1", "q2", "q3"])
    try store.record(answer(4))
    try store.reload()
    XCTAssertEqual(store.takeWarnings(), [], "one warning per run, not one per reload")
    store.close()
    XCTAssertTrue(String(decoding: bytes(journalPath), as: UTF8.self).hasPrefix(text))
    XCTAssertEqual(files().filter { $0.contains("corrupt") }, [])
  }

  func testARepairKeepsUnknownRecordsAndCountsOnlyDamagedLines() throws {
    var lines = try journalWithANewerRecord().split(separator: "\n").map(String.init)
    lines[2] = #"{"writer":"w","seq":2,"type":"answer""#
    try write(Array((lines.joined(separator: "\n") + "\n").utf8), to: journalPath)
    let store = try open(writer: "w2")
    let warnings = store.takeWarnings()
    XCTAssertEqual(warnings.count, 2, "\(warnings)")
    guard case .corruptRecords(_, let damaged, _, _) = warnings.first else { return XCTFail("\(warnings)") }
    XCTAssertEqual(damaged, [3])
    store.close()
    let kept = String(decoding: bytes(journalPath), as: UTF8.self).split(separator: "\n").map(String.init)
    XCTAssertEqual(kept, [lines[0], newer, lines[3]])
  }

  func testAJournalWithUnknownRecordsIsNotCompacted() throws {
    let text = try journalWithANewerRecord()
    let store = try open(threshold: 2, writer: "w2")
    try store.compact()
    store.close()
    XCTAssertEqual(String(decoding: bytes(journalPath), as: UTF8.self), text)
    XCTAssertFalse(FileManager.default.fileExists(atPath: snapshotPath))
  }

  func testTheReadOnlyReaderSkipsUnknownRecordsWithoutCallingThemDamaged() throws {
    _ = try journalWithANewerRecord()
    let progress = try ReadOnlyProgress.load(directory: dir)
    XCTAssertEqual(progress.damagedLines, [])
    XCTAssertEqual(progress.unknownRecords.journalLines, [2])
    XCTAssertEqual(Set(progress.state.questions.keys), ["q1", "q2", "q3"])
    let events = try LearnerEvents.load(directory: dir, user: "ann", course: "c")
    XCTAssertEqual(events.damagedLines, [])
    XCTAssertEqual(events.unknownRecords.journalLines, [2])
  }

  /// A newer version may have compacted its records into a kept segment: the readers skip them
  /// there too, and say so once, naming the folder (a segment line is no journal line).
  func testReadersCountUnknownRecordsInKeptSegmentsAndWarnOnce() throws {
    let text = try journalWithANewerRecord()
    try write(Array(text.utf8), to: dir + "/" + JournalSegments.name(1))
    try write([], to: journalPath)
    let progress = try ReadOnlyProgress.load(directory: dir)
    XCTAssertEqual(progress.damagedLines, [])
    XCTAssertEqual(progress.unknownRecords.journalLines, [])
    XCTAssertEqual(progress.unknownRecords.inSegments, 1)
    XCTAssertEqual(Set(progress.state.questions.keys), ["q1", "q2", "q3"])
    XCTAssertEqual(
      progress.unknownRecords.warning(directory: dir)?.description,
      "Warning: \(dir) holds 1 record of a kind this version does not know (\"teleport\"), written by a newer version of practice; it was kept as it is and is not counted here. Update practice to count it."
    )
    let events = try LearnerEvents.load(directory: dir, user: "ann", course: "c")
    XCTAssertEqual(events.unknownRecords.inSegments, 1)
    XCTAssertEqual(events.unknownRecords.types, ["teleport"])
    XCTAssertNil(UnknownRecords().warning(directory: dir))
  }

  func testALineWithoutWriterOrSequenceIsDamagedWhateverItsType() throws {
    for line in [#"{"seq":1,"type":"teleport","time":0}"#, #"{"writer":"w","type":"teleport","time":0}"#] {
      XCTAssertThrowsError(try JournalRecord(line: Array(line.utf8))) {
        XCTAssertFalse($0 is JournalRecord.UnknownType, line)
      }
    }
    XCTAssertThrowsError(try JournalRecord(line: Array(newer.utf8))) {
      XCTAssertEqual($0 as? JournalRecord.UnknownType, JournalRecord.UnknownType(type: "teleport"))
    }
  }

  func testEveryTypeTheSchemaListsIsKnownToTheReader() throws {
    let schema = try JSONSchemaValidator(
      schemaFile: JournalSchemaTests.repository.appendingPathComponent("schemas/journal-v1.json").path)
    let declared = Set(schema.root["properties"]?["type"]?["enum"]?.array?.compactMap(\.string) ?? [])
    XCTAssertEqual(JournalRecord.knownTypes, declared)
    for event in JournalSchemaTests.samples {
      XCTAssertTrue(JournalRecord.knownTypes.contains(JournalSchemaTests.recordType(event)))
    }
  }
}
