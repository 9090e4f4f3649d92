import Foundation
import PracticeFiles
import PracticeTestSupport
import XCTest

final class PathTextTests: XCTestCase {
  func testLastComponentAndParent() {
    // What NSString's lastPathComponent and deletingLastPathComponent give (which crashes on some of these).
    let expected: [(path: String, last: String, parent: String)] = [
      ("Data/courses/physics/course.json", "course.json", "Data/courses/physics"),
      ("/a/b", "b", "/a"), ("/a/b/", "b", "/a"), ("/a", "a", "/"), ("/", "/", "/"), ("a", "a", ""),
      ("a/", "a", ""), ("", "", ""), ("//a//b//", "b", "//a"), ("./x.json", "x.json", "."),
      ("/tmp/课程/物理.json", "物理.json", "/tmp/课程"),
    ]
    for (path, last, parent) in expected {
      XCTAssertEqual(PathText.lastComponent(path), last, "last of \(path)")
      XCTAssertEqual(PathText.deletingLastComponent(path), parent, "parent of \(path)")
    }
  }

  func testAppendingPutsOneSlashBetween() {
    XCTAssertEqual(PathText.appending("a", "b.json"), "a/b.json")
    XCTAssertEqual(PathText.appending("a/", "b.json"), "a/b.json")
    XCTAssertEqual(PathText.appending("/", "b.json"), "/b.json")
    XCTAssertEqual(PathText.appending("", "b.json"), "b.json")
  }

  func testDeletingExtensionKeepsDotFilesWhole() {
    XCTAssertEqual(PathText.deletingExtension("course.json"), "course")
    XCTAssertEqual(PathText.deletingExtension("seed.v2.json"), "seed.v2")
    XCTAssertEqual(PathText.deletingExtension(".hidden"), ".hidden")
    XCTAssertEqual(PathText.deletingExtension("name"), "name")
  }

  func testKindTellsFilesFoldersAndNothing() throws {
    let temporary = TemporaryFolder()
    let folder = temporary.path
    let file = PathText.appending(folder, "course.json")
    FileManager.default.createFile(atPath: file, contents: Data("[]".utf8))
    XCTAssertEqual(PathText.kind(of: folder), .folder)
    XCTAssertEqual(PathText.kind(of: file), .file)
    XCTAssertEqual(PathText.kind(of: PathText.appending(folder, "missing.json")), .missing)
  }
}
