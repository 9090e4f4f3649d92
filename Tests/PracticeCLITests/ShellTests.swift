import CourseOutline
import Foundation
import Localization
import PracticeCLI
import PracticeTestSupport
import PracticeTime
import ProgressStorage
import QuizEngine
import TextLayout
import XCTest

/// The interpreter driven in-process, with a recorder that can fail.
final class ShellTests: XCTestCase {
  /// Folds what it is given into a state in memory, as the store would; can fail like a full disk.
  final class Recorder: ProgressRecorder {
    var answers: [String] = []
    /// The questions whose hint was recorded as shown, in order.
    var hints: [String] = []
    var failAnswers = false
    var state = ProgressState()
    struct DiskFull: Error, CustomStringConvertible { var description: String { "disk full" } }

    func nodeOpened(key: String, at date: Date) throws { state.apply(.nodeOpened(node: key, at: date)) }
    func sessionStarted(
      id: String, nodeKey: String, questionIDs: [String], at date: Date, kind: SessionKind, seed: UInt64?
    ) throws {
      state.apply(.sessionStarted(session: id, node: nodeKey, questions: questionIDs, at: date, kind: kind, seed: seed))
    }
    func sessionResumed(id: String, at date: Date) throws { state.apply(.sessionResumed(session: id, at: date)) }
    func answered(
      sessionID: String, questionID: String, nodeKey: String, input: String, isCorrect: Bool, fraction: Double?,
      values: ShownValues?, review: ReviewMark, at date: Date
    ) throws {
      if failAnswers { throw DiskFull() }
      answers.append("\(questionID)=\(input) rated \(review.rating)")
      state.apply(
        .answered(
          session: sessionID, question: questionID, node: nodeKey, given: input, correct: isCorrect, at: date,
          review: review, values: values))
    }
    func responded(sessionID: String, questionID: String, nodeKey: String, text: String, at date: Date) throws {
      if failAnswers { throw DiskFull() }
      answers.append("\(questionID) written: \(text)")
      state.apply(.responded(session: sessionID, question: questionID, node: nodeKey, text: text, at: date))
    }
    func skipped(
      sessionID: String, questionID: String, nodeKey: String, values: ShownValues?, review: ReviewMark, at date: Date
    ) throws {
      if failAnswers { throw DiskFull() }
      answers.append("\(questionID) skipped, rated \(review.rating)")
      state.apply(
        .skipped(session: sessionID, question: questionID, node: nodeKey, at: date, review: review, values: values))
    }
    func overruled(sessionID: String, questionID: String, nodeKey: String, at date: Date) throws {
      if failAnswers { throw DiskFull() }
      answers.append("\(questionID)=!!")
      state.apply(.overruled(session: sessionID, question: questionID, node: nodeKey, at: date))
    }
    func hintShown(sessionID: String, questionID: String, nodeKey: String, at date: Date) throws {
      if failAnswers { throw DiskFull() }
      hints.append(questionID)
      state.apply(.hintShown(session: sessionID, question: questionID, node: nodeKey, at: date))
    }
    func sessionEnded(id: String, summary: SessionSummary, hinted: String?, at date: Date) throws {
      state.apply(
        .sessionEnded(
          session: id, at: date, score: Double(summary.score), endedEarly: summary.endedEarly, hinted: hinted))
    }
    var savedExpansions: [[String]] = []
    func saveExpandedNodes(_ keys: [String]) throws { savedExpansions.append(keys) }
  }

