import Foundation
import PracticeTestSupport
import QuizEngine
import XCTest

/// Fault tests through the real binary: whatever happens, no acknowledged answer is lost or doubled.
final class DurabilityTests: XCTestCase {
  var folder: TemporaryFolder!
  var course: String!

  /// A course of single-choice questions, so every line "a" is a gradable answer.
  override func setUpWithError() throws {
    folder = TemporaryFolder()
    let questions = (1...50).map {
      #"{"id": "q\#($0)", "type": "single", "prompt": "Question \#($0)?", "options": ["yes", "no"], "answer": \#($0 % 2), "explanation": "Because."}"#
    }
    course = try folder.write(
      "course.json",
      #"{"format": "practice-course", "id": "drill", "title": "Drill", "nodes": [{"id": "all", "title": "All", "questions": [\#(questions.joined(separator: ","))]}]}"#
    )
  }

  var journal: String { folder.path + "/progress/learner/drill/journal.jsonl" }

  /// Answer records of the history per writer, checking every line parses and no record appears twice in a file.
  func answersByWriter() throws -> [(writer: String, count: Int)] {
    try answerRecords().reduce(into: [(writer: String, count: Int)]()) { groups, record in
      if let i = groups.firstIndex(where: { $0.writer == record.writer }) {
        groups[i].count += 1
      } else {
        groups.append((record.writer, 1))
      }
    }
  }

  /// Answers on disk per process: session ids are `s<time>-<pid>-<n>`.
  func answersByProcess() throws -> [Int32: Int] {
    var counts: [Int32: Int] = [:]
    for record in try answerRecords() {
      let parts = record.session.split(separator: "-")
      counts[Int32(parts[1])!, default: 0] += 1
    }
    return counts
  }

