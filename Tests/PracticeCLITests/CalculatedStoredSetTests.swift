import Foundation
import PracticeTestSupport
import XCTest

/// A bank's stored value sets in sessions, as Moodle shows them (issue 33 §2): each session takes the
/// next set, a resumed session the set it showed, a `mistakes` round a new one; and `export --seed`
/// drawing the stored sets a Moodle XML export writes.
final class CalculatedStoredSetTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  /// A true-or-false question, then one with 5 stored sets of a mass in g: the prompt shows which set.
  static let course = #"""
    {"format": "practice-course", "title": "Sets", "nodes": [{"id": "d", "title": "Density", "questions": [
      {"id": "ice", "type": "truefalse", "prompt": "Ice floats on water.", "answer": true, "explanation": ""},
      {"id": "rho", "type": "calculated", "prompt": "m = {m} g, V = 10 cm³. ρ = ?", "explanation": "",
       "variables": {"m": {"min": 20, "max": 100}}, "answer": "m / 10", "unit": "g/cm³",
       "sets": [{"m": 27}, {"m": 54}, {"m": 79}, {"m": 89}, {"m": 45}]}]}]}
    """#

  func run(_ script: String, at time: String) throws -> String {
    let course = try folder.write("sets.json", Self.course)
    let result = try PracticeBinary.run(
      ["--course", course, "--data-dir", folder.path + "/progress", "--seed", "3", "--now", time, "--lang", "en"],
      stdin: script, environment: PracticeBinary.environment(dataDirectory: folder.path))
    XCTAssertEqual(result.status, 0, result.stderr)
    return result.stdout
  }

  /// The masses shown, in order.
  func shown(_ output: String) -> [String] {
    output.components(separatedBy: "\n").filter { $0.hasPrefix("m = ") }.map {
      String($0.dropFirst(4).prefix { $0 != " " })
    }
  }

  func testEachSessionTakesTheNextSetAndResumeTheSame() throws {
    // The same --seed every run: only the attempts choose the set.
    var masses: [String] = []
    let first = shown(try run("start --in-order 1\nt\nquit\n", at: "2026-12-01T08:00:00Z"))
    XCTAssertEqual(first.count, 1)
    // Resumed: the set it showed, though the session is taken up in a new process.
    XCTAssertEqual(shown(try run("resume\nquit\n", at: "2026-12-01T08:05:00Z")), first)
    // Answered wrong there, then a mistakes round: the next set.
    let wrong = try run("resume\n1\nquit\n", at: "2026-12-01T08:10:00Z")
    XCTAssertTrue(wrong.contains("✗"), wrong)
    masses += first
    var next: String?
    for minute in [20, 30, 40, 50] {
      // Answered wrong again: the round's next round shows the next set (and is left unanswered,
      // so the next run's round shows that set again).
      let round = shown(try run("mistakes\n1\nquit\n", at: "2026-12-01T08:\(minute):00Z"))
      XCTAssertEqual(round.count, 2, "\(minute)")
      if let next { XCTAssertEqual(round.first, next) }
      XCTAssertNotEqual(round.first, round.last)
      next = round.last
      masses += round.prefix(1)
    }
    // Five attempts, five sets: none came back before all were shown.
    XCTAssertEqual(Set(masses), ["27", "54", "79", "89", "45"], masses.joined(separator: " "))
  }

  func testExportSeedDrawsTheStoredSetsAndTheDefaultIsFixed() throws {
    let course = try folder.write(
      "ranges.json",
      Self.course.replacingOccurrences(
        of: #""sets": [{"m": 27}, {"m": 54}, {"m": 79}, {"m": 89}, {"m": 45}]"#, with: #""hint": "ρ = m/V""#))
    func export(_ more: [String]) throws -> String {
      let result = try PracticeBinary.run(
        ["export", "--format", "moodle-xml", course] + more, stdin: "",
        environment: PracticeBinary.environment(dataDirectory: folder.path))
      XCTAssertEqual(result.status, 0, result.stderr)
      return result.stdout
    }
    func items(_ xml: String) -> [String] {
      xml.components(separatedBy: "<value>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }
    let plain = try export([])
    XCTAssertEqual(items(plain).count, 20)
    XCTAssertEqual(try export([]), plain)
    XCTAssertEqual(try export(["--seed", "0"]), plain, "the default seed is 0")
    let seven = try export(["--seed", "7"])
    XCTAssertEqual(try export(["--seed", "7"]), seven)
    XCTAssertNotEqual(items(seven), items(plain))
    let bad = try PracticeBinary.run(
      ["export", "--format", "moodle-xml", course, "--seed", "x"], stdin: "",
      environment: PracticeBinary.environment(dataDirectory: folder.path))
    XCTAssertEqual(bad.status, 2)
    XCTAssertTrue(bad.stderr.contains("--seed needs a whole number, not 'x'"), bad.stderr)
  }
}