  /// A shell on a two-question course; `time` is the fixed clock's (a later run of the same learner reads later).
  func makeShell(
    _ recorder: Recorder, _ configuration: ShellConfiguration = .init(), time: TimeInterval = 0,
    output: StringOutput = StringOutput()
  ) throws -> (Shell, StringOutput) {
    let json = #"""
      {"format": "practice-course", "nodes": [{"id": "p", "title": "Part", "questions": [
        {"id": "q1", "type": "truefalse", "prompt": "Ice melts at 0 °C.", "answer": true, "explanation": "At 1 atm."},
        {"id": "q2", "type": "truefalse", "prompt": "Ice is denser than water.", "answer": false, "explanation": "It floats."}
      ]}]}
      """#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    let shell = Shell(
      course: course, output: output, configuration: configuration,
      clock: FixedClock(Date(timeIntervalSince1970: time)),
      recorder: recorder)
    return (shell, output)
  }

  /// `expand all` on an outline already all open, or `collapse all` on one all closed, changes
  /// nothing: the run ends without rewriting the saved expansion (on a million-node course, a
  /// megabyte and an fsync).
  func testExpandAllThatChangesNothingSavesNothing() throws {
    let json = #"""
      {"format": "practice-course", "nodes": [{"id": "c", "title": "Chapter", "children": [{"id": "p", "title": "Part"}]}]}
      """#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    for (commands, saved) in [
      (["collapse all"], [[String]]()), (["expand all"], [["#c"]]), (["expand all", "expand all"], [["#c"]]),
    ] {
      let recorder = Recorder()
      let shell = Shell(
        course: course, output: StringOutput(), clock: FixedClock(Date(timeIntervalSince1970: 0)), recorder: recorder)
      for command in commands { XCTAssertEqual(shell.handle(command), .ok) }
      XCTAssertNil(shell.close())
      XCTAssertEqual(recorder.savedExpansions, saved, "\(commands)")
    }
    let recorder = Recorder()
    let shell = Shell(
      course: course, outline: Outline(course: course, expanded: [0]), output: StringOutput(),
      clock: FixedClock(Date(timeIntervalSince1970: 0)), recorder: recorder)
    XCTAssertEqual(shell.handle("expand all"), .ok)
    XCTAssertNil(shell.close())
    XCTAssertEqual(recorder.savedExpansions, [])
  }

  func testAnAnswerThatCannotBeSavedIsNotAcknowledgedAndStaysOpen() throws {
    let recorder = Recorder()
    let (shell, output) = try makeShell(recorder)
    XCTAssertEqual(shell.handle("start --in-order 1"), .ok)
    recorder.failAnswers = true
    XCTAssertEqual(
      shell.handle("t"), .failed(CommandFailure("your answer was NOT saved: disk full; the question stays open")))
    XCTAssertFalse(output.text.contains("Correct"))
    XCTAssertEqual(shell.prompt, "[1/2] > ")
    recorder.failAnswers = false
    XCTAssertEqual(shell.handle("t"), .ok)
    XCTAssertTrue(output.text.contains("✓ Correct."))
    XCTAssertEqual(recorder.answers, ["q1=t rated 3"])
    XCTAssertEqual(shell.prompt, "[2/2] > ")
  }

  func testAWrongAnswerListedInTheSummaryWrapsUnderItsIndent() throws {
    let (shell, output) = try makeShell(Recorder(), ShellConfiguration(width: { 24 }))
    shell.handle("start --in-order 1")
    shell.handle("f")
    shell.handle("f")
    let listed = output.text.components(separatedBy: "Wrong answers:\n").last ?? ""
    // Too narrow for both side by side: the right answer starts its own line.
    XCTAssertTrue(listed.hasPrefix("  Ice melts at 0 °C.\n    you: false\n    right: true\n"), listed)
  }

  /// Seen in tmux at 40 columns: the session's own lines (its title, how to answer, "ended early", the
  /// score, the list of wrong answers, what to retry) were left to the terminal, which broke them
  /// anywhere, "，" and "、" starting lines and a cut prompt spilling to column 0.
  func testEveryLineOfANarrowSessionFitsTheTerminal() throws {
    for (language, width) in [(Language.english, 30), (.chinese, 30), (.chinese, 40)] {
      let json = #"""
        {"format": "practice-course", "nodes": [{"id": "p", "title": "物质的密度和它的测量方法", "questions": [
          {"id": "q1", "type": "numeric", "unit": "g/cm³", "answer": 2.7, "hint": "ρ = m/V",
           "prompt": "某种物质的 m–V 图像是一条过原点的直线，直线上一点对应的体积为 20 cm³、质量为 54 g。这种物质的密度是多少？",
           "explanation": "ρ = m/V = 54 g ÷ 20 cm³ = 2.7 g/cm³。"},
          {"id": "q2", "type": "truefalse", "prompt": "冰的密度比水大。", "answer": false, "explanation": "冰浮在水面上。"},
          {"id": "q3", "type": "single", "prompt": "哪一种做法正确？", "answer": 1, "explanation": "常温下。",
           "options": ["读数时把温度计从液体中取出，以便看清刻度", "待示数稳定后再读数，视线与液柱的上表面相平"]}
        ]}]}
        """#
      let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
      let output = StringOutput()
      let shell = Shell(
        course: course, output: output,
        configuration: ShellConfiguration(messages: Localizer(language: language), width: { width }),
        clock: FixedClock(Date(timeIntervalSince1970: 0)), recorder: Recorder())
      for line in ["start --in-order 1", "体积", "hint", "20", "skip", "quit"] { shell.handle(line) }
      for line in output.text.split(separator: "\n") {
        XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), width, "\(language) at \(width): \(line)")
      }
      XCTAssertTrue(output.text.contains("2.7"), output.text)
    }
  }

  /// The summary lists a wrong answer as `    you: …` with its wrapped lines two columns deeper; they
  /// were wrapped for the first line's indent, so at 40 columns a long answer ran two columns past the edge.
  func testALongWrongAnswerInTheSummaryFitsEveryWidth() throws {
    let json = #"""
      {"format": "practice-course", "nodes": [{"id": "p", "title": "Part", "questions": [
        {"id": "q1", "type": "fill", "prompt": "Name the change from solid to gas.", "explanation": "",
         "answers": ["sublimation of the solid straight into the gaseous state without melting first"]}
      ]}]}
      """#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    for width in 20...60 {
      let output = StringOutput()
      let shell = Shell(
        course: course, output: output, configuration: ShellConfiguration(width: { width }),
        clock: FixedClock(Date(timeIntervalSince1970: 0)), recorder: Recorder())
      for line in ["start 1", "evaporation of the liquid very slowly over a long and rather warm afternoon", "quit"] {
        shell.handle(line)
      }
      XCTAssertTrue(output.text.contains("Wrong answers:"), output.text)
      for line in output.text.split(separator: "\n") {
        XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), width, "at \(width): \(line)")
      }
    }
  }

  /// Seen in tmux at 40 columns: every line of the REPL wrapped with a hanging indent but its errors,
  /// which the terminal broke mid-word (`typ` / `e 'help'`). They are wrapped by standard error when
  /// it is a terminal; in a file (`2>errors.log`) each is one line, however wide stdout's terminal is.
  func testErrorsAtTheREPLWrapWithAHangingIndentOnlyOnATerminal() throws {
    for language in [Language.english, .chinese] {
      for stderrIsATerminal in [true, false] {
        let (shell, output) = try makeShell(
          Recorder(), ShellConfiguration(messages: Localizer(language: language), width: { 40 }))
        let file = StringOutput()
        let errors = TerminalWrappedOutput(file, width: { stderrIsATerminal ? 40 : nil })
        let commands = CommandStringReader("frobnicate the widget; start 9.9; report --format xml; start 1; !!; quit")
        _ = ShellLoop(source: "-", isInteractive: true).run(shell, reader: commands, output: output, errors: errors)
        let lines = file.text.split(separator: "\n").map(String.init)
        // Each error's first line starts the message; the lines after it are indented under it.
        XCTAssertEqual(lines.filter { !$0.hasPrefix("  ") }.count, 4, file.text)
        guard stderrIsATerminal else {
          XCTAssertEqual(lines.count, 4, file.text)
          XCTAssertTrue(lines.contains { DisplayWidth.of($0) > 40 }, file.text)
          continue
        }
        XCTAssertGreaterThan(lines.count, 4, file.text)
        for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 40, "\(language): \(line)") }
      }
    }
  }

  /// A review shuffled its options only under `--seed`: without it the right answer to a question
  /// was the same letter in every review, day after day, and learners remember letters.
  func testAReviewWithoutSeedShufflesFromAFreshSeedStoredWithIt() throws {
    let recorder = Recorder()
    let (shell, _) = try makeShell(recorder)
    XCTAssertEqual(shell.handle("review 1"), .ok)
    let session = try XCTUnwrap(recorder.state.sessions.values.first)
    XCTAssertEqual(session.kind, .review)
    XCTAssertNotNil(session.seed, "a review without --seed must draw a seed, as every other session does")
  }

  /// Seen in tmux at 40 columns: help was wrapped for 80, so the terminal broke every summary again,
  /// leaving blank lines and text at column 0.
  func testHelpFitsANarrowTerminal() throws {
    for language in [Language.english, .chinese] {
      for width in [40, 60, 80] {
        let (shell, output) = try makeShell(
          Recorder(), ShellConfiguration(messages: Localizer(language: language), width: { width }))
        for line in ["help", "help start", "help expand"] { XCTAssertEqual(shell.handle(line), .ok) }
        for line in output.text.split(separator: "\n") {
          XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), width, "\(language) at \(width): \(line)")
        }
        XCTAssertTrue(output.text.contains("start [--in-order] ADDR"), output.text)
      }
    }
  }

  /// Seen in tmux at 40 columns: `info`'s long values ran on at column 0 instead of under their column.
  func testInfoKeepsLongValuesInTheirColumnOnANarrowTerminal() throws {
    let json = #"""
      {"format": "practice-course", "nodes": [{"id": "p", "title": "Part",
        "description": "A long description of this part that a narrow terminal cannot hold on one line.",
        "questions": [{"id": "q1", "type": "truefalse", "prompt": "Ice melts.", "answer": true, "explanation": "Yes."}]}]}
      """#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    let output = StringOutput()
    let shell = Shell(
      course: course, output: output, configuration: ShellConfiguration(width: { 40 }),
      clock: FixedClock(Date(timeIntervalSince1970: 0)))
    XCTAssertEqual(shell.handle("info 1"), .ok)
    let lines = output.text.split(separator: "\n").map(String.init)
    for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 40, line) }
    let start = try XCTUnwrap(lines.firstIndex { $0.contains("A long description") })
    let column = try XCTUnwrap(lines[start].range(of: "A long")).lowerBound.utf16Offset(in: lines[start])
    XCTAssertTrue(lines[start + 1].hasPrefix(String(repeating: " ", count: column)), lines.joined(separator: "\n"))
  }

  /// A new learner typing `resume` was told "your last session was finished": there was none.
  func testResumeWithNoSessionYetSaysSo() throws {
    let (shell, _) = try makeShell(Recorder())
    XCTAssertEqual(
      shell.handle("resume"),
      .failed(CommandFailure("nothing to resume: no session was started yet; type 'start ADDR' to begin one")))
    XCTAssertEqual(
      shell.handle("resume 1"),
      .failed(CommandFailure("nothing to resume on 1: no session was started there yet; type 'start 1'")))
    shell.handle("start --in-order 1")
    shell.handle("t")
    shell.handle("f")
    XCTAssertEqual(
      shell.handle("resume 1"),
      .failed(CommandFailure("nothing to resume on 1: its last session was finished; type 'start 1'")))
  }

  func testAPastedMegabyteIsAnUnknownCommandShownShort() throws {
    let (shell, _) = try makeShell(Recorder())
    XCTAssertEqual(
      shell.handle("startt"), .failed(CommandFailure("unknown command 'startt'; did you mean 'start'?")))
    XCTAssertEqual(
      shell.handle(String(repeating: "x", count: 1_000_000)),
      .failed(CommandFailure("unknown command '\(String(repeating: "x", count: 39))…'; type 'help' for the commands")))
  }

  func testAnOverrideThatCannotBeSavedLeavesTheAnswerWrong() throws {
    let recorder = Recorder()
    let (shell, output) = try makeShell(recorder)
    shell.handle("start --in-order 1")
    shell.handle("f")
    recorder.failAnswers = true
    XCTAssertEqual(
      shell.handle("!!"),
      .failed(CommandFailure("the override was NOT saved: disk full; your answer still counts as wrong")))
    recorder.failAnswers = false
    XCTAssertEqual(shell.handle("f"), .ok)
    XCTAssertEqual(shell.handle("!!"), .ok)
    XCTAssertTrue(output.text.contains("Your answer to question 2 was already counted right."), output.text)
    XCTAssertEqual(recorder.answers, ["q1=f rated 1", "q2=f rated 3"])
    XCTAssertTrue(output.text.contains("Score: 1 of 2 right (50%)"), output.text)
  }

  func testOverrulingTheLastAnswerRescoresAndClearsItsMistake() throws {
    let recorder = Recorder()
    let (shell, output) = try makeShell(recorder)
    shell.handle("start --in-order 1")
    shell.handle("t")
    shell.handle("t")
    XCTAssertFalse(shell.isPractising)
    XCTAssertEqual(shell.handle("!!"), .ok)
    XCTAssertEqual(recorder.answers, ["q1=t rated 3", "q2=t rated 1", "q2=!!"])
    XCTAssertTrue(output.text.hasSuffix("Score now: 2 of 2 right (100%).\n"), output.text)
    XCTAssertEqual(
      shell.handle("mistakes"),
      .failed(CommandFailure("no mistakes to practise: every question answered has its latest answer right")))
    XCTAssertEqual(
      shell.handle("!!"),
      .failed(CommandFailure("nothing to overrule: '!!' right after a graded answer marks that answer right")))
  }

  /// With `!!` switched off (an exam course, or `--no-override`) it says so and records nothing:
  /// the wrong answer stays wrong, in the score and in `mistakes`.
  func testASwitchedOffOverrideSaysSoAndChangesNothing() throws {
    for (setting, reason) in [
      (OverrideSwitch.offByRun, "'!!' is switched off for this run (--no-override): the grader's verdict stands."),
      (.offByCourse, "'!!' is switched off in this course: the grader's verdict stands."),
    ] {
      let recorder = Recorder()
      let (shell, output) = try makeShell(recorder, ShellConfiguration(overrideSwitch: setting))
      shell.handle("start --in-order 1")
      shell.handle("f")
      XCTAssertEqual(shell.handle("!!"), .ok)
      XCTAssertTrue(output.text.contains(reason), output.text)
      XCTAssertEqual(shell.handle("help"), .ok)
      XCTAssertEqual(output.text.components(separatedBy: reason).count, 3, output.text)
      shell.handle("t")
      XCTAssertEqual(shell.handle("!!"), .ok)
      XCTAssertEqual(recorder.answers, ["q1=f rated 1", "q2=t rated 1"])
      XCTAssertTrue(output.text.contains("Score: 0 of 2 right (0%)"), output.text)
      XCTAssertFalse(output.text.contains("Overruled by the learner"), output.text)
      XCTAssertEqual(shell.handle("mistakes"), .ok)
    }
    XCTAssertEqual(OverrideSwitch(courseAllows: true, runAllows: true), .on)
    XCTAssertEqual(OverrideSwitch(courseAllows: false, runAllows: false), .offByCourse)
  }

  /// An answer or skip after `hint` is recorded with the hint (`"hint": true`), once however often
  /// the hint was asked for; the summary says how many hints were used, and a question with no hint
  /// uses none.
  func testHintsUsedAreRecordedAndCountedInTheSummary() throws {
    let json = #"""
      {"format": "practice-course", "nodes": [{"id": "p", "title": "Part", "questions": [
        {"id": "q1", "type": "truefalse", "prompt": "Ice melts at 0 °C.", "answer": true, "explanation": "At 1 atm.", "hint": "Think of ice water."},
        {"id": "q2", "type": "truefalse", "prompt": "Ice is denser than water.", "answer": false, "explanation": "It floats.", "hint": "Does ice float?"},
        {"id": "q3", "type": "truefalse", "prompt": "Water boils at 100 °C.", "answer": true, "explanation": "At 1 atm."}
      ]}]}
      """#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    let output = StringOutput()
    let recorder = Recorder()
    let shell = Shell(
      course: course, output: output, clock: FixedClock(Date(timeIntervalSince1970: 0)), recorder: recorder)
    shell.handle("start --in-order 1")
    shell.handle("hint")
    shell.handle("hint")
    shell.handle("t")
    shell.handle("hint")
    shell.handle("skip")
    shell.handle("hint")
    shell.handle("t")
    XCTAssertEqual(recorder.answers, ["q1=t rated 2", "q2 skipped, rated 1", "q3=t rated 3"])
    // Recorded when first shown, before it is printed; not again, nor for a question with no hint.
    XCTAssertEqual(recorder.hints, ["q1", "q2"])
    XCTAssertEqual(recorder.state.questions["q1"]?.hints, 1)
    XCTAssertEqual(recorder.state.questions["q2"]?.hints, 1)
    XCTAssertEqual(recorder.state.questions["q3"]?.hints ?? 0, 0)
    XCTAssertTrue(output.text.contains("No hint for this question."), output.text)
    XCTAssertTrue(output.text.contains("Score: 2 of 3 right (67%); 1 skipped; in 0s.\n2 hints used.\n"), output.text)
  }

  /// A hint that cannot be saved is not shown (a crash after it would lose that it was used), and
  /// the question stays open without it; once the disk takes it, it is shown.
  func testAHintThatCannotBeSavedIsNotShown() throws {
    let json = #"""
      {"format": "practice-course", "nodes": [{"id": "p", "title": "Part", "questions": [
        {"id": "q1", "type": "truefalse", "prompt": "Ice melts at 0 °C.", "answer": true, "explanation": "At 1 atm.", "hint": "Think of ice water."}
      ]}]}
      """#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    let output = StringOutput()
    let recorder = Recorder()
    let shell = Shell(
      course: course, output: output, clock: FixedClock(Date(timeIntervalSince1970: 0)), recorder: recorder)
    shell.handle("start --in-order 1")
    recorder.failAnswers = true
    XCTAssertEqual(
      shell.handle("hint"),
      .failed(CommandFailure("the hint could not be saved, so it is not shown: disk full; the question stays open")))
    XCTAssertFalse(output.text.contains("Think of ice water."), output.text)
    recorder.failAnswers = false
    XCTAssertEqual(shell.handle("t"), .ok)
    XCTAssertEqual(recorder.answers, ["q1=t rated 3"])
    XCTAssertEqual(recorder.hints, [])
  }

  func testCtrlCDuringAQuestionEndsTheSessionLikeQuit() throws {
    let (shell, output) = try makeShell(Recorder())
    shell.handle("start --in-order 1")
    shell.handle("f")
    shell.interrupt()
    XCTAssertFalse(shell.isPractising)
    XCTAssertEqual(shell.prompt, "practice> ")
    // Unfinished: no score, what was answered and what is left.
    XCTAssertTrue(
      output.text.contains("Not finished, so no score yet: 0 right of 1 answered, 1 left"), output.text)
  }

  func testMistakesRepeatUntilEveryOneIsRight() throws {
    let (shell, output) = try makeShell(Recorder())
    shell.handle("start --in-order 1")
    shell.handle("f")  // wrong
    shell.handle("f")  // right
    XCTAssertEqual(shell.handle("mistakes"), .ok)
    XCTAssertEqual(shell.prompt, "[1/1] > ")
    shell.handle("f")  // still wrong: another round starts by itself
    XCTAssertTrue(output.text.contains("1 still to retry: another round."), output.text)
    shell.handle("t")
    XCTAssertTrue(output.text.hasSuffix("Every mistake is put right.\n"), output.text)
    XCTAssertEqual(
      shell.handle("mistakes"),
      .failed(CommandFailure("no mistakes to practise: every question answered has its latest answer right")))
  }

  func testResumeGoesOnWhereTheSessionStoppedAndAsksOnATerminal() throws {
    let recorder = Recorder()
    let (script, output) = try makeShell(recorder)
    var shell = script
    shell.handle("start 1")
    let first = shell.prompt
    shell.handle("skip")
    shell.handle("quit")
    XCTAssertEqual(recorder.state.questions.values.filter(\.needsRetry).count, 1)
    XCTAssertEqual(first, "[1/2] > ")
    // A script's `start` starts afresh; `resume` goes on at question 2 of the same order.
    XCTAssertEqual(shell.handle("resume"), .ok)
    XCTAssertTrue(output.text.contains("Resuming: 1 Part, at question 2 of 2"), output.text)
    XCTAssertEqual(shell.prompt, "[2/2] > ")
    shell.handle("quit")
    // On a terminal (a later run), `start` asks first; Ctrl-C cancels, 'n' starts afresh, Enter resumes.
    shell = try makeShell(recorder, ShellConfiguration(isInteractive: true), time: 60, output: output).0
    XCTAssertEqual(shell.handle("start 1"), .ok)
    XCTAssertEqual(shell.prompt, "Resume at question 2 of 2? [Y/n] ")
    shell.interrupt()
    XCTAssertEqual(shell.prompt, "practice> ")
    shell.handle("start 1")
    XCTAssertEqual(
      shell.handle("maybe"), .failed(CommandFailure("answer y to resume where you stopped, or n to start again")))
    XCTAssertEqual(shell.handle(""), .ok)
    XCTAssertEqual(shell.prompt, "[2/2] > ")
    shell.handle("quit")
    shell.handle("start 1")
    XCTAssertEqual(shell.handle("n"), .ok)
    XCTAssertEqual(shell.prompt, "[1/2] > ")
  }

  /// An essay and two true/false questions, and a maker of shells on them that share one recorder
  /// (a later run of the program).
  private func essayShells() throws -> (Recorder, (ShellConfiguration) -> Shell) {
    let json = #"""
      {"format": "practice-course", "nodes": [{"id": "p", "title": "Part", "questions": [
        {"id": "e", "type": "essay", "prompt": "Why does ice float?", "explanation": "Density."},
        {"id": "q1", "type": "truefalse", "prompt": "Ice melts at 0 °C.", "answer": true, "explanation": "At 1 atm."},
        {"id": "q2", "type": "truefalse", "prompt": "Ice is denser than water.", "answer": false, "explanation": "."}
      ]}]}
      """#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    let recorder = Recorder()
    return (
      recorder,
      { configuration in
        Shell(
          course: course, output: StringOutput(), configuration: configuration,
          clock: FixedClock(Date(timeIntervalSince1970: 0)), recorder: recorder)
      }
    )
  }

  /// An essay written to is behind a resume as an answered question is: the question `Resume at
  /// question N` names is the one the session goes on at (it named one too early).
  func testResumeAfterAnEssayNamesTheQuestionItGoesOnAt() throws {
    let (_, shell) = try essayShells()
    let first = shell(.init())
    first.handle("start --in-order 1")
    first.handle("It is lighter.")
    first.handle("t")
    XCTAssertEqual(first.prompt, "[3/3] > ")
    first.handle("quit")
    let later = shell(ShellConfiguration(isInteractive: true))
    XCTAssertEqual(later.handle("start 1"), .ok)
    XCTAssertEqual(later.prompt, "Resume at question 3 of 3? [Y/n] ")
    later.handle("")
    XCTAssertEqual(later.prompt, "[3/3] > ")
  }

  /// A skipped essay is recorded (an empty response, not a skip: a skip would be rated Again and
  /// put among the questions to retry), so a resumed session goes on after it, and a session that
  /// set it can finish: `ls` then shows its score (it never did).
  func testASkippedEssayIsRecordedSoResumeGoesOnAfterItAndTheSessionFinishes() throws {
    let (recorder, shell) = try essayShells()
    let first = shell(.init())
    first.handle("start --in-order 1")
    first.handle("skip")
    first.handle("quit")
    XCTAssertEqual(recorder.answers, ["e written: "])
    XCTAssertNil(recorder.state.questions["e"], "an essay passed over is no question to retry")
    let later = shell(ShellConfiguration(isInteractive: true))
    XCTAssertEqual(later.handle("start 1"), .ok)
    XCTAssertEqual(later.prompt, "Resume at question 2 of 3? [Y/n] ")
    later.handle("")
    XCTAssertEqual(later.prompt, "[2/3] > ")
    later.handle("t")
    later.handle("t")
    let session = try XCTUnwrap(recorder.state.sessions.values.first)
    XCTAssertTrue(session.isFinished)
    // 1 of the 2 graded questions: the essay is in neither side.
    XCTAssertEqual(session.result, 50)
  }

  /// A review or a `mistakes` round quit early is taken up by `resume` like a session: the same
  /// questions in the same order, at the first one neither answered nor skipped; on a terminal,
  /// `start` on the node of an unfinished review asks first (issue 27).
  func testAReviewAndAMistakesRoundQuitEarlyAreResumed() throws {
    let recorder = Recorder()
    let (first, output) = try makeShell(recorder)
    var shell = first
    XCTAssertEqual(shell.handle("review 1"), .ok)
    let review = try XCTUnwrap(recorder.state.sessions.values.first { $0.kind == .review })
    let second = shell.prompt
    shell.handle("skip")
    XCTAssertEqual(second, "[1/2] > ")
    shell.handle("quit")
    XCTAssertEqual(shell.handle("resume"), .ok)
    XCTAssertTrue(output.text.contains("Resuming the review of 1 Part, at question 2 of 2"), output.text)
    XCTAssertEqual(shell.prompt, "[2/2] > ")
    shell.handle("quit")
    // Nothing new was started: the same session, its questions as they were.
    XCTAssertEqual(recorder.state.sessions.values.filter { $0.kind == .review }.map(\.id), [review.id])
    XCTAssertEqual(recorder.state.sessions[review.id]?.questionIDs, review.questionIDs)
    // On a terminal (a later run), `start` on the node offers the unfinished review.
    shell = try makeShell(recorder, ShellConfiguration(isInteractive: true), time: 60, output: output).0
    XCTAssertEqual(shell.handle("start 1"), .ok)
    XCTAssertEqual(shell.prompt, "Resume the review of 1 at question 2 of 2? [Y/n] ")
    XCTAssertEqual(shell.handle("y"), .ok)
    XCTAssertEqual(shell.prompt, "[2/2] > ")
    shell.handle("t")
    // Finished now: `resume` has nothing to take up.
    XCTAssertNotEqual(shell.handle("resume"), .ok)
    // A mistakes round (q1 was skipped in the review) quit before its end goes on the same way.
    shell = try makeShell(recorder, time: 120, output: output).0
    XCTAssertEqual(shell.handle("mistakes"), .ok)
    shell.handle("quit")
    let round = try XCTUnwrap(recorder.state.sessions.values.first { $0.kind == .mistakes })
    XCTAssertTrue(round.isEmpty)
    // Left before its first answer, and the latest: `resume` takes it up at its first question (it
    // said "your last session was finished"), as `resume ADDR` does.
    XCTAssertEqual(shell.handle("resume"), .ok)
    XCTAssertEqual(shell.prompt, "[1/2] > ")
    XCTAssertEqual(recorder.state.sessions.values.filter { $0.kind == .mistakes }.map(\.id), [round.id])
  }

  /// In Chinese the question reads `[是/否]`, and 是/否 (是的, 不, and y/n too) answer it.
  func testTheResumeQuestionTakesChineseAnswers() throws {
    let recorder = Recorder()
    let (script, _) = try makeShell(recorder, ShellConfiguration(messages: Localizer(language: .chinese)))
    script.handle("start 1")
    script.handle("skip")
    script.handle("quit")
    let (shell, _) = try makeShell(
      recorder, ShellConfiguration(messages: Localizer(language: .chinese), isInteractive: true), time: 60)
    for (answer, prompt) in [
      ("是", "[2/2] > "), ("否", "[1/2] > "), ("是的", "[2/2] > "), ("不", "[1/2] > "), ("Ｙ", "[2/2] > "),
      ("no", "[1/2] > "), ("好", "[2/2] > "),
    ] {
      XCTAssertEqual(shell.handle("start 1"), .ok)
      XCTAssertEqual(shell.prompt, "从第 2 题接着做吗（共 2 题）？[是/否] ", answer)
      XCTAssertEqual(shell.handle(answer), .ok, answer)
      XCTAssertEqual(shell.prompt, prompt, answer)
      shell.handle(prompt == "[1/2] > " ? "skip" : "quit")
      if prompt == "[1/2] > " { shell.handle("quit") }
    }
    shell.handle("start 1")
    XCTAssertEqual(
      shell.handle("也许"), .failed(CommandFailure("输入“是”从上次停下的地方接着做，输入“否”从头开始")))
  }

  func testCompletionOffersCommandsAddressesAndTitles() throws {
    let (shell, _) = try makeShell(Recorder())
    XCTAssertEqual(shell.completions(for: "ex"), ["expand"])
    // A title's start completes to the node's address, what the command takes.
    XCTAssertEqual(shell.completions(for: "info "), ["1"])
    XCTAssertEqual(shell.completions(for: "info P"), ["1"])
    XCTAssertEqual(shell.completions(for: "start 1"), ["1"])
    XCTAssertEqual(shell.completions(for: "start #"), ["#p"])
    XCTAssertEqual(shell.completions(for: "collapse -r P"), ["1"])
    XCTAssertEqual(shell.completions(for: "review P"), ["1"])
    XCTAssertEqual(shell.completions(for: "due 1"), ["1"])
    XCTAssertEqual(shell.completions(for: "find P"), [])
  }

  func testATitleCompletesToItsAddressOrWordByWordPastASpace() throws {
    let course = try CourseLoader().load(
      path: Repository.path("Data/courses/seed-000-chapters.json"))
    let shell = Shell(course: course, output: StringOutput())
    XCTAssertEqual(shell.completions(for: "start 第一"), ["1"])
    XCTAssertEqual(shell.completions(for: "start 第一章 物"), ["物态极其变化"])
    // A collapsed parent's children, with or without the dot typed.
    XCTAssertEqual(shell.completions(for: "start 1"), ["1", "1.1", "1.2", "1.3", "1.4"])
    XCTAssertEqual(shell.completions(for: "start 1."), ["1.1", "1.2", "1.3", "1.4"])
    XCTAssertEqual(shell.completions(for: "start 1.3"), ["1.3"])
    // Spaces typed twice are not part of the argument: Tab listed nothing after 'start  1'.
    XCTAssertEqual(shell.completions(for: "start  1."), ["1.1", "1.2", "1.3", "1.4"])
    XCTAssertEqual(shell.completions(for: "start  第一章 物"), ["物态极其变化"])
    XCTAssertEqual(shell.completions(for: "collapse -r  1."), ["1.1", "1.2", "1.3", "1.4"])
  }

  func testInvocationParsing() throws {
    let invocation = try Invocation.parse(["--course=c.json", "-c", "ls; quit", "--seed", "9", "--echo"])
    XCTAssertEqual(invocation.coursePath, "c.json")
    XCTAssertEqual(invocation.commands, "ls; quit")
    XCTAssertEqual(invocation.seed, 9)
    XCTAssertTrue(invocation.echo)
    XCTAssertEqual(try Invocation.parse(["report", "1.2", "--format", "csv"]).mode, .report(address: "1.2"))
    XCTAssertThrowsError(try Invocation.parse(["-c", "ls", "-f", "x"])) {
      XCTAssertEqual("\($0)", "practice: give -c or -f, not both")
    }
    XCTAssertThrowsError(try Invocation.parse(["--now", "tomorrow"])) {
      XCTAssertEqual(
        "\($0)",
        "practice: --now needs a real time from 1970 to 9999 like 2026-12-01T08:00:00Z (RFC 3339), not 'tomorrow'")
    }
  }
}
