import Foundation
import PracticeTestSupport
import XCTest

/// The built binary's contract: exit statuses, streams, and behaviour on pipes.
final class CommandLineTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  func run(_ arguments: [String], stdin: String = "", extra: [String: String] = [:]) throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      arguments + ["--data-dir", folder.path + "/progress"], stdin: stdin,
      environment: PracticeBinary.environment(dataDirectory: folder.path, extra: extra))
  }

  func testValidateListsEveryProblemWithItsLocation() throws {
    let result = try run(["validate", "Tests/PracticeCLITests/Fixtures/broken-course.json"])
    assertSnapshot(result.transcript, named: "validate-broken")
    XCTAssertEqual(result.status, 1)
  }

  /// The same problems in Chinese, each still behind its untranslated `FILE:LINE:COLUMN:`.
  func testValidateSpeaksTheReadersLanguage() throws {
    let result = try run(
      [
        "validate", "Tests/PracticeCLITests/Fixtures/broken-course.json", "Data/courses/physics-grade8",
        "Data/courses/bank.gift", "Tests/PracticeCLITests/Fixtures/syntax-error.json",
      ],
      extra: ["LC_MESSAGES": "zh_CN.UTF-8"])
    assertSnapshot(result.transcript, named: "validate-broken-zh")
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stdout.contains("broken-course.json:9:79: 题目“q1”：不认识单位“furlong”"), result.stdout)
    // A JSON syntax error too: the parser's words are translated, its place is not.
    XCTAssertTrue(result.stdout.contains("syntax-error.json:2:28: '}' 前面多了一个逗号\n"), result.stdout)
  }

  /// A course that does not open says why in the reader's language, at its `FILE:LINE:COLUMN:`.
  func testACourseThatDoesNotOpenSaysWhyInTheReadersLanguage() throws {
    let course = "Tests/PracticeCLITests/Fixtures/syntax-error.json"
    let chinese = try run(["--course", course], extra: ["LC_MESSAGES": "zh_CN.UTF-8"])
    XCTAssertEqual(chinese.status, 1)
    XCTAssertEqual(chinese.stderr, "\(course):2:28: '}' 前面多了一个逗号\n")
    let missing = try run(["--course", "no-such-course.json"], extra: ["LC_MESSAGES": "zh_CN.UTF-8"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.stderr.hasPrefix("no-such-course.json"), missing.stderr)
    XCTAssertTrue(missing.stderr.contains("找不到"), missing.stderr)
    let english = try run(["--course", course, "--lang", "en"], extra: ["LC_MESSAGES": "zh_CN.UTF-8"])
    XCTAssertEqual(english.stderr, "\(course):2:28: trailing comma before '}'\n")
  }

  func testValidateAcceptsEveryShippedCourse() throws {
    let courses = try FileManager.default.contentsOfDirectory(
      atPath: Repository.path("Data/courses")
    ).filter { !$0.hasSuffix(".md") }.sorted().map { "Data/courses/\($0)" }
    XCTAssertGreaterThanOrEqual(courses.count, 4)
    let result = try run(["validate"] + courses)
    XCTAssertEqual(result.status, 0, result.stdout)
    XCTAssertEqual(result.stdout.components(separatedBy: ": ok (nodes: ").count - 1, courses.count, result.stdout)
  }

  /// `"allowOverride": false` in a course, or `--no-override`, switch `!!` off: it says so, the
  /// journal gets no `override` record, and the class report counts none. `validate` accepts the
  /// field and refuses a value that is not true or false.
  func testAnExamCourseOrNoOverrideSwitchesOverrulingOff() throws {
    let course = """
      {"format": "practice-course", "version": 1, "id": "exam", "title": "Exam", "allowOverride": false,
       "nodes": [{"id": "p", "title": "Part", "questions": [
        {"id": "q1", "type": "truefalse", "prompt": "Ice melts at 0 °C.", "answer": true, "explanation": "At 1 atm."}]}]}
      """
    let path = folder.path + "/exam.json"
    try course.write(toFile: path, atomically: true, encoding: .utf8)
    let validated = try run(["validate", path])
    XCTAssertEqual(validated.status, 0, validated.transcript)
    let exam = try run(["--course", path, "--lang", "en", "-c", "start 1; f; !!"])
    XCTAssertEqual(exam.status, 0, exam.transcript)
    XCTAssertTrue(exam.stdout.contains("'!!' is switched off in this course"), exam.stdout)
    XCTAssertTrue(exam.stdout.contains("Score: 0 of 1 right (0%)"), exam.stdout)
    let open = path.replacingOccurrences(of: "exam.json", with: "open.json")
    try course.replacingOccurrences(of: #""allowOverride": false,"#, with: "")
      .replacingOccurrences(of: #""id": "exam""#, with: #""id": "open""#).write(
        toFile: open, atomically: true, encoding: .utf8)
    let run2 = try run(["--course", open, "--no-override", "--lang", "zh", "-c", "start 1; f; !!"])
    XCTAssertEqual(run2.status, 0, run2.transcript)
    XCTAssertTrue(run2.stdout.contains("本次运行关闭了 '!!'（--no-override）"), run2.stdout)
    let allowed = try run(["--course", open, "--lang", "en", "-c", "start 1; f; !!"])
    XCTAssertTrue(allowed.stdout.contains("Overruled by the learner"), allowed.stdout)
    let report = try run(["report", "--class", "--format", "csv", "--course", open])
    XCTAssertTrue(report.stdout.contains("user,learner"), report.stdout)
    for name in ["exam", "open"] {
      let journal = try String(contentsOfFile: folder.path + "/progress/learner/\(name)/journal.jsonl", encoding: .utf8)
      XCTAssertEqual(journal.components(separatedBy: #""type":"override""#).count - 1, name == "open" ? 1 : 0, journal)
    }
    try course.replacingOccurrences(of: #""allowOverride": false"#, with: #""allowOverride": "no""#).write(
      toFile: path, atomically: true, encoding: .utf8)
    let broken = try run(["validate", path])
    XCTAssertEqual(broken.status, 1, broken.transcript)
    XCTAssertTrue(broken.stdout.contains("\"allowOverride\" must be true or false, found \"no\""), broken.transcript)
  }

  func testUsageErrorsExitWithTwo() throws {
    let result = try run(["--seed", "many"])
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.stderr, "practice: --seed needs a whole number, not 'many'\ntry 'practice --help'\n")
    XCTAssertEqual(try run(["--frobnicate"]).status, 2)
    XCTAssertEqual(try run(["-f", folder.path + "/missing.txt"]).status, 2)
  }

  func testFailedCommandsExitWithOneAndNameTheirLine() throws {
    let result = try run(["-c", "ls; nope; info 9"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr,
      "-c:2: unknown command 'nope'; type 'help' for the commands\n-c:3: no node 9: the course has 2 top-level nodes (1-2)\n"
    )
  }

  func testBailStopsAtTheFirstFailure() throws {
    let result = try run(["--bail"], stdin: "ls\nnope\nexpand 1\n")
    XCTAssertEqual(result.status, 1)
    XCTAssertFalse(result.stdout.contains("1.1"), result.stdout)
  }

  func testScriptFileErrorsNameTheFile() throws {
    let script = try folder.write("lesson.txt", "ls\nexpand 7\n")
    let result = try run(["-f", script])
    XCTAssertEqual(result.stderr, "\(script):2: no node 7: the course has 2 top-level nodes (1-2)\n")
  }

  func testPipedOutputHasNoEscapeCodesOrPrompt() throws {
    let result = try run([], stdin: "ls\nstart 1.1\nA\nquit\n", extra: ["NO_COLOR": "", "TERM": "xterm-256color"])
    XCTAssertFalse(result.stdout.contains("\u{1B}"), result.stdout)
    XCTAssertFalse(result.stdout.contains("practice>"))
    XCTAssertEqual(result.status, 0)
  }

  func testASCIIGlyphsOutsideAUTF8Locale() throws {
    // An English course: nothing in the output is beyond ASCII, so under LANG=C the marks are not either.
    let course = try folder.write(
      "course.json",
      #"""
      {"format": "practice-course", "id": "marks", "title": "Marks", "language": "en", "nodes": [
        {"id": "c1", "title": "Chapter one", "children": [
          {"id": "p1", "title": "Melting", "questions": [{"id": "q1", "type": "truefalse", "prompt": "Ice is solid.", "answer": true, "explanation": "Yes."}]}
        ]},
        {"id": "c2", "title": "Chapter two", "children": [{"id": "p2", "title": "Light"}]}
      ]}
      """#)
    for (n, environment) in [["LANG": "C"], ["LANG": ""], ["LANG": "POSIX"], ["LANG": "en_US.ISO-8859-1"]].enumerated()
    {
      let user = ["--user", "u\(n)"]
      let result = try run(["--course", course, "-c", "ls; expand 1; start 1.1; t; f"] + user, extra: environment)
      // Every mark its own: `>`/`v` a collapsed/expanded node, `+`/`x` a right/wrong answer, `*` a part read.
      XCTAssertTrue(result.stdout.hasPrefix("> 1  Chapter one\n> 2  Chapter two\n"), "\(environment) \(result.stdout)")
      XCTAssertTrue(result.stdout.contains("\nv 1 "), result.stdout)
      XCTAssertTrue(result.stdout.contains("\n+ Correct."), result.stdout)
      let marks = try run(["--course", course, "-c", "start 1.1; f; expand 1"] + user, extra: environment)
      XCTAssertTrue(marks.stdout.contains("\nx Wrong."), marks.stdout)
      // A status's figures joined by ", " as the reports' are (best 100% is the first run's): " · " is not ASCII either.
      // The wrong answer's relearning step falls due within minutes: due today.
      XCTAssertTrue(marks.stdout.contains("* 0/1 mastered, best 100%, 1 to retry  1 due\n"), marks.stdout)
    }
  }

  func testUTF8MarksBesideTextThatIsUTF8Anyway() throws {
    // A Chinese course under LANG=C (or no locale) prints its Chinese as UTF-8 whatever the locale:
    // a terminal that shows it shows ✓ too, and `x 答错了` beside it would only look broken.
    let course = try folder.write(
      "course.json",
      #"""
      {"format": "practice-course", "id": "marks", "title": "Marks", "nodes": [
        {"id": "c1", "title": "第一章", "children": [
          {"id": "p1", "title": "熔化", "questions": [{"id": "q1", "type": "truefalse", "prompt": "冰是固体。", "answer": true, "explanation": "是。"}]}
        ]},
        {"id": "c2", "title": "第二章", "children": [{"id": "p2", "title": "光"}]}
      ]}
      """#)
    for (n, environment) in [["LANG": "C"], ["LANG": ""], ["LANG": "C", "LC_MESSAGES": "", "LANGUAGE": "zh_CN"]]
      .enumerated()
    {
      let result = try run(
        ["--course", course, "--user", "u\(n)", "-c", "ls; expand 1; start 1.1; t"], extra: environment)
      XCTAssertTrue(result.stdout.hasPrefix("▸ 1  第一章\n▸ 2  第二章\n"), "\(environment) \(result.stdout)")
      XCTAssertTrue(result.stdout.contains("\n▾ 1 "), result.stdout)
      XCTAssertTrue(result.stdout.contains("\n✓ "), result.stdout)
    }
    // The shipped course speaks Chinese under LANG=C: its help shows the marks it lists with.
    let help = try run(["-c", "help ls"], extra: ["LANG": "C"])
    XCTAssertTrue(help.stdout.contains("▸"), help.stdout)
    // A locale that names another character set keeps ASCII, whatever the text.
    let latin = try run(["--course", course, "--user", "latin", "-c", "ls"], extra: ["LANG": "en_US.ISO-8859-1"])
    XCTAssertTrue(latin.stdout.hasPrefix("> 1  第一章\n"), latin.stdout)
  }

  func testACoursePathThatIsAnArgumentIsNotToldToUseCourse() throws {
    // export, validate and import take the path itself; `--course PATH` would be wrong advice.
    for arguments in [["export", "--format", "gift"], ["validate"], ["import"]] {
      let result = try run(arguments + [folder.path + "/missing.json"])
      let said = result.stdout + result.stderr
      XCTAssertEqual(result.status, 1, "\(arguments)")
      XCTAssertTrue(said.contains("missing.json: no such file or folder"), "\(arguments): " + said)
      XCTAssertFalse(said.contains("--course"), "\(arguments): " + said)
    }
  }

  func testInvalidUTF8AndControlCharactersAreClearErrors() throws {
    var input = Data("ls\n".utf8)
    input.append(contentsOf: [0xFF, 0xFE, 0x0A])
    input.append(Data("\u{1B}[A\0x\n".utf8))
    let result = try PracticeBinary.run(
      ["--data-dir", folder.path + "/progress"], stdin: String(decoding: input, as: UTF8.self),
      environment: PracticeBinary.environment(dataDirectory: folder.path))
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("-:3: unknown command '\\u{1B}[A\\u{0}x'"), result.stderr)
  }

  func testAClosedPipeEndsQuietly() throws {
    // `| head -1`: the reader goes away after one line; the program must stop without a crash report.
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/bash")
    let binary = PracticeBinary.url.path
    // More output than a pipe holds, so the write after `head` has gone always fails.
    let commands = (["expand all"] + Array(repeating: "ls", count: 1_000)).joined(separator: "; ")
    shell.arguments = [
      "-c",
      "'\(binary)' --lang en --data-dir '\(folder.path)/p' -c '\(commands)' | head -1; echo \"status=${PIPESTATUS[0]}\"",
    ]
    let out = Pipe()
    let err = Pipe()
    shell.standardOutput = out
    shell.standardError = err
    try shell.run()
    shell.waitUntilExit()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    // 141, as a shell shows for `cat` ended by SIGPIPE: later commands were not run, and that is not success.
    XCTAssertEqual(text, "▾ 1      第一章 物态及其变化\nstatus=141\n")
    XCTAssertEqual(errors, "")
  }

  func testTheShippedCourseIsFoundFromTheProgramOrNamedWhenItIsNot() throws {
    let folder = TemporaryFolder()
    let environment = PracticeBinary.environment(dataDirectory: folder.path)
    // Run from elsewhere: the course is found by walking up from the program's own folder.
    let found = try PracticeBinary.run(["-c", "ls"], environment: environment, currentDirectory: folder.url)
    XCTAssertEqual(found.status, 0, found.stderr)
    XCTAssertTrue(found.stdout.contains("第一章"), found.stdout)
    // A copy installed elsewhere cannot find it, and says what to do; a course planted in the
    // current folder (where anyone may write) never stands in for the shipped one.
    let bin = folder.url.appendingPathComponent("prefix/bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let copy = bin.appendingPathComponent("practice")
    try FileManager.default.copyItem(at: PracticeBinary.url, to: copy)
    let planted = folder.url.appendingPathComponent("cwd")
    try FileManager.default.createDirectory(
      at: planted.appendingPathComponent("Data/courses"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Repository.path("Data/courses/sampler"), toPath: planted.path + "/Data/courses/physics-grade8")
    let lost = try PracticeBinary.run(
      ["-c", "ls"], environment: environment, currentDirectory: planted, executable: copy)
    XCTAssertEqual(lost.status, 1, lost.stdout)
    XCTAssertEqual(
      lost.stderr,
      "practice: no course given, and the shipped Data/courses/physics-grade8 is neither above the program nor in share/practice/courses/physics-grade8 under its prefix; give --course PATH or set PRACTICE_COURSE\n"
    )
    // Installed under a prefix: PREFIX/bin/practice finds PREFIX/share/practice/courses/physics-grade8.
    let share = folder.url.appendingPathComponent("prefix/share/practice/courses")
    try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Repository.path("Data/courses/physics-grade8"), toPath: share.path + "/physics-grade8")
    let installed = try PracticeBinary.run(
      ["-c", "ls"], environment: environment, currentDirectory: planted, executable: copy)
    XCTAssertEqual(installed.status, 0, installed.stderr)
    XCTAssertTrue(installed.stdout.contains("第一章"), installed.stdout)
    var named = environment
    named["PRACTICE_COURSE"] = Repository.path("Data/courses/sampler")
    let viaEnvironment = try PracticeBinary.run(
      ["-c", "ls"], environment: named, currentDirectory: folder.url, executable: copy)
    XCTAssertEqual(viaEnvironment.status, 0, viaEnvironment.stderr)
    XCTAssertTrue(viaEnvironment.stdout.contains("Science"), viaEnvironment.stdout)
  }

  func testVersionAndHelp() throws {
    XCTAssertEqual(try run(["--version"]).stdout, "practice 0.1.0\n")
    let help = try run(["--help"])
    XCTAssertTrue(help.stdout.hasPrefix("usage: practice"))
    XCTAssertEqual(help.status, 0)
  }
}
