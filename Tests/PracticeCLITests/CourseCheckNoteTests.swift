import CourseOutline
import Foundation
import PracticeTestSupport
import XCTest

/// A course opened to study is checked in full once; the learner's folder then notes that this
/// program read these bytes without a problem (`course-checked`), and later starts decode each
/// part's questions only when needed. An edited course, or another build of the program, is
/// checked in full again: a broken question always stops the start with its place.
final class CourseCheckNoteTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  func run(_ course: String, _ script: String) throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      ["--course", course, "--data-dir", folder.path + "/progress", "--user", "ann", "--seed", "1", "--lang", "en"],
      stdin: script, environment: PracticeBinary.environment(dataDirectory: folder.path))
  }

  var notePath: String { folder.path + "/progress/ann/check-course/course-checked" }

  /// A small course whose one fill-in question has `answers` as written.
  func writeCourse(answers: String) throws -> String {
    let path = folder.path + "/check-course.json"
    let text = """
      {"format": "practice-course", "id": "check-course", "title": "Check", "nodes": [
        {"id": "a", "title": "Heat", "questions": [
          {"id": "q1", "type": "fill", "prompt": "Ice turns to water by ______.", "answers": \(answers),
           "explanation": "Melting."}]}]}
      """
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testTheFirstStartChecksAndNotesAndAnEditedCourseIsCheckedAgain() throws {
    let course = try writeCourse(answers: #"["melting"]"#)
    let first = try run(course, "start 1\nmelting\nquit\n")
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertTrue(first.stdout.contains("Correct"), first.stdout)
    let note = try String(contentsOfFile: notePath, encoding: .utf8)
    XCTAssertTrue(note.hasPrefix("practice-course-check 1 "), note)
    // The note holds: the next start answers from the undecoded course the same way.
    let second = try run(course, "start 1\nmelting\nquit\n")
    XCTAssertEqual(second.status, 0, second.stderr)
    XCTAssertTrue(second.stdout.contains("Correct"), second.stdout)
    XCTAssertEqual(try String(contentsOfFile: notePath, encoding: .utf8), note)
    // The teacher breaks the question: the note names other bytes, so the start checks and stops.
    _ = try writeCourse(answers: "5")
    // No input for a start that fails: the program exits before reading it (writing it would be a SIGPIPE).
    let broken = try run(course, "")
    XCTAssertEqual(broken.status, 1)
    XCTAssertEqual(
      broken.stderr,
      "\(course):3:88: question \"q1\": \"answers\" must be an array of accepted answers, found a number\n")
    XCTAssertEqual(try String(contentsOfFile: notePath, encoding: .utf8), note, "a broken course was noted")
  }

  /// The note names the program's file too: a note for these very bytes is trusted only when this
  /// program wrote it (then a forged one lets a broken question through, left out of its part).
  func testANoteFromAnotherProgramIsNotTrusted() throws {
    let course = try writeCourse(answers: #"["melting"]"#)
    XCTAssertEqual(try run(course, "").status, 0)
    let note = try String(contentsOfFile: notePath, encoding: .utf8)
    let fields = note.split(separator: " ")
    XCTAssertEqual(fields.count, 4, note)
    _ = try writeCourse(answers: "5")
    let digest = CourseDigest(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: course)))).text
    // Another program's note for the broken bytes: checked in full, and stopped.
    try "practice-course-check 1 \(digest) 1:2:3:4\n".write(toFile: notePath, atomically: true, encoding: .utf8)
    let other = try run(course, "")
    XCTAssertEqual(other.status, 1, "a note from another program was trusted")
    XCTAssertTrue(other.stderr.contains("must be an array of accepted answers"), other.stderr)
    // This program's note for them (forged): trusted, so the start goes on without the question.
    try "practice-course-check 1 \(digest) \(fields[3])".write(toFile: notePath, atomically: true, encoding: .utf8)
    let forged = try run(course, "")
    XCTAssertEqual(forged.status, 0, forged.stderr)
  }
}
