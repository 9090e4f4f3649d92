import Foundation
import XCTest

/// `review`, `due` and `schedule` through the built binary, over several days fixed with `--now`.
final class ReviewCommandTests: XCTestCase {
  /// One learner's month with the sampler's Physics part: the golden transcript of `review` and `due`.
  func testReviewAndDueOverSeveralDays() throws {
    let folder = TemporaryFolder()
    let common = [
      "--course", "Data/courses/sampler", "--data-dir", folder.path + "/progress", "--user", "ann", "--seed", "7",
      "--echo",
    ]
    // Physics (1.1): physics-q01 (single, kilogram), measurement-q01 (fill, metre), -q02 (numeric, 2500 m),
    // -q03 (single, 3.45 cm), heat-q01 (numeric, 373.15 K), -q02 (true/false, false), -q03 (multiple,
    // evaporation, sublimation, melting). Options are shuffled, as in every session, so they are
    // answered by their text.
    let (kilogram, litre, right, wrong) = ("kilogram", "litre", "3.45 cm", "3.4 cm")
    let (all, twoOfThree) = ("evaporation, sublimation, melting", "evaporation, sublimation")
    let days: [(now: String, options: [String], stdin: String)] = [
      // New questions in course order; a hint makes a right answer Hard, a wrong one or a skip Again.
      (
        "2026-12-01T08:00:00Z", [],
        "due\nreview 1.1\n\(kilogram)\nmetre\nhint\n2500 m\n\(wrong)\nskip\nf\n\(all)\nls\ndue 1\n"
      ),
      // Fifteen minutes on: all seven due, the Again ones (due 08:01) first, then the Hard one (08:05:30).
      (
        "2026-12-01T08:15:00Z", [],
        "expand 1\nreview 1.1\n\(right)\n373.15 K\n2500\n\(kilogram)\nmetre\nf\n\(twoOfThree)\ndue 1.1\n"
      ),
      // Two days on: the five due today (overdue or still learning), most overdue first; quit, come back.
      (
        "2026-12-03T09:00:00Z", [],
        "expand all\ndue\nreview 1.1\n\(all)\n\(right)\nquit\nreview 1.1\n373.15\n2500 m\n\(all)\ndue\n"
      ),
      // Two lapses (relearning, 10 minutes: due again today), asked again at once; then nothing is left today.
      (
        "2026-12-06T09:00:00Z", [],
        "expand 1\nreview 1.1\n\(litre)\nmetre\nt\nreview 1.1\n\(kilogram)\nf\nreview 1.1\ndue 1.1\n"
      ),
      // A day's limit of 2 reviews.
      ("2026-12-30T12:00:00Z", ["--limit", "2"], "expand 1\nreview 1.1\n\(kilogram)\nf\nreview 1.1\ndue 1\n"),
    ]
    var transcript = ""
    for day in days {
      let arguments = common + ["--now", day.now] + day.options
      let result = try PracticeBinary.run(
        arguments, stdin: day.stdin, environment: PracticeBinary.environment(dataDirectory: folder.path),
        mergingErrors: true)
      transcript += "$ practice --now \(day.now) \(day.options.joined(separator: " "))\n" + result.transcript + "\n"
    }
    let schedule = try PracticeBinary.run(
      ["schedule", "1.1", "--now", "2026-12-30T12:00:00Z"] + Array(common.dropLast(3)),
      environment: PracticeBinary.environment(dataDirectory: folder.path), mergingErrors: true)
    transcript += "$ practice schedule 1.1 --now 2026-12-30T12:00:00Z\n" + schedule.transcript
    assertSnapshot(transcript, named: "review-over-days")
    // The same schedule as a Chinese learner reads it, in text and Markdown.
    var chinese = ""
    for format in ["text", "md"] {
      let arguments = ["schedule", "1.1", "--format", format, "--now", "2026-12-30T12:00:00Z"]
      let run = try PracticeBinary.run(
        arguments + Array(common.dropLast(3)),
        environment: PracticeBinary.environment(dataDirectory: folder.path, extra: ["LC_MESSAGES": "zh_CN.UTF-8"]),
        mergingErrors: true)
      chinese += "$ LANG=zh_CN.UTF-8 practice \(arguments.joined(separator: " "))\n" + run.transcript + "\n"
    }
    // Nothing due, in Chinese: the next review's time is written as Chinese dates are, not in ISO 8601.
    let nothingDue = try PracticeBinary.run(
      common + ["--now", "2026-12-06T09:00:30Z"], stdin: "review 1.1\n",
      environment: PracticeBinary.environment(dataDirectory: folder.path, extra: ["LC_MESSAGES": "zh_CN.UTF-8"]),
      mergingErrors: true)
    chinese += "$ LANG=zh_CN.UTF-8 practice --now 2026-12-06T09:00:30Z\n" + nothingDue.transcript + "\n"
    assertSnapshot(chinese, named: "schedule-zh")
  }

