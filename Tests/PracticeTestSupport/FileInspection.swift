import Foundation
import XCTest

/// Looking at files a test made: their bytes, names and permission bits.
///
/// ```swift
/// XCTAssertEqual(mode(folder.path("lock")), 0o600)
/// ```
extension XCTestCase {
  /// The file's bytes; empty when it cannot be read.
  package func bytes(_ path: String) -> [UInt8] {
    (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
  }

  package func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// The names in `folder`, sorted.
  package func files(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  /// The permission bits of `path`; -1 when it cannot be read.
  package func mode(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?
      .intValue ?? -1
  }
}
