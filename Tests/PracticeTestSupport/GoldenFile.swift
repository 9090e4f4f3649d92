package import Foundation
import XCTest

/// Golden files compared byte for byte; `RECORD_SNAPSHOTS=1` in the environment rewrites them instead.
///
/// ```swift
/// GoldenFile.assertMatches(report, at: snapshots.appendingPathComponent("learner.text"))
/// ```
package enum GoldenFile {
  /// Whether this run records golden files rather than checking them.
  package static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

  /// Fails, naming the first differing line, when `text` differs from the file at `url`.
  package static func assertMatches(
    _ text: String, at url: URL, file: StaticString = #filePath, line: UInt = #line
  ) {
    if isRecording {
      try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      XCTAssertNoThrow(try Data(text.utf8).write(to: url), file: file, line: line)
      return
    }
    guard let data = try? Data(contentsOf: url) else {
      XCTFail("no snapshot \(url.path); run with RECORD_SNAPSHOTS=1 to record it", file: file, line: line)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != text else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let first =
      Array(zip(expectedLines, actualLines)).firstIndex { $0 != $1 } ?? min(expectedLines.count, actualLines.count)
    XCTFail(
      """
      \(url.lastPathComponent) differs from its snapshot at line \(first + 1):
        expected: \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
        actual:   \(first < actualLines.count ? String(actualLines[first]) : "<end>")
      (RECORD_SNAPSHOTS=1 re-records)
      """, file: file, line: line)
  }
}
