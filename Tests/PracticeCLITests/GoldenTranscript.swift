import Foundation
// Every test file here runs the binary or compares golden output: they all see the shared support.
@_exported import PracticeTestSupport
import XCTest

/// Compares `text` with `Snapshots/<name>.txt` beside these tests; `RECORD_SNAPSHOTS=1` rewrites it.
///
/// ```swift
/// assertSnapshot(result.transcript, named: "validate-broken")
/// ```
func assertSnapshot(_ text: String, named name: String, file: StaticString = #filePath, line: UInt = #line) {
  GoldenFile.assertMatches(
    text, at: Repository.root.appendingPathComponent("Tests/PracticeCLITests/Snapshots/\(name).txt"), file: file,
    line: line)
}
