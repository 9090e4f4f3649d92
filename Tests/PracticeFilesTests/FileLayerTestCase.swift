import Foundation
import PracticeTestSupport
import XCTest

/// A fresh, existing folder per test (`dir`), removed afterwards, with helpers to look at its files.
class FileLayerTestCase: XCTestCase {
  var folder: TemporaryFolder!
  var dir = ""

  override func setUpWithError() throws {
    folder = TemporaryFolder(prefix: "files")
    dir = folder.path
  }

  override func tearDownWithError() throws {
    folder = nil
  }

  func bytes(_ path: String) -> [UInt8] {
    (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
  }

  func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// The names in `dir`, sorted.
  func files() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
  }

  func mode(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?
      .intValue ?? -1
  }
}
