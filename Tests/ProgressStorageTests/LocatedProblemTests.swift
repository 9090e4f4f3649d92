import Foundation
import PracticeJSON
import XCTest

@testable import ProgressStorage

/// A journal record and a snapshot with a wrong field name it, and point at the value at fault.
final class LocatedProblemTests: XCTestCase {
  func testJournalRecordPointsAtTheWrongValue() {
    let line = #"{"writer":"w","seq":1,"type":"open","time":1700000000000,"node":7}"#
    XCTAssertThrowsError(try JournalRecord(line: Array(line.utf8))) { error in
      let problem = error as? JSONProblem
      XCTAssertEqual(problem?.message, #""node" must be a string"#)
      XCTAssertEqual(problem?.offset, Array(line.utf8).count - 2)
    }
  }

  func testSnapshotNamesLineAndColumn() throws {
    var state = ProgressState()
    state.nodes["#1"] = NodeProgress(hadRead: true, browseCount: 1, firstStudied: nil, lastStudied: nil)
    let good = JSONWriter.pretty(SnapshotCodec.encode(state))
    let text = good.replacingOccurrences(of: #""hadRead": true"#, with: #""hadRead": "yes""#)
    XCTAssertNotEqual(text, good, "the snapshot writes hadRead as expected here")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let row = try XCTUnwrap(lines.firstIndex { $0.contains(#""yes""#) })
    let column = lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: #""yes""#)!.lowerBound) + 1
    XCTAssertThrowsError(try SnapshotCodec.read(Array(text.utf8))) { error in
      guard case .damaged(let line, let col, let message) = error as? SnapshotCodec.ReadProblem else {
        return XCTFail("expected a damaged snapshot, got \(error)")
      }
      XCTAssertEqual("\(line):\(col): \(message)", "\(row + 1):\(column): \"hadRead\" must be true or false")
    }
  }
}
