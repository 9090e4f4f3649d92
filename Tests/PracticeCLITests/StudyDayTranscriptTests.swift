import Foundation
import PracticeTestSupport
import XCTest

/// A learner's first two study days, in Chinese and in English, as golden transcripts: the
/// greeting with its next step (`--greet` shows what a terminal shows), an unfinished session, a
/// review with its announced block of new questions, quit, and `resume` taking the review up.
final class StudyDayTranscriptTests: XCTestCase {
  func testTwoStudyDaysInBothLanguages() throws {
    for language in ["zh", "en"] {
      let folder = TemporaryFolder()
      let common = ["--lang", language, "--seed", "7", "--greet", "--echo"]
      let days: [(now: String, script: String)] = [
        // Day 1: a new learner is told where to begin, starts 1.1, answers two, skips one, quits.
        ("2026-12-01T08:00:00Z", "start --in-order 1.1\n物态变化\na\nskip\nquit\n"),
        // Day 2: three questions due and the unfinished session; the limits; a review of the three,
        // then the block of new questions from 1.1 (the part started), quit at its first.
        ("2026-12-02T09:00:00Z", "set\ndue\nreview\nskip\nskip\nskip\nquit\n"),
        // Later that day: the review is what `resume` takes up, at the same question.
        ("2026-12-02T10:00:00Z", "resume\nquit\n"),
      ]
      var transcript = ""
      for day in days {
        let arguments = common + ["--now", day.now]
        let result = try PracticeBinary.run(
          arguments + ["--data-dir", folder.path + "/progress", "--user", "learner"], stdin: day.script,
          environment: PracticeBinary.environment(dataDirectory: folder.path), mergingErrors: true)
        transcript += "$ practice \(arguments.joined(separator: " "))\n" + result.transcript + "\n"
      }
      // What the issue asked for, said in so many words, before the whole transcript is compared.
      let next = language == "zh" ? "从 1.1 开始 → 输入 开始 1.1" : "Start with 1.1 → type 'start 1.1'"
      XCTAssertTrue(transcript.contains(next), transcript)
      let resumeStep =
        language == "zh" ? "1.1 上次做到第 4 题（共 20 题）→ 输入 继续" : "1.1 stopped at question 4 of 20 → type 'resume'"
      XCTAssertTrue(transcript.contains(resumeStep), transcript)
      let block = language == "zh" ? "接下来是 17 道新题，来自 1.1。" : "Next come 17 new questions, from 1.1."
      XCTAssertEqual(transcript.components(separatedBy: block).count - 1, 2, transcript)
      assertSnapshot(transcript, named: "study-days-\(language)")
    }
  }
}