  func testScheduleFormats() throws {
    let folder = TemporaryFolder()
    let common = ["--course", "Data/courses/sampler", "--data-dir", folder.path + "/progress", "--user", "ann"]
    let env = PracticeBinary.environment(dataDirectory: folder.path)
    _ = try PracticeBinary.run(
      common + ["--now", "2026-12-01T08:00:00Z"], stdin: "review 1.1.1\nmetre\nskip\n", environment: env)
    let json = try PracticeBinary.run(
      common + ["schedule", "--format", "json", "--now", "2026-12-02T08:00:00Z"], environment: env)
    XCTAssertEqual(json.status, 0, json.stderr)
    let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let questions = try XCTUnwrap(document["questions"] as? [[String: Any]])
    XCTAssertEqual(questions.count, 21)
    // Right at the first learning step: the second step, 10 minutes on.
    let right = try XCTUnwrap(questions.first { $0["id"] as? String == "measurement-q01" })
    XCTAssertEqual(right["state"] as? String, "learning")
    XCTAssertEqual(right["step"] as? Int, 1)
    XCTAssertEqual(right["reps"] as? Int, 1)
    XCTAssertEqual(right["due"] as? String, "2026-12-01T08:10:00Z")
    XCTAssertEqual(right["stability"] as? Double, 2.3065)
    // Skipped: Again, back to the first step, a minute on.
    let skipped = try XCTUnwrap(questions.first { $0["id"] as? String == "measurement-q02" })
    XCTAssertEqual(skipped["due"] as? String, "2026-12-01T08:01:00Z")
    XCTAssertEqual(skipped["stability"] as? Double, 0.212)
    let new = try XCTUnwrap(questions.first { $0["id"] as? String == "measurement-q03" })
    XCTAssertEqual(new["state"] as? String, "new")
    XCTAssertTrue(new["due"] is NSNull)
    let csv = try PracticeBinary.run(
      common + ["schedule", "1.1.1", "--format", "csv", "--now", "2026-12-02T08:00:00Z"], environment: env)
    let lines = csv.stdout.split(separator: "\r\n")
    XCTAssertEqual(lines.count, 4)
    XCTAssertEqual(lines[0], "\u{FEFF}id,node,state,stability,difficulty,due,last_review,reps,lapses,retrievability")
    let html = try PracticeBinary.run(
      common + ["schedule", "--format", "html", "--lang", "zh", "--now", "2026-12-02T08:00:00Z"], environment: env)
    XCTAssertEqual(html.status, 0, html.stderr)
    XCTAssertTrue(html.stdout.contains("<html lang=\"zh-CN\">"), html.stdout)
    XCTAssertTrue(html.stdout.contains("<h1>2026年12月2日 08:00的复习计划"), html.stdout)
    let bad = try PracticeBinary.run(common + ["schedule", "--format", "pdf"], environment: env)
    XCTAssertEqual(bad.status, 2)
  }

