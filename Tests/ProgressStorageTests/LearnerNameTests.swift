import ProgressStorage
import QuizEngine
import XCTest

/// Learner names become folder names: reversibly, never a path outside the data folder.
final class LearnerNameTests: XCTestCase {
  func folder(_ name: String) -> String? { LearnerName(name)?.folderName }

  func testNamesThatCouldBePathsAreEncoded() {
    XCTAssertEqual(folder("alice"), "alice")
    XCTAssertEqual(folder("a/b"), "a%2Fb")
    XCTAssertEqual(folder("a_b"), "a_b")
    XCTAssertEqual(folder(".."), "%2E.")
    XCTAssertEqual(folder("."), "%2E")
    XCTAssertEqual(folder(".bob"), "%2Ebob")
    XCTAssertEqual(folder("100%"), "100%25")
    XCTAssertEqual(folder("a\u{0}b\u{1B}"), "a%00b%1B")
    XCTAssertEqual(folder("王小明"), "王小明")
    XCTAssertNil(LearnerName(""))
  }

  func testNFCAndNFDAreOneLearner() {
    XCTAssertEqual(folder("jose\u{301}"), folder("jos\u{E9}"))
    XCTAssertEqual(LearnerName("jose\u{301}")?.name.unicodeScalars.count, 4)
  }

  /// Property: different names never share a folder, and every folder decodes to its name.
  func testEncodingIsReversibleAndSafe() {
    let alphabet: [Character] = ["a", "/", "%", ".", "_", "\u{0}", "\u{1B}", "é", "2", "F"]
    var generator = SeededRandomNumberGenerator(seed: 9)
    var seen: [String: String] = [:]
    for _ in 0..<3_000 {
      let name = String(
        (0..<Int.random(in: 1...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
      let learner = LearnerName(name)!
      let folder = learner.folderName
      XCTAssertFalse(folder.contains("/") || folder.hasPrefix(".") || folder.contains("\u{0}"), folder)
      XCTAssertEqual(LearnerName(folderName: folder)?.name, learner.name, folder)
      if let other = seen[folder] { XCTAssertEqual(other, learner.name, folder) }
      seen[folder] = learner.name
    }
  }

  func testFoldersThatNoNameMakesAreNotLearners() {
    XCTAssertNil(LearnerName(folderName: ".bob"))
    XCTAssertNil(LearnerName(folderName: "a%2"))
    XCTAssertNil(LearnerName(folderName: "a%2f"))
    XCTAssertEqual(LearnerName(folderName: "a%2Fb")?.name, "a/b")
  }
}
