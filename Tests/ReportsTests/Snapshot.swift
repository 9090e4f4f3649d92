import Foundation
import XCTest

/// Golden files under `Snapshots/`, compared byte for byte; `RECORD_SNAPSHOTS=1` rewrites them.
enum Snapshot {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

  static func assertMatches(_ actual: String, named name: String, file: StaticString = #filePath, line: UInt = #line) {
    let url = folder.appendingPathComponent(name)
    if recording {
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      XCTAssertNoThrow(try Data(actual.utf8).write(to: url), file: file, line: line)
      return
    }
    guard let data = try? Data(contentsOf: url) else {
      XCTFail("missing snapshot \(name); run with RECORD_SNAPSHOTS=1 to record it", file: file, line: line)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected != actual {
      let a = actual.components(separatedBy: "\n")
      let b = expected.components(separatedBy: "\n")
      let first = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
      XCTFail(
        "\(name) differs at line \(first + 1):\n  expected: \(first < b.count ? b[first] : "<end>")\n  actual:   \(first < a.count ? a[first] : "<end>")",
        file: file, line: line)
    }
  }
}
