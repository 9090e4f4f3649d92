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

  /// The names in `dir`, sorted.
  func files() -> [String] { files(in: dir) }
}