  /// Answer records of the whole history: the kept segments (`journal-NNNNNN.jsonl`, what compactions
  /// kept) in order, then the journal; a record a later file repeats (a compaction killed half-way) counts once.
  func answerRecords() throws -> [(writer: String, session: String)] {
    let folder = (journal as NSString).deletingLastPathComponent
    let segments = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasPrefix("journal-") && $0.hasSuffix(".jsonl") }.sorted()
    var records: [(writer: String, session: String)] = []
    var highest: [String: Int] = [:]
    for path in segments.map({ folder + "/" + $0 }) + [journal] {
      guard let data = FileManager.default.contents(atPath: path) else { continue }
      var seen: Set<String> = []
      for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let object = try XCTUnwrap(
          try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "unparsable line: \(line)")
        let writer = try XCTUnwrap(object["writer"] as? String)
        let sequence = try XCTUnwrap(object["seq"] as? Int)
        XCTAssertTrue(seen.insert("\(writer)/\(sequence)").inserted, "record \(writer)/\(sequence) written twice")
        if sequence <= highest[writer, default: 0] { continue }
        highest[writer] = sequence
        guard object["type"] as? String == "answer" else { continue }
        records.append((writer, try XCTUnwrap(object["session"] as? String)))
      }
    }
    return records
  }

  func startPractice(stdin lines: Int, user: String = "learner") throws -> (Process, Pipe) {
    var text = ""
    for i in 0..<lines { text += (i % 51 == 0 ? "start 1\n" : "a\n") }
    return try PracticeBinary.start(
      ["--course", course, "--data-dir", folder.path + "/progress", "--user", user, "--seed", "1"], stdin: text,
      environment: PracticeBinary.environment(dataDirectory: folder.path))
  }

  /// Reads the process's output until `acknowledgements` feedback lines were printed (or it ends); returns how many.
  func readAcknowledgements(_ output: Pipe, until acknowledgements: Int) -> Int {
    var seen = 0
    var pending = Data()
    let handle = output.fileHandleForReading
    while seen < acknowledgements {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      pending.append(chunk)
      while let newline = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
        pending.removeSubrange(pending.startIndex...newline)
        if line.hasPrefix("✓ Correct.") || line.hasPrefix("✗ Wrong.") { seen += 1 }
      }
    }
    return seen
  }

  func testKillNineNeverLosesAnAcknowledgedAnswer() throws {
    // Seeded, so a failure repeats on the next run.
    var generator = SeededRandomNumberGenerator(seed: 20_261_209)
    var acknowledged: [Int32: Int] = [:]
    // 100 kills in `make stress`, 20 in `make test`.
    let kills = StressScale.pick(quick: 20, stress: 100)
    for _ in 0..<kills {
      let (process, output) = try startPractice(stdin: 2_000)
      let target = Int.random(in: 1...60, using: &generator)
      let seen = readAcknowledgements(output, until: target)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      // Feedback already in the pipe was printed before the kill: it counts as acknowledged too.
      acknowledged[process.processIdentifier] =
        seen + countFeedback(in: output.fileHandleForReading.readDataToEndOfFile())
    }
    let written = try answersByProcess()
    XCTAssertGreaterThan(acknowledged.values.reduce(0, +), kills)
    for (pid, count) in acknowledged {
      // Every acknowledged answer is on disk; at most one more was written and not yet acknowledged.
      let onDisk = written[pid] ?? 0
      XCTAssertTrue(
        onDisk == count || onDisk == count + 1, "process \(pid): \(onDisk) answers on disk, \(count) acknowledged")
    }
    let total = written.values.reduce(0, +)
    // The next start repairs whatever the kills left, and leaves no temp files behind.
    let result = try PracticeBinary.run(
      ["--course", course, "--data-dir", folder.path + "/progress", "-c", "quit"],
      environment: PracticeBinary.environment(dataDirectory: folder.path))
    XCTAssertEqual(result.status, 0, result.stderr)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/progress/learner/drill")
      .filter { $0.contains(".tmp") }
    XCTAssertEqual(leftovers, [])
    XCTAssertEqual(try answersByProcess().values.reduce(0, +), total)
  }

  func countFeedback(in data: Data) -> Int {
    String(decoding: data, as: UTF8.self).split(separator: "\n").filter {
      $0.hasPrefix("✓ Correct.") || $0.hasPrefix("✗ Wrong.")
    }.count
  }

  func testTwoSessionsOfOneUserAtOnceLoseNothing() throws {
    let first = try startPractice(stdin: 1020)
    let second = try startPractice(stdin: 1020)
    let a = readAcknowledgements(first.1, until: .max)
    let b = readAcknowledgements(second.1, until: .max)
    first.0.waitUntilExit()
    second.0.waitUntilExit()
    XCTAssertEqual(a, 1000)
    XCTAssertEqual(b, 1000)
    XCTAssertEqual(try answersByWriter().map(\.count).sorted(), [1000, 1000])
  }

  func testATornLastLineIsCutWithAWarningAndLaterAnswersLand() throws {
    let (process, output) = try startPractice(stdin: 11)
    XCTAssertEqual(readAcknowledgements(output, until: .max), 10)
    process.waitUntilExit()
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: journal))
    handle.seekToEndOfFile()
    handle.write(Data(#"{"writer":"x","seq":1,"type":"ans"#.utf8))
    try handle.close()
    let result = try PracticeBinary.run(
      ["--course", course, "--data-dir", folder.path + "/progress", "--seed", "1"], stdin: "start 1\na\na\nquit\n",
      environment: PracticeBinary.environment(dataDirectory: folder.path))
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stderr.hasPrefix("Warning: "), result.stderr)
    XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    XCTAssertEqual(try answersByWriter().map(\.count), [10, 2])
  }

  func testAnUnreadableSnapshotIsNeverOverwritten() throws {
    let directory = folder.path + "/progress/learner/drill"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let damaged = Data(#"{"format": "practice-progress", "version": 1, "nodes": [tru"#.utf8)
    try damaged.write(to: URL(fileURLWithPath: directory + "/snapshot.json"))
    let result = try PracticeBinary.run(
      ["--course", course, "--data-dir", folder.path + "/progress"], stdin: "start 1\na\n",
      environment: PracticeBinary.environment(dataDirectory: folder.path))
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("snapshot.json:1:"), result.stderr)
    XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    XCTAssertEqual(FileManager.default.contents(atPath: directory + "/snapshot.json"), damaged)
  }
}