  /// kill -9 in the middle of `review --rate` sessions: every rating the program acknowledged (by
  /// moving on to the next question) is on disk with its answer, and the schedule replays them all.
  func testKillNineDuringAReviewLosesNoAcknowledgedRating() throws {
    let folder = TemporaryFolder()
    let questions = (1...40).map {
      #"{"id": "q\#($0)", "type": "single", "prompt": "Say yes to \#($0).", "options": ["yes", "no"], "answer": 0, "explanation": "Yes."}"#
    }
    let course = try folder.write(
      "course.json",
      #"{"format": "practice-course", "id": "drill", "title": "Drill", "nodes": [{"id": "all", "title": "All", "questions": [\#(questions.joined(separator: ","))]}]}"#
    )
    let common = ["--course", course, "--data-dir", folder.path + "/progress", "--user", "learner"]
    let env = PracticeBinary.environment(dataDirectory: folder.path)
    var acknowledged: [String: Int] = [:]  // per --now day: each run is its own day, so its own session
    for run in 0..<12 {
      let now = "2026-12-\(String(format: "%02d", run + 1))T08:00:00Z"
      let (process, output) = try PracticeBinary.start(
        common + ["--rate", "--now", now], stdin: "review --new\n" + String(repeating: "yes\n3\n", count: 60),
        environment: env)
      // A rating is acknowledged once the next question (or the session's score) is printed.
      let target = Int.random(in: 1...15)
      var text = ""
      var headers = 0
      while headers <= target {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
        headers = text.components(separatedBy: "\nQuestion ").count - 1
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let shown = text.components(separatedBy: "\nQuestion ").count - 1
      acknowledged[now] = max(0, shown - 1) + (text.contains("\nScore: ") ? 1 : 0)
    }
    // Every answer record carries its rating; per run, what is on disk is what was acknowledged,
    // or one more (written, killed before the next question was shown).
    let journal = try String(contentsOfFile: folder.path + "/progress/learner/drill/journal.jsonl", encoding: .utf8)
    var onDisk: [String: Int] = [:]
    var total = 0
    for line in journal.split(separator: "\n") {
      let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      guard object["type"] as? String == "answer" else { continue }
      XCTAssertEqual(object["rating"] as? Int, 3, String(line))
      let time = try XCTUnwrap(object["time"] as? Int)
      let day = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(time) / 1000))
      onDisk[day, default: 0] += 1
      total += 1
    }
    XCTAssertGreaterThan(acknowledged.values.reduce(0, +), 12)
    for (day, count) in acknowledged {
      let written = onDisk[day] ?? 0
      XCTAssertTrue(written == count || written == count + 1, "\(day): \(written) on disk, \(count) acknowledged")
    }
    // The schedule is rebuilt from those records: one review each.
    let schedule = try PracticeBinary.run(common + ["schedule", "--format", "json"], environment: env)
    XCTAssertEqual(schedule.status, 0, schedule.stderr)
    let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(schedule.stdout.utf8)) as? [String: Any])
    let reps = try XCTUnwrap(document["questions"] as? [[String: Any]]).compactMap { $0["reps"] as? Int }
    XCTAssertEqual(reps.reduce(0, +), total)
  }
}

/// The greeting offers to take up a review quit earlier the same study day, not one from an earlier
/// day (it asked what was due then); `resume` still takes that one up when asked.
final class StaleReviewGreetingTests: XCTestCase {
  func testAReviewQuitOnAnEarlierDayIsNotOfferedButStillResumes() throws {
    let folder = TemporaryFolder()
    func run(_ now: String, _ stdin: String, greet: Bool = true) throws -> PracticeBinary.Result {
      try PracticeBinary.run(
        [
          "--course", "Data/courses/sampler", "--data-dir", folder.path + "/progress", "--user", "ann", "--seed", "7",
          "--now", now, "--lang", "en",
        ] + (greet ? ["--greet"] : []), stdin: stdin,
        environment: PracticeBinary.environment(dataDirectory: folder.path, extra: ["TZ": "UTC"]))
    }
    // Day 1: every question of 1.1 skipped (Again: due again soon). Day 3: a review quit after one skip.
    let skips = String(repeating: "skip\n", count: 7)
    XCTAssertEqual(try run("2026-12-01T08:00:00Z", "review 1.1\n\(skips)quit\n", greet: false).status, 0)
    XCTAssertEqual(try run("2026-12-03T08:00:00Z", "review\nskip\nquit\n", greet: false).status, 0)
    let sameDay = try run("2026-12-03T20:00:00Z", "quit\n")
    XCTAssertTrue(sameDay.stdout.contains("The review stopped at question 2 of"), sameDay.stdout)
    let later = try run("2026-12-05T08:00:00Z", "quit\n")
    XCTAssertFalse(later.stdout.contains("The review stopped"), later.stdout)
    XCTAssertTrue(later.stdout.contains("due"), later.stdout)
    let resumed = try run("2026-12-05T08:00:00Z", "resume\nquit\n", greet: false)
    XCTAssertTrue(resumed.stdout.contains("Resuming the review of Sampler, at question 2 of 7"), resumed.stdout)
  }
}
