import Foundation
import PracticeTestSupport
import QuizEngine
import XCTest

@testable import CourseOutline

/// Numbers from files and the environment: out of range is a one-line message, never a crash.
final class HostileNumbersTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  func run(_ arguments: [String], extra: [String: String] = [:]) throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      arguments + ["--data-dir", folder.path + "/data"],
      environment: PracticeBinary.environment(dataDirectory: folder.path, extra: extra))
  }

  /// A course of 1,100 leaves, and a learner whose snapshot says each was opened `browseCount` times.
  func forgedLearner(browseCount: String, time: String = "1796112000000") throws -> String {
    let nodes = (0..<1_100).map { #"{"id": "n\#($0)", "title": "Node \#($0)"}"# }.joined(separator: ",")
    let course = try folder.write(
      "big.json", #"{"format": "practice-course", "version": 1, "id": "big", "title": "Big", "nodes": [\#(nodes)]}"#)
    let progress = folder.path + "/data/mallory/big"
    try FileManager.default.createDirectory(atPath: progress, withIntermediateDirectories: true)
    let records = (0..<1_100).map {
      ##"{"key": "#n\##($0)", "hadRead": true, "browseCount": \##(browseCount), "firstStudied": \##(time), "lastStudied": null}"##
    }.joined(separator: ",")
    try Data(
      #"{"format": "practice-progress", "version": 1, "writers": [], "nodes": [\#(records)], "questions": [], "sessions": []}"#
        .utf8
    ).write(to: URL(fileURLWithPath: progress + "/snapshot.json"))
    return course
  }

  func testHugeAndNegativeCountsAndImpossibleTimesAreRefusedNotSummed() throws {
    for (count, time) in [("9000000000000000", "1796112000000"), ("-5", "1796112000000"), ("1", "253402300800000")] {
      let course = try forgedLearner(browseCount: count, time: time)
      let learner = try run(["--course", course, "--user", "mallory", "report"])
      XCTAssertEqual(learner.status, 1, learner.stderr)
      XCTAssertTrue(learner.stderr.contains("snapshot.json"), learner.stderr)
      XCTAssertTrue(learner.stderr.contains(time == "1796112000000" ? "browseCount" : "firstStudied"), learner.stderr)
      XCTAssertEqual(learner.stderr.split(separator: "\n").count, 1, learner.stderr)
      // One learner's folder never stops the teacher's report: they are listed as unreadable.
      XCTAssertEqual(try run(["--course", course, "--user", "ann", "-c", "info 1"]).status, 0)
      let teacher = try run(["--course", course, "report", "--class"])
      XCTAssertEqual(teacher.status, 0, teacher.stderr)
      XCTAssertTrue(teacher.stdout.contains("Could not be read"), teacher.stdout)
      XCTAssertTrue(teacher.stdout.contains("mallory"), teacher.stdout)
    }
  }

  func testLargeButValidCountsAreSummedWithoutOverflow() throws {
    let course = try forgedLearner(browseCount: "1000000000000")
    let learner = try run(["--course", course, "--user", "mallory", "report", "--format", "json"])
    XCTAssertEqual(learner.status, 0, learner.stderr)
    XCTAssertTrue(learner.stdout.contains("1100000000000000"), String(learner.stdout.prefix(2_000)))
  }

  func testCourseBrowseCountsAreRangeChecked() throws {
    let course = try folder.write(
      "seed.json",
      #"{"chapterDtoList": [{"id": 1, "chapterName": "A", "parentId": 0, "browseCount": -3, "subChapterList": []}]}"#)
    let result = try run(["validate", course])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stdout.contains("\"browseCount\" must be a whole number from 0"), result.stdout)
  }

  func testEnvironmentNumbersOutOfRangeAreWarnings() throws {
    for value in ["9000000000000", "-1", "nan", "lots"] {
      let result = try run(["-c", "ls"], extra: ["PRACTICE_MAX_COURSE_MB": value])
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertEqual(
        result.stderr,
        "practice: warning: PRACTICE_MAX_COURSE_MB=\(value) is not a number from 1 to 1048576; it is ignored\n")
    }
    let timeout = try run(["-c", "ls"], extra: ["PRACTICE_LOCK_TIMEOUT": "inf"])
    XCTAssertTrue(timeout.stderr.contains("PRACTICE_LOCK_TIMEOUT=inf is not a number"), timeout.stderr)
  }

  func testFindCapsItsQueryAndMatchesInLinearTime() throws {
    let long = String(repeating: "a", count: 100_000)
    let result = try run(["-c", "find \(long)"])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("give at most 200"), String(result.stderr.prefix(300)))
    // The worst case for a naive search: aaaa…ab in aaaa…a, a 50 MB title's worth of work in a blink.
    let haystack = Array(repeating: Unicode.Scalar("a"), count: 2_000_000)
    let needle = Array(repeating: Unicode.Scalar("a"), count: 199) + ["b"]
    XCTAssertFalse(Course.contains(haystack, needle))
  }

  /// Property: the linear search agrees with the obvious one.
  func testSearchAgreesWithTheObviousOne() {
    // Seeded, so a failure repeats on the next run.
    var generator = SeededRandomNumberGenerator(seed: 20_261_210)
    let letters: [Unicode.Scalar] = ["a", "b", "c"]
    for _ in 0..<2_000 {
      let haystack = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        letters.randomElement(using: &generator)!
      }
      let needle = (0..<Int.random(in: 1...4, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
      let obvious =
        needle.count <= haystack.count
        && (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
      XCTAssertEqual(Course.contains(haystack, needle), obvious, "\(haystack) \(needle)")
    }
  }
}
