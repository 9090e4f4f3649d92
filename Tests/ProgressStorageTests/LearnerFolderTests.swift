import Foundation
import PracticeFiles
import PracticeTestSupport
import ProgressStorage
import XCTest

final class LearnerFolderTests: XCTestCase {
  func testFindsEveryLearnersCourseFolderInNameOrderAndNothingElse() throws {
    let data = TemporaryFolder(prefix: "learners")
    let fs = POSIXFileSystem()
    for folder in ["ann/physics", "ann/chemistry", "a%2Fb/physics", ".bob/physics", "cat/.physics", "dan/other"] {
      try fs.makeDirectories(data.path(folder))
    }
    try data.write("stray-file", "")
    try data.write("cat/physics", "a file, not a folder")

    let physics = try LearnerFolder.all(in: data.path, course: "physics")
    XCTAssertEqual(physics.map(\.folderName), ["a%2Fb", "ann"])
    XCTAssertEqual(physics.map(\.learner), ["a/b", "ann"], "names decoded as LearnerName encodes them")
    XCTAssertEqual(physics.map(\.path), [data.path("a%2Fb/physics"), data.path("ann/physics")])

    let every = try LearnerFolder.all(in: data.path, course: nil)
    XCTAssertEqual(
      every.map { "\($0.folderName)/\($0.courseID)" }, ["a%2Fb/physics", "ann/chemistry", "ann/physics", "dan/other"])

    XCTAssertThrowsError(try LearnerFolder.all(in: data.path("none"), course: nil)) { error in
      XCTAssertEqual((error as? FileSystemError)?.code, FileSystemError.noSuchFileCode)
    }
  }
}
