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

  func testKindNamesASymlinkLoopAndANameTooLongInsteadOfNothing() throws {
    let temporary = TemporaryFolder()
    let loop = temporary.path("loop")
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: temporary.path("loop2"))
    try FileManager.default.createSymbolicLink(atPath: temporary.path("loop2"), withDestinationPath: loop)
    let long = temporary.path(String(repeating: "a", count: 300) + ".json")
    let cases: [(path: String, code: Int32, words: String)] = [
      (loop, FileSystemError.symlinkLoopCode, "symlink loop"),
      (loop + "/course.json", FileSystemError.symlinkLoopCode, "symlink loop"),
      (long, FileSystemError.nameTooLongCode, "name too long"),
    ]
    for (path, code, words) in cases {
      guard case .unreachable(let error) = PathText.kind(of: path) else {
        XCTFail("\(path): \(PathText.kind(of: path)), expected unreachable")
        continue
      }
      XCTAssertEqual(error.code, code)
      XCTAssertEqual(error.path, path)
      XCTAssertTrue(error.description.contains(words), error.description)
    }
    // A file where a folder is meant is nothing there, as a missing name is.
    let file = try temporary.write("file.json", "[]")
    XCTAssertEqual(PathText.kind(of: file + "/course.json"), .missing)
  }
}
